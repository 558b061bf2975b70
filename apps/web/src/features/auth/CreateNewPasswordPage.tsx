import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from '../../app/routing';
import { toast } from '../../lib/toast';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/form';
import { confirmationField, confirmed, mismatch, newPasswordField } from '../../lib/form-schemas';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { resetPassword } from './auth.api';
import { AuthHeading, AuthLayout, linkClass } from './AuthLayout';

const schema = z
  .object({ password: newPasswordField, password_confirmation: confirmationField })
  .refine(confirmed, mismatch);

/** Landing page of the reset mail: /create-new-password?token=…&email=… */
export function CreateNewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const email = search.get('email') ?? '';
  const [invalidLink, setInvalidLink] = useState(!token || !email);
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { password: '', password_confirmation: '' },
    mutationFn: async (values) => {
      try {
        await resetPassword({ token, email, ...values });
        return 'reset' as const;
      } catch (caught) {
        // A used or old link: the page says so and offers a new one instead of a banner.
        if (isApiError(caught, 'auth.invalid_reset_token')) return 'invalid_link' as const;
        throw caught;
      }
    },
    onSuccess: (result) => {
      if (result === 'invalid_link') return setInvalidLink(true);
      toast.success(t('auth.reset.done'));
      void navigate('/sign-in', { replace: true });
    },
  });

  if (invalidLink) {
    return (
      <AuthLayout>
        <AuthHeading title={t('auth.reset.invalid_title')} subtitle={t('auth.reset.invalid_description')} />
        <Link to="/forgotten-password" className={linkClass}>
          {t('auth.reset.request_new')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { email })} />
        {error && <Notice tone="error">{error}</Notice>}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t('fields.new_password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...field('password')}
          hint={t('validation.password_hint')}
        />
        <TextField
          label={t('fields.new_password_confirmation')}
          type="password"
          autoComplete="new-password"
          {...field('password_confirmation')}
        />
        <Button type="submit" block loading={pending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

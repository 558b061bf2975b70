import { z } from 'zod';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from '../../app/routing';
import { useApiForm } from '../../lib/form';
import { emailField } from '../../lib/form-schemas';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { HumanCheckNotice } from '../human-check/HumanCheckNotice';
import { useHumanCheck } from '../human-check/useHumanCheck';
import { recoverPassword } from './auth.api';
import { AuthHeading, AuthLayout, linkClass } from './AuthLayout';

const schema = z.object({ email: emailField });

export function ForgottenPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const humanCheck = useHumanCheck('password_reset');
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { email: search.get('email') ?? '' },
    mutationFn: async ({ email }) => recoverPassword(email, await humanCheck()),
    onSuccess: (_result, { email }) => void navigate(`/successfully-send?email=${encodeURIComponent(email)}`),
  });

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <AuthHeading title={t('auth.forgotten.title')} subtitle={t('auth.forgotten.subtitle')} />
        {error && <Notice tone="error">{error}</Notice>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...field('email')}
        />
        <Button type="submit" block loading={pending}>
          {t('auth.forgotten.submit')}
        </Button>
        <HumanCheckNotice />
        <p className="text-center text-sm">
          <Link to="/sign-in" className={linkClass}>
            {t('auth.back_to_sign_in')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from '../../app/routing';
import { toast } from '../../lib/toast';
import { isApiError } from '../../lib/api';
import {
  errorMessage,
  focusFirstInvalid,
  hasErrors,
  rules,
  serverFieldErrors,
  type FieldErrors,
} from '../../lib/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { resetPassword } from './auth.api';
import { AuthHeading, AuthLayout, linkClass } from './AuthLayout';

/** Landing page of the reset mail: /create-new-password?token=…&email=… */
export function CreateNewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const email = search.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(!token || !email);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: rules.password(t, password),
      password_confirmation: rules.confirmation(t, confirmation, password),
    };
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    setLoading(true);
    try {
      await resetPassword({ token, email, password, password_confirmation: confirmation });
      toast.success(t('auth.reset.done'));
      void navigate('/sign-in', { replace: true });
    } catch (caught) {
      setLoading(false);
      if (isApiError(caught, 'auth.invalid_reset_token')) setInvalidLink(true);
      else if (isApiError(caught) && Object.keys(caught.errors).length) setErrors(serverFieldErrors(caught));
      else setError(errorMessage(t, caught));
    }
  };

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
      <form onSubmit={submit} noValidate className="space-y-5">
        <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { email })} />
        {error && <Notice tone="error">{error}</Notice>}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t('fields.new_password')}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          error={errors.password}
          hint={t('validation.password_hint')}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t('fields.new_password_confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          error={errors.password_confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <Button type="submit" block loading={loading}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

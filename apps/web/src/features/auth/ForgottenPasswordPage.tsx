import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from '../../app/routing';
import { errorMessage, rules } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { HumanCheckNotice } from '../human-check/HumanCheckNotice';
import { useHumanCheck } from '../human-check/useHumanCheck';
import { recoverPassword } from './auth.api';
import { AuthHeading, AuthLayout, linkClass } from './AuthLayout';

export function ForgottenPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const humanCheck = useHumanCheck('password_reset');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.email(t, email);
    setFieldError(invalid);
    setError(null);
    if (invalid) return;
    setLoading(true);
    try {
      await recoverPassword(email.trim(), await humanCheck());
      void navigate(`/successfully-send?email=${encodeURIComponent(email.trim())}`);
    } catch (caught) {
      setError(errorMessage(t, caught));
      setLoading(false);
    }
  };

  return (
    <AuthLayout>
      <form onSubmit={submit} noValidate className="space-y-5">
        <AuthHeading title={t('auth.forgotten.title')} subtitle={t('auth.forgotten.subtitle')} />
        {error && <Notice tone="error">{error}</Notice>}
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          error={fieldError}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" block loading={loading}>
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

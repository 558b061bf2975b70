import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from '../../../app/routing';
import { useConfig } from '../../../lib/config';
import { errorMessage, rules } from '../../../lib/forms';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { checkAccount } from '../auth.api';
import { AuthHeading, linkClass } from '../AuthLayout';
import { PasskeySignIn } from './PasskeySignIn';

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The server answers alike for every email (no account enumeration): the password step follows. */
  onContinue: () => void;
}

export function EmailStep({ email, onEmailChange, onContinue }: EmailStepProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [search] = useSearchParams();
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const signUpLink = `/sign-up${search.size ? `?${search.toString()}` : ''}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.email(t, email);
    setFieldError(invalid);
    setError(null);
    if (invalid) return;
    setLoading(true);
    try {
      await checkAccount(email.trim());
      onContinue();
    } catch (caught) {
      setError(errorMessage(t, caught));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <AuthHeading title={t('auth.sign_in.title')} subtitle={t('auth.sign_in.subtitle', { app: config.appName })} />
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username webauthn"
        inputMode="email"
        autoFocus
        value={email}
        error={fieldError}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <Button type="submit" block loading={loading} icon={<ArrowRight className="size-4" aria-hidden />}>
        {t('auth.sign_in.continue')}
      </Button>
      <PasskeySignIn />
      {config.userRegistration && (
        <p className="text-center text-sm text-neutral-600 dark:text-neutral-400">
          <Trans
            i18nKey="auth.sign_in.no_account"
            components={{ anchor: <Link to={signUpLink} className={linkClass} /> }}
          />
        </p>
      )}
    </form>
  );
}

import type { CheckAccountResponse } from '@filestore/contract';
import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from '../../../app/routing';
import { isApiError } from '../../../lib/api';
import { useConfig } from '../../../lib/config';
import { errorMessage, rules } from '../../../lib/forms';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { checkAccount } from '../auth.api';
import { AuthHeading, linkClass } from '../AuthLayout';

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  onFound: (account: CheckAccountResponse) => void;
}

export function EmailStep({ email, onEmailChange, onFound }: EmailStepProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [search] = useSearchParams();
  const [fieldError, setFieldError] = useState<string>();
  const [notFound, setNotFound] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const signUpLink = `/sign-up${search.size ? `?${search.toString()}` : ''}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.email(t, email);
    setFieldError(invalid);
    setNotFound(false);
    setError(null);
    if (invalid) return;
    setLoading(true);
    try {
      onFound(await checkAccount(email.trim()));
    } catch (caught) {
      if (isApiError(caught, 'auth.user_not_found')) setNotFound(true);
      else setError(errorMessage(t, caught));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <AuthHeading title={t('auth.sign_in.title')} subtitle={t('auth.sign_in.subtitle', { app: config.appName })} />
      {notFound && (
        <Notice tone="error">
          <p>{t('auth.sign_in.not_found')}</p>
          {config.userRegistration && (
            <Link to={signUpLink} className={linkClass}>
              {t('auth.sign_in.create_account_instead')}
            </Link>
          )}
        </Notice>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        value={email}
        error={fieldError}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <Button type="submit" block loading={loading} icon={<ArrowRight className="size-4" aria-hidden />}>
        {t('auth.sign_in.continue')}
      </Button>
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

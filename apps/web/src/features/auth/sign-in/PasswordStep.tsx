import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../app/routing';
import { configQueryKey } from '../../../lib/config';
import { rules } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { HumanCheckNotice } from '../../human-check/HumanCheckNotice';
import { useHumanCheck } from '../../human-check/useHumanCheck';
import { login } from '../auth.api';
import { linkClass } from '../AuthLayout';

interface PasswordStepProps {
  email: string;
  error: string | null;
  onBack: () => void;
  onFailure: (error: unknown) => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: () => void;
}

export function PasswordStep({ email, error, onBack, onFailure, onTwoFactor }: PasswordStepProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setAuthenticated = useSession((s) => s.setAuthenticated);
  const humanCheck = useHumanCheck('login');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = rules.required(t, password);
    setFieldError(invalid);
    if (invalid) return;
    setLoading(true);
    try {
      const answer = await login({ email: email.trim(), password, reCaptcha: await humanCheck() });
      if ('two_factor' in answer) return onTwoFactor();
      client.removeQueries({ queryKey: ['user'] });
      void client.invalidateQueries({ queryKey: configQueryKey });
      // The guest guard now sends the visitor to the redirect target (or their files).
      setAuthenticated(true);
    } catch (caught) {
      setLoading(false);
      onFailure(caught);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <button
        type="button"
        onClick={onBack}
        className="-ml-2 inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('auth.sign_in.use_another_account')}
      </button>
      {/* No name or avatar: the first step answers alike for every email, so none is known yet. */}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
          {t('auth.sign_in.password_title')}
        </h1>
        <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">{email}</p>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        error={fieldError}
        onChange={(e) => setPassword(e.target.value)}
        action={
          <Link to={`/forgotten-password?email=${encodeURIComponent(email)}`} className={`text-sm ${linkClass}`}>
            {t('auth.sign_in.forgotten')}
          </Link>
        }
      />
      <Button type="submit" block loading={loading}>
        {t('auth.sign_in.submit')}
      </Button>
      <HumanCheckNotice />
    </form>
  );
}

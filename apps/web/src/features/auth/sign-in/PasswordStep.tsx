import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../app/routing';
import { configQueryKey } from '../../../lib/config';
import { isApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { requiredText } from '../../../lib/form-schemas';
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
  /** Why the visitor is here again (the two-factor step ran out of time), until a sign-in fails anew. */
  notice: string | null;
  onBack: () => void;
  /** The password was right but the email is not verified yet. */
  onNotVerified: () => void;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: () => void;
}

const schema = z.object({ password: requiredText });

export function PasswordStep({ email, notice, onBack, onNotVerified, onTwoFactor }: PasswordStepProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setAuthenticated = useSession((s) => s.setAuthenticated);
  const humanCheck = useHumanCheck('login');
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { password: '' },
    mutationFn: async ({ password }) => {
      try {
        return await login({ email: email.trim(), password, reCaptcha: await humanCheck() });
      } catch (caught) {
        if (isApiError(caught, 'auth.email_not_verified')) return 'not_verified' as const;
        throw caught;
      }
    },
    onSuccess: (answer) => {
      if (answer === 'not_verified') return onNotVerified();
      if ('two_factor' in answer) return onTwoFactor();
      client.removeQueries({ queryKey: ['user'] });
      void client.invalidateQueries({ queryKey: configQueryKey });
      // The guest guard now sends the visitor to the redirect target (or their files).
      setAuthenticated(true);
    },
  });
  const banner = error ?? notice;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
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
      {banner && <Notice tone="error">{banner}</Notice>}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        {...field('password')}
        action={
          <Link to={`/forgotten-password?email=${encodeURIComponent(email)}`} className={`text-sm ${linkClass}`}>
            {t('auth.sign_in.forgotten')}
          </Link>
        }
      />
      <Button type="submit" block loading={pending}>
        {t('auth.sign_in.submit')}
      </Button>
      <HumanCheckNotice />
    </form>
  );
}

import { ArrowRight } from 'lucide-react';
import { z } from 'zod';
import { Trans, useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from '../../../app/routing';
import { useConfig } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { emailField } from '../../../lib/form-schemas';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { checkAccount } from '../auth.api';
import { AuthHeading, linkClass } from '../AuthLayout';
import { PasskeySignIn } from './PasskeySignIn';

interface EmailStepProps {
  /** The email to start with (typed before, or an invitation's). */
  email: string;
  /** The server answers alike for every email (no account enumeration): the password step follows. */
  onContinue: (email: string) => void;
}

const schema = z.object({ email: emailField });

export function EmailStep({ email, onContinue }: EmailStepProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [search] = useSearchParams();
  const signUpLink = `/sign-up${search.size ? `?${search.toString()}` : ''}`;
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { email },
    mutationFn: ({ email }) => checkAccount(email),
    onSuccess: (_result, values) => onContinue(values.email),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <AuthHeading title={t('auth.sign_in.title')} subtitle={t('auth.sign_in.subtitle', { app: config.appName })} />
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="username webauthn"
        inputMode="email"
        autoFocus
        {...field('email')}
      />
      <Button type="submit" block loading={pending} icon={<ArrowRight className="size-4" aria-hidden />}>
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

import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Trans, useTranslation } from '../../lib/i18n';
import { Link, useSearchParams } from '../../app/routing';
import { isApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { useApiForm } from '../../lib/form';
import { confirmationField, confirmed, emailField, mismatch, newPasswordField } from '../../lib/form-schemas';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { HumanCheckNotice } from '../human-check/HumanCheckNotice';
import { useHumanCheck } from '../human-check/useHumanCheck';
import { register } from './auth.api';
import { AuthHeading, AuthLayout, linkClass, subtleLinkClass } from './AuthLayout';
import { SocialButtons } from './SocialButtons';

const schema = z
  .object({
    name: z.string().trim().min(1).max(255),
    email: emailField,
    password: newPasswordField,
    password_confirmation: confirmationField,
  })
  .refine(confirmed, mismatch);

export function SignUpPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const setAuthenticated = useSession((s) => s.setAuthenticated);
  const humanCheck = useHumanCheck('register');
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const signInLink = `/sign-in${search.size ? `?${search.toString()}` : ''}`;
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    // An invitation's page sends the invited email along (`?email=`).
    defaultValues: { name: '', email: search.get('email') ?? '', password: '', password_confirmation: '' },
    mutationFn: async (values) => register({ ...values, reCaptcha: await humanCheck() }),
    onSuccess: (result, values) => {
      if (result.verificationRequired) return setVerifyEmail(values.email);
      client.removeQueries({ queryKey: ['user'] });
      setAuthenticated(true);
    },
    fieldForError: (caught) =>
      isApiError(caught, 'auth.email_taken') ? { field: 'email', message: t('errors.auth.email_taken') } : undefined,
  });

  if (!config.userRegistration) {
    return (
      <AuthLayout>
        <AuthHeading title={t('auth.sign_up.disabled_title')} subtitle={t('auth.sign_up.disabled_description')} />
        <Link to={signInLink} className={linkClass}>
          {t('auth.sign_up.back_to_sign_in')}
        </Link>
      </AuthLayout>
    );
  }

  if (verifyEmail) {
    return (
      <AuthLayout>
        <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
          <MailCheck className="size-7" aria-hidden />
        </div>
        <AuthHeading
          title={t('auth.sign_up.verify_title')}
          subtitle={t('auth.sign_up.verify_description', { email: verifyEmail })}
        />
        <Link to={signInLink} className={linkClass}>
          {t('auth.sign_up.back_to_sign_in')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <AuthHeading title={t('auth.sign_up.title')} subtitle={t('auth.sign_up.subtitle', { app: config.appName })} />
        {error && <Notice tone="error">{error}</Notice>}
        <TextField label={t('fields.name')} autoComplete="name" autoFocus {...field('name')} />
        <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          {...field('password')}
          hint={t('validation.password_hint')}
        />
        <TextField
          label={t('fields.password_confirmation')}
          type="password"
          autoComplete="new-password"
          {...field('password_confirmation')}
        />
        <Button type="submit" block loading={pending}>
          {t('auth.sign_up.submit')}
        </Button>
        <p className="text-center text-xs leading-5 text-neutral-500 dark:text-neutral-400">
          <Trans
            i18nKey="auth.sign_up.agreement"
            components={{
              terms: <Link to="/page/terms-of-service" className={subtleLinkClass} />,
              privacy: <Link to="/page/privacy-policy" className={subtleLinkClass} />,
            }}
          />
        </p>
        <HumanCheckNotice />
        <p className="text-center text-sm text-neutral-600 dark:text-neutral-400">
          <Trans
            i18nKey="auth.sign_up.have_account"
            components={{ anchor: <Link to={signInLink} className={linkClass} /> }}
          />
        </p>
      </form>
      <SocialButtons />
    </AuthLayout>
  );
}

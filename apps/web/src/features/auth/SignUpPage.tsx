import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Trans, useTranslation } from '../../lib/i18n';
import { Link, useSearchParams } from '../../app/routing';
import { isApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import {
  errorMessage,
  focusFirstInvalid,
  hasErrors,
  rules,
  serverFieldErrors,
  type FieldErrors,
} from '../../lib/forms';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { HumanCheckNotice } from '../human-check/HumanCheckNotice';
import { useHumanCheck } from '../human-check/useHumanCheck';
import { register } from './auth.api';
import { AuthHeading, AuthLayout, linkClass, subtleLinkClass } from './AuthLayout';
import { SocialButtons } from './SocialButtons';

const empty = { name: '', email: '', password: '', password_confirmation: '' };

export function SignUpPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const setAuthenticated = useSession((s) => s.setAuthenticated);
  const humanCheck = useHumanCheck('register');
  // An invitation's page sends the invited email along (`?email=`).
  const [values, setValues] = useState(() => ({ ...empty, email: search.get('email') ?? '' }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const signInLink = `/sign-in${search.size ? `?${search.toString()}` : ''}`;

  const set = (name: keyof typeof empty) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {
      name: rules.required(t, values.name),
      email: rules.email(t, values.email),
      password: rules.password(t, values.password),
      password_confirmation: rules.confirmation(t, values.password_confirmation, values.password),
    };
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    setLoading(true);
    try {
      const result = await register({ ...values, email: values.email.trim(), reCaptcha: await humanCheck() });
      if (result.verificationRequired) {
        setVerifyEmail(values.email.trim());
        setLoading(false);
        return;
      }
      client.removeQueries({ queryKey: ['user'] });
      setAuthenticated(true);
    } catch (caught) {
      setLoading(false);
      if (isApiError(caught, 'auth.email_taken')) setErrors({ email: t('errors.auth.email_taken') });
      else if (isApiError(caught) && Object.keys(caught.errors).length) setErrors(serverFieldErrors(caught));
      else setError(errorMessage(t, caught));
    }
  };

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
      <form onSubmit={submit} noValidate className="space-y-5">
        <AuthHeading title={t('auth.sign_up.title')} subtitle={t('auth.sign_up.subtitle', { app: config.appName })} />
        {error && <Notice tone="error">{error}</Notice>}
        <TextField
          label={t('fields.name')}
          name="name"
          autoComplete="name"
          autoFocus
          value={values.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={t('validation.password_hint')}
          onChange={set('password')}
        />
        <TextField
          label={t('fields.password_confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          error={errors.password_confirmation}
          onChange={set('password_confirmation')}
        />
        <Button type="submit" block loading={loading}>
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

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
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
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { sessionsQueryKey } from './security.api';
import { PasskeysCard } from './PasskeysCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { changePassword, userQueryKey, useUser } from './user.api';

const empty = { current: '', password: '', password_confirmation: '' };
type Values = typeof empty;

/**
 * /user/settings/password: the account's security. Change the password (an account that has one),
 * two-factor sign-in (it asks for the password, so only then too), and where the user is signed in.
 */
export function PasswordSettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return <PageSpinner label={t('common.loading')} />;
  return (
    <div className="space-y-6">
      {user.attributes.socialite_account ? (
        // Made by a sign-in provider: no password yet, so none to ask for (ADR 0035).
        <ChangePasswordForm email={user.attributes.email} firstPassword />
      ) : (
        <>
          <ChangePasswordForm email={user.attributes.email} />
          <TwoFactorCard user={user} />
          <PasskeysCard />
        </>
      )}
      <SessionsCard />
    </div>
  );
}

function ChangePasswordForm({ email, firstPassword = false }: { email: string; firstPassword?: boolean }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const client = useQueryClient();

  const set = (name: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const validate = (): FieldErrors => ({
    current: firstPassword ? undefined : rules.required(t, values.current),
    password:
      rules.password(t, values.password) ??
      (values.password === values.current ? t('user.password.same_as_current') : undefined),
    password_confirmation: rules.confirmation(t, values.password_confirmation, values.password),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validate();
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(form);
    setLoading(true);
    try {
      const { current, ...rest } = values;
      await changePassword(firstPassword ? rest : { current, ...rest });
      setValues(empty);
      toast.success(t(firstPassword ? 'user.password.set_done' : 'user.password.changed'));
      // The other sessions ended with the change; a first password turns this into a change form.
      void client.invalidateQueries({ queryKey: sessionsQueryKey });
      if (firstPassword) void client.invalidateQueries({ queryKey: userQueryKey });
    } catch (caught) {
      if (isApiError(caught, 'auth.invalid_credentials')) {
        setErrors({ current: t('user.password.current_incorrect') });
        focusFirstInvalid(form);
      } else if (isApiError(caught, 'validation.failed') && Object.keys(caught.errors).length) {
        setErrors(serverFieldErrors(caught));
        focusFirstInvalid(form);
      } else {
        setError(errorMessage(t, caught));
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t(firstPassword ? 'user.password.set_title' : 'user.password.title')}
        description={t(firstPassword ? 'user.password.set_description' : 'user.password.description')}
        footer={
          <>
            {!firstPassword && (
              <p className="mr-auto max-w-sm text-sm leading-5 text-neutral-500 dark:text-neutral-400">
                {t('user.password.forgotten')}
              </p>
            )}
            <Button type="submit" loading={loading}>
              {t(firstPassword ? 'user.password.set_submit' : 'user.password.submit')}
            </Button>
          </>
        }
      >
        <div className="space-y-5">
          {error && <Notice tone="error">{error}</Notice>}
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <div className="grid gap-5 sm:grid-cols-2">
            {!firstPassword && (
              <div className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]">
                <TextField
                  label={t('user.password.current')}
                  type="password"
                  name="current"
                  autoComplete="current-password"
                  value={values.current}
                  error={errors.current}
                  onChange={set('current')}
                />
              </div>
            )}
            <TextField
              label={t('fields.new_password')}
              type="password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              error={errors.password}
              hint={t('validation.password_hint')}
              onChange={set('password')}
            />
            <TextField
              label={t('fields.new_password_confirmation')}
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              value={values.password_confirmation}
              error={errors.password_confirmation}
              onChange={set('password_confirmation')}
            />
          </div>
        </div>
      </Card>
    </form>
  );
}

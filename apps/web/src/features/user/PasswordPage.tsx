import { PASSWORD_MIN } from '@filestore/contract';
import { useMemo } from 'react';
import { z } from 'zod';
import { confirmationField } from '../../lib/form-schemas';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/form';
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

export function ChangePasswordForm({ email, firstPassword = false }: { email: string; firstPassword?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const schema = useMemo(
    () =>
      z
        .object({
          current: firstPassword ? z.string() : z.string().min(1),
          password: z.string().min(PASSWORD_MIN, { message: 'validation.password_min' }),
          password_confirmation: confirmationField,
        })
        .refine((v) => v.password_confirmation === v.password, {
          path: ['password_confirmation'],
          message: 'validation.password_mismatch',
        })
        .refine((v) => firstPassword || v.password !== v.current, {
          path: ['password'],
          message: 'user.password.same_as_current',
        }),
    [firstPassword],
  );
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { current: '', password: '', password_confirmation: '' },
    mutationFn: ({ current, ...rest }) => changePassword(firstPassword ? rest : { current, ...rest }),
    onSuccess: (_result, _values, form) => {
      form.reset();
      toast.success(t(firstPassword ? 'user.password.set_done' : 'user.password.changed'));
      // The other sessions ended with the change; a first password turns this into a change form.
      void client.invalidateQueries({ queryKey: sessionsQueryKey });
      if (firstPassword) void client.invalidateQueries({ queryKey: userQueryKey });
    },
    fieldForError: (caught) =>
      isApiError(caught, 'auth.invalid_credentials')
        ? { field: 'current', message: t('user.password.current_incorrect') }
        : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
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
            <Button type="submit" loading={pending}>
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
                  autoComplete="current-password"
                  {...field('current')}
                />
              </div>
            )}
            <TextField
              label={t('fields.new_password')}
              type="password"
              autoComplete="new-password"
              {...field('password')}
              hint={t('validation.password_hint')}
            />
            <TextField
              label={t('fields.new_password_confirmation')}
              type="password"
              autoComplete="new-password"
              {...field('password_confirmation')}
            />
          </div>
        </div>
      </Card>
    </form>
  );
}

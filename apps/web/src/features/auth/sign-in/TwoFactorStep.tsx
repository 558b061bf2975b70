import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { configQueryKey } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { twoFactorChallenge } from '../auth.api';
import { PasskeySecondFactor } from './PasskeySecondFactor';

interface TwoFactorStepProps {
  email: string;
  onBack: () => void;
  /** The pending sign-in is gone (five minutes passed): the password again. */
  onExpired: () => void;
}

/** A code from the app (six digits, spaces allowed) or a recovery code (16 letters and digits, dashes allowed). */
const appCode = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { message: 'validation.two_factor_code' })),
});
const recoveryCode = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{16}$/, { message: 'validation.recovery_code' })),
});

/** After the right password of an account with two-factor on: a code from the app, or a recovery code. */
export function TwoFactorStep({ email, onBack, onExpired }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setAuthenticated = useSession((s) => s.setAuthenticated);
  const [recovery, setRecovery] = useState(false);
  const schema = useMemo(() => (recovery ? recoveryCode : appCode), [recovery]);
  const { form, onSubmit, field, error, setError, pending } = useApiForm({
    schema,
    defaultValues: { code: '' },
    mutationFn: async ({ code }) => {
      try {
        await twoFactorChallenge(recovery ? { recovery_code: code } : { code });
        return 'signed_in' as const;
      } catch (caught) {
        // The pending sign-in is gone: back to the password, which says why.
        if (isApiError(caught, 'auth.two_factor_challenge_expired')) return 'expired' as const;
        throw caught;
      }
    },
    onSuccess: (result) => {
      if (result === 'expired') return onExpired();
      client.removeQueries({ queryKey: ['user'] });
      void client.invalidateQueries({ queryKey: configQueryKey });
      setAuthenticated(true);
    },
    // A code is checked when sent; its message goes as soon as a new one is typed (below).
    formOptions: { reValidateMode: 'onSubmit' },
    fieldForError: (caught) => {
      if (!isApiError(caught, 'auth.two_factor_invalid_code')) return undefined;
      // A wrong code is typed anew: the field empties and keeps the focus.
      form.setValue('code', '');
      return {
        field: 'code',
        message: recovery ? t('auth.two_factor.invalid_recovery') : t('auth.two_factor.invalid_code'),
      };
    },
  });
  const code = field('code');

  const toggle = () => {
    setRecovery((r) => !r);
    form.reset({ code: '' });
    setError(null);
    requestAnimationFrame(() => form.setFocus('code'));
  };

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
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
        <ShieldCheck className="size-7" aria-hidden />
      </div>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
          {t('auth.two_factor.title')}
        </h1>
        <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
          {recovery ? t('auth.two_factor.recovery_subtitle') : t('auth.two_factor.subtitle')}
        </p>
        <p className="truncate text-sm text-neutral-500 dark:text-neutral-400">{email}</p>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? t('auth.two_factor.recovery_code') : t('auth.two_factor.code')}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        maxLength={recovery ? 24 : 7}
        className="font-mono tracking-widest"
        {...code}
        onChange={(event) => {
          // Typing again answers the refusal, on the field or in the banner.
          form.clearErrors('code');
          setError(null);
          return code.onChange(event);
        }}
      />
      <Button type="submit" block loading={pending}>
        {t('auth.two_factor.submit')}
      </Button>
      <button
        type="button"
        onClick={toggle}
        className="mx-auto block min-h-9 rounded-lg px-2 text-sm font-medium text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-accent dark:text-accent"
      >
        {recovery ? t('auth.two_factor.use_app') : t('auth.two_factor.use_recovery')}
      </button>
      <PasskeySecondFactor onExpired={onExpired} />
    </form>
  );
}

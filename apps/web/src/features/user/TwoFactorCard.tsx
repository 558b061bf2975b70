import type { EnableTwoFactorResponse } from '@filestore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/form';
import { requiredText } from '../../lib/form-schemas';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  recoveryCodesQueryKey,
  regenerateRecoveryCodes,
  useRecoveryCodesLeft,
} from './security.api';
import { userQueryKey, type User } from './user.api';

/**
 * Two-factor sign-in on the password page: off → password → QR code, key and a confirming code →
 * the recovery codes, shown this once; on → new recovery codes or off, each with the password.
 */
type Stage =
  | { name: 'idle' }
  | { name: 'password'; purpose: 'enable' | 'regenerate' | 'disable' }
  | { name: 'scan'; setup: EnableTwoFactorResponse }
  | { name: 'codes'; codes: string[] };

export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const confirmedAt = user.attributes.two_factor_confirmed_at;
  const left = useRecoveryCodesLeft(confirmedAt !== null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: userQueryKey, exact: true });
    void client.invalidateQueries({ queryKey: recoveryCodesQueryKey });
  };

  const status = confirmedAt ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-900">
      <ShieldCheck className="size-3.5" aria-hidden />
      {t('user.two_factor.on')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-semibold text-neutral-700 ring-1 ring-neutral-200 dark:bg-neutral-800 dark:text-neutral-300 dark:ring-neutral-700">
      {t('user.two_factor.off')}
    </span>
  );

  return (
    <Card title={t('user.two_factor.title')} description={t('user.two_factor.description')}>
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          {status}
          {confirmedAt && (
            <span className="text-sm text-neutral-600 dark:text-neutral-400">
              {t('user.two_factor.on_since', { date: formatDate(confirmedAt) })}
              {left.data !== undefined && <> · {t('user.two_factor.recovery_remaining', { count: left.data })}</>}
            </span>
          )}
        </div>

        {stage.name === 'idle' &&
          (confirmedAt ? (
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setStage({ name: 'password', purpose: 'regenerate' })}>
                {t('user.two_factor.regenerate')}
              </Button>
              <Button variant="secondary" onClick={() => setStage({ name: 'password', purpose: 'disable' })}>
                {t('user.two_factor.turn_off')}
              </Button>
            </div>
          ) : (
            <Button onClick={() => setStage({ name: 'password', purpose: 'enable' })}>
              {t('user.two_factor.turn_on')}
            </Button>
          ))}

        {stage.name === 'password' && (
          <PasswordConfirm
            purpose={stage.purpose}
            onCancel={() => setStage({ name: 'idle' })}
            onConfirmed={async (password) => {
              if (stage.purpose === 'enable') {
                setStage({ name: 'scan', setup: await enableTwoFactor(password) });
              } else if (stage.purpose === 'regenerate') {
                setStage({ name: 'codes', codes: (await regenerateRecoveryCodes(password)).recovery_codes });
                refresh();
              } else {
                await disableTwoFactor(password);
                toast.success(t('user.two_factor.turned_off'));
                setStage({ name: 'idle' });
                refresh();
              }
            }}
          />
        )}

        {stage.name === 'scan' && (
          <ScanAndConfirm
            setup={stage.setup}
            onCancel={() => setStage({ name: 'idle' })}
            onConfirmed={(codes) => {
              setStage({ name: 'codes', codes });
              toast.success(t('user.two_factor.turned_on'));
              refresh();
            }}
          />
        )}

        {stage.name === 'codes' && (
          <RecoveryCodes codes={stage.codes} email={user.attributes.email} onDone={() => setStage({ name: 'idle' })} />
        )}
      </div>
    </Card>
  );
}

const passwordSchema = z.object({ password: requiredText });

/** Six digits from the app; spaces (as apps group them) are ignored. */
const codeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { message: 'validation.two_factor_code' })),
});

function PasswordConfirm({
  purpose,
  onCancel,
  onConfirmed,
}: {
  purpose: 'enable' | 'regenerate' | 'disable';
  onCancel: () => void;
  onConfirmed: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { onSubmit, field, error, pending } = useApiForm({
    schema: passwordSchema,
    defaultValues: { password: '' },
    mutationFn: ({ password }) => onConfirmed(password),
    fieldForError: (caught) =>
      isApiError(caught, 'auth.invalid_credentials')
        ? { field: 'password', message: t('user.password.current_incorrect') }
        : undefined,
  });
  const description =
    purpose === 'disable'
      ? t('user.two_factor.turn_off_description')
      : purpose === 'regenerate'
        ? t('user.two_factor.regenerate_description')
        : t('user.two_factor.confirm_password');
  const action =
    purpose === 'disable'
      ? t('user.two_factor.turn_off')
      : purpose === 'regenerate'
        ? t('user.two_factor.regenerate')
        : t('user.two_factor.continue');

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl bg-neutral-50 p-4 dark:bg-neutral-950/60">
      <p className="text-sm text-neutral-700 dark:text-neutral-300">{description}</p>
      {error && <Notice tone="error">{error}</Notice>}
      <div className="sm:max-w-[calc(50%-0.625rem)]">
        <TextField
          label={t('user.password.current')}
          type="password"
          autoComplete="current-password"
          autoFocus
          {...field('password')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={purpose === 'disable' ? 'danger' : 'primary'} loading={pending}>
          {action}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('user.two_factor.cancel')}
        </Button>
      </div>
    </form>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function ScanAndConfirm({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: EnableTwoFactorResponse;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const { form, onSubmit, field, error, setError, pending } = useApiForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    // The code is checked when sent; its message goes as soon as a new one is typed (below).
    formOptions: { reValidateMode: 'onSubmit' },
    mutationFn: ({ code }) => confirmTwoFactor(code),
    onSuccess: (answer) => onConfirmed(answer.recovery_codes),
    fieldForError: (caught) =>
      isApiError(caught, 'auth.two_factor_invalid_code')
        ? { field: 'code', message: t('auth.two_factor.invalid_code') }
        : undefined,
  });
  const code = field('code');
  const keyRef = useRef<HTMLElement>(null);
  // The key in groups of four, as apps show it; spaces are ignored when typed in.
  const groupedKey = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl bg-neutral-50 p-4 dark:bg-neutral-950/60">
      <div>
        <h3 className="text-sm font-semibold text-neutral-900 dark:text-white">{t('user.two_factor.scan_title')}</h3>
        <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
          {t('user.two_factor.scan_description')}
        </p>
      </div>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        {/* Dark modules on white in both themes: scanners need the contrast. An <img> runs no script. */}
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt={t('user.two_factor.qr_alt')}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg bg-white p-1 ring-1 ring-neutral-200 dark:ring-neutral-700"
        />
        <div className="min-w-0 flex-1 space-y-4">
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
              {t('user.two_factor.setup_key')}
            </p>
            <div className="flex items-center gap-2">
              <code
                ref={keyRef}
                data-testid="two-factor-secret"
                data-secret={setup.secret}
                className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2 font-mono text-sm tracking-wider break-words text-neutral-900 ring-1 ring-neutral-200 select-all dark:bg-neutral-900 dark:text-neutral-100 dark:ring-neutral-700"
              >
                {groupedKey}
              </code>
              <Button
                variant="secondary"
                icon={<Copy className="size-4" aria-hidden />}
                onClick={async () => {
                  if (await copyText(setup.secret)) toast.success(t('user.two_factor.key_copied'));
                  else if (keyRef.current) window.getSelection()?.selectAllChildren(keyRef.current);
                }}
              >
                <span className="sr-only sm:not-sr-only">{t('user.two_factor.copy_key')}</span>
              </Button>
            </div>
          </div>
          {error && <Notice tone="error">{error}</Notice>}
          <div className="sm:max-w-60">
            <TextField
              label={t('user.two_factor.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...code}
              onChange={(event) => {
                form.clearErrors('code');
                setError(null);
                return code.onChange(event);
              }}
              hint={t('user.two_factor.code_hint')}
              className="font-mono tracking-widest"
            />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          {t('user.two_factor.confirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('user.two_factor.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const text = codes.join('\n');

  const download = () => {
    const blob = new Blob([`${t('user.two_factor.recovery_list')} (${email})\n\n${text}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-4 rounded-xl bg-neutral-50 p-4 dark:bg-neutral-950/60">
      <div>
        <h3 className="text-sm font-semibold text-neutral-900 dark:text-white">
          {t('user.two_factor.recovery_title')}
        </h3>
        <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
          {t('user.two_factor.recovery_description')}
        </p>
      </div>
      <ul
        id={listId}
        aria-label={t('user.two_factor.recovery_list')}
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg bg-white p-4 font-mono text-sm text-neutral-900 ring-1 ring-neutral-200 min-[420px]:grid-cols-2 dark:bg-neutral-900 dark:text-neutral-100 dark:ring-neutral-700"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          icon={<Copy className="size-4" aria-hidden />}
          onClick={async () => {
            if (await copyText(text)) toast.success(t('user.two_factor.codes_copied'));
            else {
              const list = document.getElementById(listId);
              if (list) window.getSelection()?.selectAllChildren(list);
            }
          }}
        >
          {t('user.two_factor.copy_codes')}
        </Button>
        <Button variant="secondary" icon={<Download className="size-4" aria-hidden />} onClick={download}>
          {t('user.two_factor.download_codes')}
        </Button>
        <Button className="sm:ml-auto" onClick={onDone}>
          {t('user.two_factor.saved_codes')}
        </Button>
      </div>
    </div>
  );
}

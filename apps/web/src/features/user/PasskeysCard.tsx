import type { PasskeyResource } from '@filestore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { useApiForm } from '../../lib/form';
import { requiredText } from '../../lib/form-schemas';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { passkeysPossible } from '../auth/sign-in/passkey.api';
import { ConfirmDialog } from '../files/dialogs/ConfirmDialog';
import { addPasskey, passkeysQueryKey, removePasskey, renamePasskey, usePasskeys } from './passkeys.api';

/**
 * Passkeys on the password page (ADR 0034): the list (name, added, last used), add one (the
 * password, then the browser's own dialog), rename in place, remove after a confirmation.
 */
export function PasskeysCard() {
  // Dates follow the profile's time zone (ADR 0037): re-rendered when it changes.
  useDisplayTimezone();
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: passkeys, error, isPending } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyResource | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: passkeysQueryKey });
  const supported = passkeysPossible();
  const onIpAddress = /^[\d.]+$|:|^\[/.test(window.location.hostname);

  return (
    <Card title={t('user.passkeys.title')} description={t('user.passkeys.description')}>
      <div className="space-y-5">
        {isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label={t('common.loading')} />
          </div>
        ) : error || !passkeys ? (
          <Notice tone="error">{t('user.passkeys.load_failed')}</Notice>
        ) : passkeys.length === 0 ? (
          <p className="flex items-center gap-3 text-sm text-neutral-600 dark:text-neutral-400">
            <Fingerprint className="size-5 shrink-0 text-neutral-400 dark:text-neutral-500" aria-hidden />
            {t('user.passkeys.empty')}
          </p>
        ) : (
          <ul
            className="-mt-3 divide-y divide-neutral-200 border-b border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800"
            aria-label={t('user.passkeys.list')}
          >
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onChanged={refresh}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </ul>
        )}

        {!supported && (
          <Notice tone="info">
            {onIpAddress ? t('errors.auth.passkeys_unavailable') : t('user.passkeys.unsupported')}
          </Notice>
        )}
        {adding ? (
          <AddPasskey
            onCancel={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              toast.success(t('user.passkeys.added'));
              refresh();
            }}
          />
        ) : (
          <Button
            variant="secondary"
            disabled={!supported}
            icon={<Plus className="size-4" aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('user.passkeys.add')}
          </Button>
        )}
      </div>
      {removing && (
        <ConfirmDialog
          title={t('user.passkeys.remove_title', { name: removing.attributes.name })}
          description={t('user.passkeys.remove_description')}
          confirmLabel={t('user.passkeys.remove')}
          focusCancel
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await removePasskey(removing.id);
              toast.success(t('user.passkeys.removed'));
            } catch (caught) {
              toast.error(errorMessage(t, caught));
            }
            setRemoving(null);
            refresh();
          }}
        />
      )}
    </Card>
  );
}

function PasskeyRow({
  passkey,
  onChanged,
  onRemove,
}: {
  passkey: PasskeyResource;
  onChanged: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { name, synced, created_at, last_used_at } = passkey.attributes;
  const [editing, setEditing] = useState(false);

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="passkey">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <KeyRound className="size-5" aria-hidden />
      </span>
      {editing ? (
        <RenameForm
          passkey={passkey}
          onDone={(renamed) => {
            setEditing(false);
            if (renamed) onChanged();
          }}
        />
      ) : (
        <>
          {/* At phone width the buttons go to their own line rather than squeezing the name. */}
          <div className="min-w-40 flex-1">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-neutral-900 dark:text-white">
              <span className="truncate">{name}</span>
              {synced && (
                <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
                  {t('user.passkeys.synced')}
                </span>
              )}
            </p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              <time dateTime={created_at}>{t('user.passkeys.created', { date: formatDate(created_at) })}</time>
              {' · '}
              {last_used_at ? (
                <time dateTime={last_used_at} title={new Date(last_used_at).toLocaleString()}>
                  {t('user.passkeys.last_used', { date: formatDate(last_used_at) })}
                </time>
              ) : (
                t('user.passkeys.never_used')
              )}
            </p>
          </div>
          <div className="ml-auto flex shrink-0 gap-1">
            <Button
              variant="ghost"
              aria-label={t('user.passkeys.rename_named', { name })}
              onClick={() => setEditing(true)}
            >
              {t('user.passkeys.rename')}
            </Button>
            <Button variant="ghost" aria-label={t('user.passkeys.remove_named', { name })} onClick={onRemove}>
              {t('user.passkeys.remove')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

const passwordSchema = z.object({ password: requiredText });
const nameSchema = z.object({ name: z.string().trim().min(1).max(60) });

/** A passkey's new name in place of its row; Escape or Cancel keeps the old one. */
function RenameForm({ passkey, onDone }: { passkey: PasskeyResource; onDone: (renamed: boolean) => void }) {
  const { t } = useTranslation();
  const { name } = passkey.attributes;
  const { onSubmit, field, pending } = useApiForm({
    schema: nameSchema,
    defaultValues: { name },
    mutationFn: async (values) => {
      if (values.name === name) return false;
      await renamePasskey(passkey.id, values.name);
      return true;
    },
    onSuccess: (renamed) => {
      if (renamed) toast.success(t('user.passkeys.renamed'));
      onDone(renamed);
    },
    // Any refusal is said beside the name.
    fieldForError: (caught) => ({ field: 'name', message: errorMessage(t, caught) }),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
      <div className="min-w-48 flex-1">
        <TextField
          label={t('user.passkeys.name')}
          autoFocus
          maxLength={60}
          {...field('name')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone(false);
          }}
        />
      </div>
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" loading={pending}>
          {t('user.passkeys.save')}
        </Button>
        <Button variant="ghost" disabled={pending} onClick={() => onDone(false)}>
          {t('user.passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The password, then the browser's dialog; a cancelled dialog is said plainly and nothing is kept. */
function AddPasskey({ onCancel, onAdded }: { onCancel: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { onSubmit, field, error, pending } = useApiForm({
    schema: passwordSchema,
    defaultValues: { password: '' },
    mutationFn: ({ password }) => addPasskey(password),
    onSuccess: () => onAdded(),
    fieldForError: (caught) =>
      isApiError(caught, 'auth.invalid_credentials')
        ? { field: 'password', message: t('user.password.current_incorrect') }
        : undefined,
    // The browser's dialog was closed, timed out or refused: nothing was created.
    bannerForError: (caught) => (isApiError(caught) ? undefined : t('user.passkeys.cancelled')),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl bg-neutral-50 p-4 dark:bg-neutral-950/60">
      <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('user.passkeys.confirm_password')}</p>
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
        <Button type="submit" loading={pending}>
          {t('user.passkeys.continue')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('user.passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

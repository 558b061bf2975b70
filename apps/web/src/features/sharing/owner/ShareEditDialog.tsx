import type { SharePermission, UpdateShareRequest } from '@filestore/contract';
import { useDisplayTimezone } from '../../../lib/dates';
import { QrCode as QrIcon, Send, Unlink } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/forms';
import { useApiForm } from '../../../lib/form';
import { Button, IconButton } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import type { Item } from '../../files/items';
import { collectEmails, EmailChips } from './EmailChips';
import { shareRefusal, splitShareError } from './errors';
import { expiryLabel, isExpired } from './labels';
import { LinkField } from './LinkField';
import { QrCode } from './QrCode';
import {
  ExpirationSelect,
  expirationHours,
  PasswordInput,
  PermissionChoice,
  type ExpirationChoice,
} from './ShareFields';
import { cancelClass, DialogActions, SheetDialog } from './SheetDialog';
import { useEmailShare, useShare, useUpdateShare, type Share } from './sharing.api';
import { useSharingDialogs } from './store';
import { StopSharingConfirm } from './StopSharing';

/** Spec §2 share-edit: the link, what it allows, mail it to more people, or stop sharing. */
export function ShareEditDialog({ item, share: initial }: { item: Item; share: Share }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const query = useShare(initial.attributes.token, initial);
  const share = query.data ?? initial;
  const [stopping, setStopping] = useState(false);
  const name = item.attributes.name;
  const gone = query.isError;
  return (
    <SheetDialog
      open
      onOpenChange={(o) => !o && close()}
      title={stopping ? t('sharing.stop_title', { count: 1, name }) : t('sharing.edit_title', { name })}
      description={stopping ? t('sharing.stop_description', { count: 1 }) : undefined}
      closeLabel={t('common.close')}
    >
      {stopping ? (
        <StopSharingConfirm items={[{ item, share }]} onCancel={() => setStopping(false)} />
      ) : gone ? (
        <div className="mt-5 space-y-5">
          <Notice tone="error">{errorMessage(t, query.error)}</Notice>
          <DialogActions>
            <Button onClick={close}>{t('common.close')}</Button>
          </DialogActions>
        </div>
      ) : (
        <EditForm key={share.attributes.token} item={item} share={share} onStop={() => setStopping(true)} />
      )}
    </SheetDialog>
  );
}

type PasswordMode = 'keep' | 'change' | 'off';

interface EditValues {
  permission: SharePermission;
  protect: boolean;
  passwordMode: PasswordMode;
  password: string;
  expiration: ExpirationChoice;
}

function EditForm({ item, share, onStop }: { item: Item; share: Share; onStop: () => void }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const close = useSharingDialogs((s) => s.close);
  const update = useUpdateShare(share.attributes.token);
  const { attributes } = share;
  const folder = attributes.type === 'folder';
  const [showQr, setShowQr] = useState(false);
  /** A new password is asked for: protection turned on, or a change of the one it has. */
  const needsPassword = (v: Pick<EditValues, 'protect' | 'passwordMode'>) =>
    v.protect && (!attributes.protected || v.passwordMode === 'change');
  const schema = useMemo(
    () =>
      z
        .object({
          permission: z.enum(['visitor', 'editor']),
          protect: z.boolean(),
          passwordMode: z.enum(['keep', 'change', 'off']),
          password: z.string(),
          expiration: z.custom<ExpirationChoice>((v) => typeof v === 'string'),
        })
        .superRefine((v, ctx) => {
          if (needsPassword(v) && !v.password)
            ctx.addIssue({ code: 'custom', path: ['password'], message: t('sharing.password_required') });
        }),
    [t, attributes.protected],
  );

  /** Only what changed is sent. */
  const changes = (v: EditValues): UpdateShareRequest => {
    const body: UpdateShareRequest = {};
    if (folder && v.permission !== attributes.permission) body.permission = v.permission;
    if (!v.protect && attributes.protected) body.protected = false;
    if (needsPassword(v)) {
      body.protected = true;
      body.password = v.password;
    }
    if (v.expiration !== 'keep') body.expiration = expirationHours(v.expiration);
    return body;
  };

  const { form, onSubmit, error, pending } = useApiForm({
    schema,
    defaultValues: {
      permission: attributes.permission,
      protect: attributes.protected,
      passwordMode: attributes.protected ? 'keep' : 'change',
      password: '',
      expiration: 'keep',
    },
    mutationFn: async (v: EditValues) => {
      const body = changes(v);
      if (!Object.keys(body).length) return false;
      await update.mutateAsync(body);
      return true;
    },
    onSuccess: (changed) => {
      close();
      if (changed) toast.success(t('sharing.updated', { name: item.attributes.name }));
    },
    ...shareRefusal(t, ['password', 'expiration', 'permission'] as const),
  });
  const { errors } = form.formState;
  const [permission, protect, passwordMode, password, expiration] = form.watch([
    'permission',
    'protect',
    'passwordMode',
    'password',
    'expiration',
  ]);
  const set = <K extends keyof EditValues>(name: K, value: EditValues[K]) =>
    form.setValue(name as never, value as never, { shouldValidate: form.formState.isSubmitted });

  const expired = isExpired(share);
  return (
    <div className="mt-5 space-y-5">
      <div className="space-y-3">
        <LinkField
          link={attributes.link}
          label={t('sharing.link')}
          focusCopy
          trailing={
            <IconButton
              label={showQr ? t('sharing.hide_qr') : t('sharing.show_qr')}
              aria-expanded={showQr}
              active={showQr}
              onClick={() => setShowQr((v) => !v)}
              className="size-12"
            >
              <QrIcon className="size-5" aria-hidden />
            </IconButton>
          }
        />
        {showQr && <QrCode token={attributes.token} size={176} className="mx-auto" />}
      </div>
      {expired && <Notice tone="error">{t('sharing.expired_notice')}</Notice>}
      <SendByEmail share={share} />

      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-labelledby="share-settings-heading"
        className="space-y-5 border-t border-neutral-200 pt-5 dark:border-neutral-800"
      >
        <h3 id="share-settings-heading" className="text-sm font-semibold text-neutral-900 dark:text-white">
          {t('sharing.settings_heading')}
        </h3>
        <PermissionChoice folder={folder} value={permission} onChange={(v) => set('permission', v)} />
        <div className="space-y-3">
          <Switch
            label={t('sharing.password_switch')}
            description={
              protect && attributes.protected && passwordMode === 'keep'
                ? t('sharing.password_kept')
                : t('sharing.password_switch_description')
            }
            checked={protect}
            onChange={(e) => {
              form.clearErrors();
              set('protect', e.target.checked);
            }}
          />
          {protect && attributes.protected && passwordMode === 'keep' ? (
            <Button variant="secondary" onClick={() => set('passwordMode', 'change')}>
              {t('sharing.change_password')}
            </Button>
          ) : protect ? (
            <PasswordInput
              label={attributes.protected ? t('sharing.new_password_label') : t('sharing.password_label')}
              value={password}
              onChange={(v) => set('password', v)}
              error={errors.password?.message}
              autoFocus
            />
          ) : null}
        </div>
        <ExpirationSelect
          value={expiration}
          onChange={(v) => set('expiration', v)}
          keepLabel={t('sharing.expiration_keep')}
          hint={expiryLabel(t, share)}
        />
        {errors.expiration?.message && <Notice tone="error">{errors.expiration.message}</Notice>}
        {error && <Notice tone="error">{error}</Notice>}
        <DialogActions sticky>
          <Button
            variant="ghost"
            onClick={onStop}
            icon={<Unlink className="size-4" aria-hidden />}
            className="text-red-600 hover:bg-red-50 sm:mr-auto dark:text-red-400 dark:hover:bg-red-950/40"
          >
            {t('sharing.stop')}
          </Button>
          <Button variant="secondary" onClick={close} className={cancelClass}>
            {t('files.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('sharing.save')}
          </Button>
        </DialogActions>
      </form>
    </div>
  );
}

/** Mail the link to more people (POST /api/share/{token}/email). */
function SendByEmail({ share }: { share: Share }) {
  const { t } = useTranslation();
  const send = useEmailShare(share.attributes.token);
  const schema = useMemo(
    () =>
      z.object({ emails: z.array(z.string()), draft: z.string() }).superRefine((v, ctx) => {
        const recipients = collectEmails(v.emails, v.draft);
        if (!recipients)
          ctx.addIssue({
            code: 'custom',
            path: ['emails'],
            message: t('sharing.email_invalid', { email: v.draft.trim() }),
          });
        else if (!recipients.length)
          ctx.addIssue({ code: 'custom', path: ['emails'], message: t('sharing.email_required') });
      }),
    [t],
  );
  const { form, onSubmit, error, pending } = useApiForm({
    schema,
    defaultValues: { emails: [], draft: '' },
    mutationFn: async (v) => {
      const recipients = collectEmails(v.emails, v.draft) ?? [];
      await send.mutateAsync(recipients);
      return recipients.length;
    },
    onSuccess: (count, _values, sent) => {
      sent.reset();
      toast.success(t('sharing.sent_to', { count }));
    },
    // The addresses are the only field: a refusal of them, or any other, shows under them.
    fieldForError: (caught) => {
      const { fields, message } = splitShareError(t, caught);
      const text = fields.emails ?? message;
      return text ? { field: 'emails', message: text } : undefined;
    },
  });
  const [emails, draft] = form.watch(['emails', 'draft']);
  const shown = form.formState.errors.emails?.message ?? error ?? undefined;
  const set = (name: 'emails' | 'draft', value: string[] | string) =>
    form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });

  return (
    <section
      aria-labelledby="share-send-heading"
      className="space-y-3 border-t border-neutral-200 pt-5 dark:border-neutral-800"
    >
      <h3 id="share-send-heading" className="text-sm font-semibold text-neutral-900 dark:text-white">
        {t('sharing.send_heading')}
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <EmailChips
            label={t('sharing.emails_label_short')}
            hideLabel
            value={emails}
            onChange={(v) => set('emails', v)}
            draft={draft}
            onDraftChange={(v) => set('draft', v)}
            error={shown}
          />
        </div>
        <Button
          variant="secondary"
          loading={pending}
          onClick={() => void onSubmit()}
          icon={<Send className="size-4" aria-hidden />}
          className="shrink-0"
        >
          {t('sharing.send')}
        </Button>
      </div>
    </section>
  );
}

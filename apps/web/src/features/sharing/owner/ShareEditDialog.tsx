import type { SharePermission, UpdateShareRequest } from '@filestore/contract';
import { useDisplayTimezone } from '../../../lib/dates';
import { QrCode as QrIcon, Send, Unlink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/forms';
import { Button, IconButton } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import type { Item } from '../../files/items';
import { collectEmails, EmailChips } from './EmailChips';
import { splitShareError, type ShareFieldErrors } from './errors';
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

function EditForm({ item, share, onStop }: { item: Item; share: Share; onStop: () => void }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const close = useSharingDialogs((s) => s.close);
  const update = useUpdateShare(share.attributes.token);
  const { attributes } = share;
  const folder = attributes.type === 'folder';
  const [showQr, setShowQr] = useState(false);
  const [permission, setPermission] = useState<SharePermission>(attributes.permission);
  const [protect, setProtect] = useState(attributes.protected);
  const [passwordMode, setPasswordMode] = useState<PasswordMode>(attributes.protected ? 'keep' : 'change');
  const [password, setPassword] = useState('');
  const [expiration, setExpiration] = useState<ExpirationChoice>('keep');
  const [errors, setErrors] = useState<ShareFieldErrors>({});
  const [failure, setFailure] = useState<string>();

  const changes = (): UpdateShareRequest => {
    const body: UpdateShareRequest = {};
    if (folder && permission !== attributes.permission) body.permission = permission;
    if (!protect && attributes.protected) body.protected = false;
    if (protect && (!attributes.protected || passwordMode === 'change')) {
      body.protected = true;
      body.password = password;
    }
    if (expiration !== 'keep') body.expiration = expirationHours(expiration);
    return body;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const needsPassword = protect && (!attributes.protected || passwordMode === 'change');
    if (needsPassword && !password) {
      setErrors({ password: t('sharing.password_required') });
      return;
    }
    setErrors({});
    setFailure(undefined);
    const body = changes();
    if (!Object.keys(body).length) {
      close();
      return;
    }
    try {
      await update.mutateAsync(body);
      close();
      toast.success(t('sharing.updated', { name: item.attributes.name }));
    } catch (error) {
      const { fields, message } = splitShareError(t, error);
      setErrors(fields);
      setFailure(message);
    }
  };

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
        onSubmit={(e) => void submit(e)}
        aria-labelledby="share-settings-heading"
        className="space-y-5 border-t border-neutral-200 pt-5 dark:border-neutral-800"
      >
        <h3 id="share-settings-heading" className="text-sm font-semibold text-neutral-900 dark:text-white">
          {t('sharing.settings_heading')}
        </h3>
        <PermissionChoice folder={folder} value={permission} onChange={setPermission} />
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
              setProtect(e.target.checked);
              setErrors({});
            }}
          />
          {protect && attributes.protected && passwordMode === 'keep' ? (
            <Button variant="secondary" onClick={() => setPasswordMode('change')}>
              {t('sharing.change_password')}
            </Button>
          ) : protect ? (
            <PasswordInput
              label={attributes.protected ? t('sharing.new_password_label') : t('sharing.password_label')}
              value={password}
              onChange={(v) => {
                setPassword(v);
                if (errors.password) setErrors({});
              }}
              error={errors.password}
              autoFocus
            />
          ) : null}
        </div>
        <ExpirationSelect
          value={expiration}
          onChange={setExpiration}
          keepLabel={t('sharing.expiration_keep')}
          hint={expiryLabel(t, share)}
        />
        {errors.expiration && <Notice tone="error">{errors.expiration}</Notice>}
        {failure && <Notice tone="error">{failure}</Notice>}
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
          <Button type="submit" loading={update.isPending}>
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
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();

  const submit = async () => {
    const recipients = collectEmails(emails, draft);
    if (!recipients) return setError(t('sharing.email_invalid', { email: draft.trim() }));
    if (!recipients.length) return setError(t('sharing.email_required'));
    setError(undefined);
    try {
      await send.mutateAsync(recipients);
      setEmails([]);
      setDraft('');
      toast.success(t('sharing.sent_to', { count: recipients.length }));
    } catch (e) {
      const { fields, message } = splitShareError(t, e);
      setError(fields.emails ?? message);
    }
  };

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
            onChange={setEmails}
            draft={draft}
            onDraftChange={setDraft}
            error={error}
          />
        </div>
        <Button
          variant="secondary"
          loading={send.isPending}
          onClick={() => void submit()}
          icon={<Send className="size-4" aria-hidden />}
          className="shrink-0"
        >
          {t('sharing.send')}
        </Button>
      </div>
    </section>
  );
}

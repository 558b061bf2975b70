import { type ShareResource, type SharePermission } from '@filestore/contract';
import { Link2, Pencil } from 'lucide-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { api, isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { useBrowser } from '../../files/browser/store';
import { isFolder, type Item } from '../../files/items';
import { refreshFiles } from '../../files/refresh';
import { collectEmails, EmailChips } from './EmailChips';
import { splitShareError, type ShareFieldErrors } from './errors';
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
import { ShareSummary } from './ShareSummary';
import { useCreateShare, type Share } from './sharing.api';
import { openSharingDialog, useSharingDialogs } from './store';

interface Created {
  share: Share;
  sentTo: number;
}

/** Spec §2 share-create: the choices, then in the same popup the link, its QR code and what was set. */
export function ShareCreateDialog({ item }: { item: Item }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const [created, setCreated] = useState<Created | null>(null);
  const name = item.attributes.name;
  return (
    <SheetDialog
      open
      onOpenChange={(o) => !o && close()}
      title={created ? t('sharing.created_title', { name }) : t('sharing.create_title', { name })}
      description={created ? t('sharing.created_description') : t('sharing.create_description')}
      closeLabel={t('common.close')}
    >
      {created ? <CreatedView item={item} created={created} /> : <CreateForm item={item} onCreated={setCreated} />}
    </SheetDialog>
  );
}

function CreateForm({ item, onCreated }: { item: Item; onCreated: (created: Created) => void }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const create = useCreateShare();
  const client = useQueryClient();
  const folder = isFolder(item);
  const [permission, setPermission] = useState<SharePermission>('visitor');
  const [protect, setProtect] = useState(false);
  const [password, setPassword] = useState('');
  const [expiration, setExpiration] = useState<ExpirationChoice>('');
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<ShareFieldErrors>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const recipients = collectEmails(emails, draft);
    const problems: ShareFieldErrors = {};
    if (protect && !password) problems.password = t('sharing.password_required');
    if (!recipients) problems.emails = t('sharing.email_invalid', { email: draft.trim() });
    setErrors(problems);
    setFailure(undefined);
    if (Object.keys(problems).length || !recipients) return;
    try {
      const share = await create.mutateAsync({
        id: item.id,
        type: item.type,
        permission: folder ? permission : 'visitor',
        isPassword: protect,
        password: protect ? password : null,
        expiration: expirationHours(expiration),
        emails: recipients.length ? recipients : undefined,
      });
      onCreated({ share, sentTo: recipients.length });
    } catch (error) {
      if (isApiError(error, 'share.exists') && (await openExisting(client, item))) return;
      const { fields, message } = splitShareError(t, error);
      setErrors(fields);
      setFailure(message);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
      <PermissionChoice folder={folder} value={permission} onChange={setPermission} />
      <div className="space-y-3">
        <Switch
          label={t('sharing.password_switch')}
          description={t('sharing.password_switch_description')}
          checked={protect}
          onChange={(e) => setProtect(e.target.checked)}
        />
        {protect && (
          <PasswordInput
            label={t('sharing.password_label')}
            value={password}
            onChange={(v) => {
              setPassword(v);
              if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
            autoFocus
          />
        )}
      </div>
      <ExpirationSelect value={expiration} onChange={setExpiration} />
      <EmailChips
        label={t('sharing.emails_label')}
        hint={t('sharing.emails_hint')}
        value={emails}
        onChange={setEmails}
        draft={draft}
        onDraftChange={setDraft}
        error={errors.emails}
      />
      {failure && <Notice tone="error">{failure}</Notice>}
      <DialogActions sticky>
        <Button variant="secondary" onClick={close} className={cancelClass}>
          {t('files.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} icon={<Link2 className="size-4" aria-hidden />}>
          {t('sharing.create_submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * `share.exists`: the item got a link meanwhile (another tab): edit that one instead. The listing
 * on screen learns the link's token once refreshed.
 */
async function openExisting(client: QueryClient, item: Item): Promise<boolean> {
  let token = item.relationships.shared?.data.attributes.token;
  if (!token) {
    await refreshFiles(client);
    token = useBrowser.getState().items.find((i) => i.id === item.id)?.relationships.shared?.data.attributes.token;
  }
  if (!token) return false;
  try {
    const { data: share } = await api.get<ShareResource>(`/api/share/${token}`);
    openSharingDialog({ kind: 'share-edit', item, share });
    return true;
  } catch {
    return false;
  }
}

function CreatedView({ item, created }: { item: Item; created: Created }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const { share, sentTo } = created;
  return (
    <div className="mt-5 space-y-5">
      <LinkField link={share.attributes.link} label={t('sharing.link')} focusCopy />
      <div className="flex flex-wrap items-center gap-5">
        <QrCode token={share.attributes.token} size={132} />
        <ShareSummary share={share} sentTo={sentTo} />
      </div>
      <DialogActions>
        <Button
          variant="secondary"
          className="sm:mr-auto"
          icon={<Pencil className="size-4" aria-hidden />}
          onClick={() => openSharingDialog({ kind: 'share-edit', item, share })}
        >
          {t('sharing.edit')}
        </Button>
        <Button onClick={close}>{t('sharing.done')}</Button>
      </DialogActions>
    </div>
  );
}

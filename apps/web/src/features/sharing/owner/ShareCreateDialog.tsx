import { type ShareResource, type SharePermission } from '@filestore/contract';
import { Link2, Pencil } from 'lucide-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { api, isApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { useBrowser } from '../../files/browser/store';
import { isFolder, type Item } from '../../files/items';
import { refreshFiles } from '../../files/refresh';
import { collectEmails, EmailChips } from './EmailChips';
import { shareRefusal } from './errors';
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

/** What the create form holds; `draft` is the address being typed, not yet a chip. */
interface CreateValues {
  permission: SharePermission;
  protect: boolean;
  password: string;
  expiration: ExpirationChoice;
  emails: string[];
  draft: string;
}

function CreateForm({ item, onCreated }: { item: Item; onCreated: (created: Created) => void }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const create = useCreateShare();
  const client = useQueryClient();
  const folder = isFolder(item);
  const schema = useMemo(
    () =>
      z
        .object({
          permission: z.enum(['visitor', 'editor']),
          protect: z.boolean(),
          password: z.string(),
          expiration: z.custom<ExpirationChoice>((v) => typeof v === 'string'),
          emails: z.array(z.string()),
          draft: z.string(),
        })
        .superRefine((v, ctx) => {
          if (v.protect && !v.password)
            ctx.addIssue({ code: 'custom', path: ['password'], message: t('sharing.password_required') });
          if (!collectEmails(v.emails, v.draft))
            ctx.addIssue({
              code: 'custom',
              path: ['emails'],
              message: t('sharing.email_invalid', { email: v.draft.trim() }),
            });
        }),
    [t],
  );
  const { form, onSubmit, error, pending } = useApiForm({
    schema,
    defaultValues: { permission: 'visitor', protect: false, password: '', expiration: '', emails: [], draft: '' },
    mutationFn: async (v: CreateValues) => {
      const recipients = collectEmails(v.emails, v.draft) ?? [];
      try {
        const share = await create.mutateAsync({
          id: item.id,
          type: item.type,
          permission: folder ? v.permission : 'visitor',
          isPassword: v.protect,
          password: v.protect ? v.password : null,
          expiration: expirationHours(v.expiration),
          emails: recipients.length ? recipients : undefined,
        });
        return { share, sentTo: recipients.length };
      } catch (caught) {
        // The item got a link meanwhile (another tab): that link's edit popup opens instead.
        if (isApiError(caught, 'share.exists') && (await openExisting(client, item))) return null;
        throw caught;
      }
    },
    onSuccess: (created) => created && onCreated(created),
    ...shareRefusal(t, ['password', 'emails', 'expiration', 'permission'] as const),
  });
  const { errors } = form.formState;
  const [permission, protect, password, expiration, emails, draft] = form.watch([
    'permission',
    'protect',
    'password',
    'expiration',
    'emails',
    'draft',
  ]);
  const set = <K extends keyof CreateValues>(name: K, value: CreateValues[K]) =>
    form.setValue(name as never, value as never, { shouldValidate: form.formState.isSubmitted });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-5">
      <PermissionChoice folder={folder} value={permission} onChange={(v) => set('permission', v)} />
      <div className="space-y-3">
        <Switch
          label={t('sharing.password_switch')}
          description={t('sharing.password_switch_description')}
          checked={protect}
          onChange={(e) => set('protect', e.target.checked)}
        />
        {protect && (
          <PasswordInput
            label={t('sharing.password_label')}
            value={password}
            onChange={(v) => set('password', v)}
            error={errors.password?.message}
            autoFocus
          />
        )}
      </div>
      <ExpirationSelect value={expiration} onChange={(v) => set('expiration', v)} />
      <EmailChips
        label={t('sharing.emails_label')}
        hint={t('sharing.emails_hint')}
        value={emails}
        onChange={(v) => set('emails', v)}
        draft={draft}
        onDraftChange={(v) => set('draft', v)}
        error={errors.emails?.message}
      />
      {error && <Notice tone="error">{error}</Notice>}
      <DialogActions sticky>
        <Button variant="secondary" onClick={close} className={cancelClass}>
          {t('files.cancel')}
        </Button>
        <Button type="submit" loading={pending} icon={<Link2 className="size-4" aria-hidden />}>
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

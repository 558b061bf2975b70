import { ITEM_NAME_MAX, EMAIL_PATTERN } from '@filestore/contract';
import { ChevronDown, FolderOpen, Home, Inbox } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../app/routing';
import { useApiForm } from '../../../lib/form';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { useBrowser } from '../../files/browser/store';
import { itemName } from '../../files/dialogs/ItemForm';
import { formatDate } from '../../../lib/dates';
import { folderPath } from '../../files/items';
import { LinkField } from '../../sharing/owner/LinkField';
import { cancelClass, DialogActions, SheetDialog } from '../../sharing/owner/SheetDialog';
import { useSharingDialogs } from '../../sharing/owner/store';
import { useCreateFileRequest, type FileRequest } from './file-requests.api';
import { FolderPicker, type PickedFolder } from './FolderPicker';

const NOTES_MAX = 2000;

/** Spec §2 create-file-request: where uploads go, a folder name, a message, who to mail; then the link. */
export function CreateFileRequestDialog({
  folderId,
  folderName,
}: {
  folderId: string | null;
  folderName: string | null;
}) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const [created, setCreated] = useState<FileRequest | null>(null);
  return (
    <SheetDialog
      open
      onOpenChange={(o) => !o && close()}
      title={created ? t('file_request.created_title') : t('file_request.title')}
      description={created ? t('file_request.created_description') : t('file_request.description')}
      closeLabel={t('common.close')}
    >
      {created ? (
        <CreatedView request={created} />
      ) : (
        <RequestForm folderId={folderId} folderName={folderName} onCreated={setCreated} />
      )}
    </SheetDialog>
  );
}

/** "Upload request 12 Jul 2026" (slashes of some locales' dates can't be in a name). */
function defaultName(t: (key: string, o: Record<string, string>) => string): string {
  return t('file_request.default_name', { date: formatDate(new Date().toISOString()) }).replace(/[/\\]/g, '-');
}

function RequestForm({
  folderId,
  folderName,
  onCreated,
}: {
  folderId: string | null;
  folderName: string | null;
  onCreated: (request: FileRequest) => void;
}) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const create = useCreateFileRequest();
  // The folder on screen and the path to it, as the listing said (no whole tree is fetched, ADR 0072).
  const path = useBrowser((s) => s.path);
  const onScreen = useBrowser((s) => s.folder);
  const notesId = useId();
  const placeholder = useMemo(() => defaultName(t), [t]);
  const [target, setTarget] = useState<PickedFolder>({ id: folderId, name: folderName ?? '' });
  const [picking, setPicking] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        folder_id: z.string().nullable(),
        // Left empty, the folder gets the suggested name.
        name: z
          .string()
          .transform((v) => v.trim() || placeholder)
          .pipe(itemName),
        notes: z
          .string()
          .max(NOTES_MAX, { message: 'file_request.notes_too_long' })
          .transform((v) => v.trim() || undefined),
        email: z
          .string()
          .trim()
          .refine((v) => !v || EMAIL_PATTERN.test(v), { message: 'validation.email' })
          .transform((v) => v || undefined),
      }),
    [placeholder],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { folder_id: folderId, name: '', notes: '', email: '' },
    mutationFn: (values) => create.mutateAsync(values),
    onSuccess: (request) => onCreated(request),
  });
  const name = form.watch('name');
  const { error: notesError, ...notes } = field('notes');
  const folderError = field('folder_id').error;

  // The folder's name when the caller didn't know it: the listing's path names it.
  const known = target.id
    ? (path.find((p) => p.id === target.id)?.name ??
      (onScreen?.id === target.id ? onScreen.attributes.name : undefined))
    : t('nav.my_files');
  // The picker opens at the chosen folder: it and its ancestors on the listing's path are open.
  const upTo = path.findIndex((p) => p.id === folderId);
  const opened = (upTo >= 0 ? path.slice(0, upTo + 1) : path).map((p) => p.id);
  const targetName = target.name || known || '';

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-5">
      <div className="space-y-2">
        <p id={`${notesId}-where`} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {t('file_request.where')}
        </p>
        <button
          type="button"
          aria-expanded={picking}
          aria-describedby={`${notesId}-where`}
          onClick={() => setPicking((v) => !v)}
          className="flex min-h-12 w-full items-center gap-3 rounded-xl border border-neutral-300 px-3.5 text-left text-[15px] text-neutral-900 shadow-xs transition hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-800/60"
        >
          {target.id ? (
            <FolderOpen className="size-5 shrink-0 text-accent-strong dark:text-accent" aria-hidden />
          ) : (
            <Home className="size-5 shrink-0 text-accent-strong dark:text-accent" aria-hidden />
          )}
          <span className="min-w-0 flex-1 truncate font-medium">{targetName}</span>
          <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-accent-strong dark:text-accent">
            {picking ? t('file_request.picker_done') : t('file_request.change')}
            <ChevronDown className={picking ? 'size-4 rotate-180 transition' : 'size-4 transition'} aria-hidden />
          </span>
        </button>
        {picking && (
          <FolderPicker
            opened={opened}
            value={{ id: target.id, name: targetName }}
            onChange={(picked) => {
              setTarget(picked);
              form.setValue('folder_id', picked.id);
            }}
            label={t('file_request.where')}
          />
        )}
        {folderError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {folderError}
          </p>
        )}
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          {t('file_request.where_hint', { name: name.trim() || placeholder, folder: targetName })}
        </p>
      </div>
      <TextField
        label={t('file_request.name')}
        placeholder={placeholder}
        maxLength={ITEM_NAME_MAX + 20}
        {...field('name')}
      />
      <div className="space-y-1.5">
        <label htmlFor={notesId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {t('file_request.notes')}
        </label>
        <textarea
          id={notesId}
          {...notes}
          rows={3}
          maxLength={NOTES_MAX}
          placeholder={t('file_request.notes_placeholder')}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `${notesId}-error` : undefined}
          className="block w-full resize-y rounded-xl border border-neutral-300 bg-white px-3.5 py-2.5 text-[15px] text-neutral-900 shadow-xs transition placeholder:text-neutral-400 focus:border-accent focus:ring-4 focus:ring-accent/20 focus:outline-none dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500"
        />
        {notesError && (
          <p id={`${notesId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {notesError}
          </p>
        )}
      </div>
      <TextField
        label={t('file_request.email')}
        hint={t('file_request.email_hint')}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder={t('file_request.email_placeholder')}
        {...field('email')}
      />
      {error && <Notice tone="error">{error}</Notice>}
      <DialogActions sticky>
        <Button variant="secondary" onClick={close} className={cancelClass}>
          {t('files.cancel')}
        </Button>
        <Button type="submit" loading={pending} icon={<Inbox className="size-4" aria-hidden />}>
          {t('file_request.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

function CreatedView({ request }: { request: FileRequest }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const navigate = useNavigate();
  const { attributes } = request;
  const folder = request.relationships.folder?.data;
  const opening = useRef(false);

  // Back on the listing, point at the new folder when it is in the folder on screen.
  useEffect(
    () => () => {
      const { context, folder: open } = useBrowser.getState();
      if (folder && !opening.current && context === 'files' && (open?.id ?? null) === folder.attributes.parent_id) {
        void navigate({ search: `?highlight=${folder.id}` }, { replace: true });
      }
    },
    [folder, navigate],
  );

  return (
    <div className="mt-5 space-y-5">
      <LinkField link={attributes.link} label={t('file_request.link')} focusCopy />
      {attributes.email && <Notice tone="success">{t('file_request.emailed', { email: attributes.email })}</Notice>}
      {folder && (
        <p className="text-sm leading-6 text-neutral-600 dark:text-neutral-400">
          {t('file_request.folder_made', { name: folder.attributes.name })}
        </p>
      )}
      <DialogActions>
        {folder && (
          <Button
            variant="secondary"
            className="sm:mr-auto"
            icon={<FolderOpen className="size-4" aria-hidden />}
            onClick={() => {
              opening.current = true;
              close();
              void navigate(folderPath(folder.id));
            }}
          >
            {t('file_request.open_folder')}
          </Button>
        )}
        <Button onClick={close}>{t('sharing.done')}</Button>
      </DialogActions>
    </div>
  );
}

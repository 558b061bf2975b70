import { CircleCheck, FolderUp, Inbox, Upload, UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/Dialog';
import { isFileDrag } from '../files/browser/dnd';
import { useBrowser } from '../files/browser/store';
import { useFinePointer } from '../files/browser/useMedia';
import { useCurrentFolderId } from '../files/current-folder';
import { LinkStatusPage, OwnerAvatar, type LinkOwner } from '../sharing/visitor/LinkFrame';
import { useUploadActions } from '../uploads';
import type { FileRequest } from './request.api';

export const ownerOfRequest = (request: FileRequest): LinkOwner => request.relationships.user.data.attributes;

/** Who asks, and their message: text only (React escapes it), line breaks kept. */
export function RequestIntro({ request }: { request: FileRequest }) {
  const { t } = useTranslation();
  const owner = ownerOfRequest(request);
  const notes = request.attributes.notes?.trim();
  return (
    <div>
      <div className="flex items-center gap-3">
        <OwnerAvatar owner={owner} size={44} />
        <h1 className="min-w-0 text-xl font-bold tracking-tight text-neutral-900 sm:text-2xl dark:text-white">
          {t('public.request_heading', { name: owner.name })}
        </h1>
      </div>
      {notes && (
        <figure className="mt-5 rounded-2xl bg-neutral-50 p-4 ring-1 ring-neutral-200 dark:bg-neutral-800/50 dark:ring-neutral-800">
          <figcaption className="text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
            {t('public.request_message', { name: owner.name })}
          </figcaption>
          <blockquote className="mt-1.5 max-h-48 overflow-y-auto text-[15px] leading-6 break-words whitespace-pre-wrap text-neutral-800 dark:text-neutral-200">
            {notes}
          </blockquote>
        </figure>
      )}
    </div>
  );
}

/**
 * The big target of the page: files and folders dropped here upload into the folder on screen;
 * its buttons open the file and folder pickers (the only way in on a phone).
 */
export function RequestDropArea() {
  const { t } = useTranslation();
  const uploads = useUploadActions();
  const folderId = useCurrentFolderId();
  const folderName = useBrowser((s) => (folderId ? s.folder?.attributes.name : null));
  const fine = useFinePointer();
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (e: DragEvent) => {
      if (!isFileDrag(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      uploads.uploadDropped(e.dataTransfer, folderId);
    },
  };
  return (
    <div
      {...handlers}
      className={cn(
        'flex flex-col items-center rounded-2xl border-2 border-dashed px-5 py-5 text-center transition sm:py-8',
        over
          ? 'border-accent bg-accent/10'
          : 'border-neutral-300 bg-neutral-50/60 dark:border-neutral-700 dark:bg-neutral-900/40',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent/12 text-accent-strong max-sm:hidden dark:bg-accent/15 dark:text-accent">
        <UploadCloud className="size-7" aria-hidden />
      </span>
      <p className="text-base font-semibold text-neutral-900 sm:mt-4 dark:text-white">
        {over
          ? t('files.drop_to_upload', { folder: folderName ?? t('public.request_root') })
          : fine
            ? t('public.drop_here')
            : t('public.choose_files')}
      </p>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {folderName ? t('public.goes_into', { name: folderName }) : t('public.request_hint')}
      </p>
      <div className="mt-4 flex w-full max-w-xs flex-col gap-2 sm:mt-5">
        <Button onClick={() => uploads.pickFiles()} icon={<Upload className="size-4.5" aria-hidden />}>
          {t('files.upload_files')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => uploads.pickFolder()}
          icon={<FolderUp className="size-4.5" aria-hidden />}
        >
          {t('files.upload_folder')}
        </Button>
      </div>
    </div>
  );
}

/** "I'm done": a confirmation first, since the link stops taking files afterwards. */
export function DoneDialog({
  open,
  onOpenChange,
  ownerName,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ownerName: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('public.done_title')}
      description={t('public.done_description', { name: ownerName })}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('public.keep_uploading')}
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          {t('public.done_confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

export function RequestThanksPage({ owner }: { owner: LinkOwner }) {
  const { t } = useTranslation();
  return (
    <LinkStatusPage
      icon={<CircleCheck className="size-8" aria-hidden />}
      title={t('public.thanks_title')}
      description={t('public.thanks_description', { name: owner.name })}
      owner={owner}
    />
  );
}

export function RequestFilledPage({ owner }: { owner: LinkOwner }) {
  const { t } = useTranslation();
  return (
    <LinkStatusPage
      icon={<Inbox className="size-8" aria-hidden />}
      title={t('public.request_filled_title')}
      description={t('public.request_filled_description', { name: owner.name })}
      owner={owner}
    />
  );
}

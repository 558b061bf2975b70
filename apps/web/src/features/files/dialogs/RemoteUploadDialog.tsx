import { REMOTE_UPLOAD_URLS_MAX } from '@filestore/contract';
import { Link2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { DialogActions } from '../../sharing/owner/SheetDialog';
import { parseUrls, startRemoteUpload } from '../../uploads/remote-uploads';
import { useFilesSource } from '../browser/source';
import { useFileDialogs } from './store';

/**
 * Spec §2 remote-upload popup: links, one a line (up to 50), that the server downloads into the
 * folder in the background; the progress bar follows the batch.
 */
export function RemoteUploadDialog({ parentId }: { parentId: string | null }) {
  const { t } = useTranslation();
  const close = useFileDialogs((s) => s.close);
  const source = useFilesSource();
  const id = useId();
  // The links as parseUrls reads them (one a line, http(s), at most 50), its sentence on the field.
  const schema = useMemo(
    () =>
      z.object({
        text: z.string().transform((text, ctx) => {
          const parsed = parseUrls(text, t);
          if (parsed.error !== null) ctx.addIssue({ code: 'custom', message: parsed.error });
          return parsed.urls ?? [];
        }),
      }),
    [t],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { text: '' },
    mutationFn: async ({ text: urls }) => {
      try {
        await startRemoteUpload(source.endpoints.remoteUpload, urls, parentId);
      } catch (caught) {
        source.onLinkError?.(caught);
        throw caught;
      }
      return urls.length;
    },
    onSuccess: (count) => {
      close();
      toast.success(t('remote_upload.started', { count }));
    },
    // The server's word on one of the links goes under them; any other refusal in its own words.
    fieldForError: (caught) => {
      const message = isApiError(caught)
        ? Object.entries(caught.errors).find(([k]) => k.startsWith('urls'))?.[1]?.[0]
        : undefined;
      return message ? { field: 'text', message } : undefined;
    },
    bannerForError: (caught) => (isApiError(caught) ? caught.message : undefined),
  });
  const { error: textError, ...text } = field('text');
  const count = (form.watch('text') ?? '').split(/\r?\n/).filter((l) => l.trim() !== '').length;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('remote_upload.title')}
      description={t('remote_upload.description', { max: REMOTE_UPLOAD_URLS_MAX })}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
            {t('remote_upload.urls_label')}
          </label>
          <span
            className={
              count > REMOTE_UPLOAD_URLS_MAX
                ? 'text-xs font-medium text-red-600 tabular-nums dark:text-red-400'
                : 'text-xs text-neutral-500 tabular-nums dark:text-neutral-400'
            }
          >
            {t('remote_upload.count', { count, max: REMOTE_UPLOAD_URLS_MAX })}
          </span>
        </div>
        <textarea
          id={id}
          {...text}
          rows={6}
          autoFocus
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder={t('remote_upload.placeholder')}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-error` : undefined}
          className="block w-full resize-y rounded-xl border border-neutral-300 bg-white px-3.5 py-2.5 font-mono text-[13px] leading-6 text-neutral-900 shadow-xs transition placeholder:text-neutral-400 focus:border-accent focus:ring-4 focus:ring-accent/20 focus:outline-none aria-invalid:border-red-500 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500"
        />
        {textError && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {textError}
          </p>
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            {t('files.cancel')}
          </Button>
          <Button type="submit" loading={pending} icon={<Link2 className="size-4" aria-hidden />}>
            {t('remote_upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

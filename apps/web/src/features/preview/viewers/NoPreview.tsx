import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { FileTypeIcon } from '../../files/browser/ItemIcon';
import { formatBytes } from '../../files/format';
import type { PreviewFile } from '../preview-store';

/** The card shown instead of a preview: icon, name, size, why, and a download button. */
export function NoPreview({
  file,
  onDownload,
  title,
  hint,
}: {
  file: PreviewFile;
  onDownload: () => void;
  title?: ReactNode;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex size-full items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-2xl bg-neutral-900 p-8 text-center text-white shadow-2xl ring-1 ring-white/10">
        <FileTypeIcon file={file} size="md" className="mx-auto" />
        <p className="mt-5 text-base font-semibold break-words">{file.attributes.name}</p>
        <p className="mt-1 text-sm text-neutral-400">{formatBytes(file.attributes.size)}</p>
        <p className="mt-5 text-sm font-medium">{title ?? t('preview.no_preview')}</p>
        <p className="mt-1 text-sm leading-6 text-neutral-400">{hint ?? t('preview.no_preview_hint')}</p>
        <Button className="mt-6" block onClick={onDownload} icon={<Download className="size-4" aria-hidden />}>
          {t('preview.download')}
        </Button>
      </div>
    </div>
  );
}

/** A viewer that could not load its file. */
export function PreviewFailed({
  file,
  onDownload,
  title,
}: {
  file: PreviewFile;
  onDownload: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <NoPreview
      file={file}
      onDownload={onDownload}
      title={title ?? t('preview.failed')}
      hint={t('preview.failed_hint')}
    />
  );
}

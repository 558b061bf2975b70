import { Music } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { inlineUrl } from '../kinds';
import type { PreviewFile } from '../preview-store';
import { PreviewFailed } from './NoPreview';

/** The browser's own player on the inline URL; the server answers Range requests, so seeking works. */
export function VideoViewer({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return <PreviewFailed file={file} onDownload={onDownload} title={t('preview.media_failed')} />;
  return (
    <div className="absolute inset-0 flex items-center justify-center p-2 sm:p-6">
      <video
        src={inlineUrl(file)}
        controls
        playsInline
        preload="metadata"
        aria-label={file.attributes.name}
        onError={() => setFailed(true)}
        className="max-h-full max-w-full rounded-lg bg-black shadow-2xl"
      />
    </div>
  );
}

export function AudioViewer({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return <PreviewFailed file={file} onDownload={onDownload} title={t('preview.media_failed')} />;
  return (
    <div className="absolute inset-0 flex items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl bg-neutral-900 p-8 text-center shadow-2xl ring-1 ring-white/10">
        <div className="mx-auto flex size-20 items-center justify-center rounded-2xl bg-amber-500/15 text-amber-400">
          <Music className="size-9" aria-hidden />
        </div>
        <p className="mt-5 text-base font-semibold break-words">{file.attributes.name}</p>
        <audio
          src={inlineUrl(file)}
          controls
          preload="metadata"
          aria-label={file.attributes.name}
          onError={() => setFailed(true)}
          className="mt-6 w-full [color-scheme:dark]"
        />
      </div>
    </div>
  );
}

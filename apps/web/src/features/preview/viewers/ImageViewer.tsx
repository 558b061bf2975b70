import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { Spinner } from '../../../ui/Spinner';
import { imageUrl } from '../kinds';
import type { PreviewFile } from '../preview-store';
import { PreviewFailed } from './NoPreview';

/**
 * The large thumbnail (or the original), fitted into a box that never changes size, so nothing
 * jumps while it loads; the grid's medium thumbnail, usually cached, stands in meanwhile. SVG only
 * ever goes through <img>, where its scripts cannot run.
 */
export function ImageViewer({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (failed) return <PreviewFailed file={file} onDownload={onDownload} />;
  const placeholder = file.attributes.thumbnail?.md;
  const { width, height } = file.attributes;
  return (
    <div className="absolute inset-0 p-2 sm:p-6">
      <div className="relative size-full">
        {!loaded && placeholder && (
          <img
            src={placeholder}
            alt=""
            aria-hidden
            style={{ maxWidth: width ?? undefined, maxHeight: height ?? undefined }}
            className="absolute inset-0 m-auto size-full object-contain blur-md"
          />
        )}
        {!loaded && (
          <div className="absolute inset-0 flex items-center justify-center text-neutral-400">
            <Spinner className="size-7" label={t('preview.loading')} />
          </div>
        )}
        <img
          src={imageUrl(file)}
          alt={file.attributes.name}
          width={width ?? undefined}
          height={height ?? undefined}
          draggable={false}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          // Never larger than the picture itself: a small image stays sharp instead of blown up.
          style={{ maxWidth: width ?? undefined, maxHeight: height ?? undefined }}
          className={cn(
            'absolute inset-0 m-auto size-full object-contain transition-opacity duration-200 select-none',
            loaded ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
    </div>
  );
}

import { UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type HTMLAttributes } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { useUploadActions } from '../../uploads';
import { isFileDrag, useFileDropTarget } from './dnd';
import { useFilesSource } from './source';
import { useBrowser } from './store';

interface FileDropZoneProps extends HTMLAttributes<HTMLDivElement> {
  folderId: string | null;
  enabled: boolean;
  ref?: React.Ref<HTMLDivElement>;
}

/**
 * Files and folders dragged from the desktop upload into the open folder; a dashed frame says
 * where they will go. (A folder row under the pointer takes them itself.)
 */
export function FileDropZone({ folderId, enabled, className, children, ...rest }: FileDropZoneProps) {
  const { t } = useTranslation();
  const uploads = useUploadActions();
  const source = useFilesSource();
  const folderName = useBrowser((s) => s.folder?.attributes.name);
  const hovered = useFileDropTarget((s) => s.name);
  const [active, setActive] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    if (!active) return;
    const reset = () => {
      depth.current = 0;
      setActive(false);
      useFileDropTarget.setState({ name: null });
    };
    window.addEventListener('drop', reset, true);
    window.addEventListener('dragend', reset, true);
    return () => {
      window.removeEventListener('drop', reset, true);
      window.removeEventListener('dragend', reset, true);
    };
  }, [active]);

  const handlers = enabled
    ? {
        onDragEnter: (e: DragEvent<HTMLDivElement>) => {
          if (!isFileDrag(e)) return;
          e.preventDefault();
          depth.current += 1;
          setActive(true);
        },
        onDragLeave: (e: DragEvent<HTMLDivElement>) => {
          if (!isFileDrag(e)) return;
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setActive(false);
        },
        onDragOver: (e: DragEvent<HTMLDivElement>) => {
          if (!isFileDrag(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        },
        onDrop: (e: DragEvent<HTMLDivElement>) => {
          if (!isFileDrag(e)) return;
          e.preventDefault();
          depth.current = 0;
          setActive(false);
          uploads.uploadDropped(e.dataTransfer, folderId);
        },
      }
    : {};

  return (
    <div {...rest} {...handlers} className={cn('relative', className)}>
      {children}
      {active && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-2 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-accent bg-accent/8 backdrop-blur-[1px] dark:bg-accent/10"
        >
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-white/95 px-8 py-6 text-center shadow-lg dark:bg-neutral-900/95">
            <UploadCloud className="size-8 text-accent-strong dark:text-accent" aria-hidden />
            <p className="text-base font-semibold text-neutral-900 dark:text-white">
              {t('files.drop_to_upload', {
                folder: hovered ?? (folderId ? (folderName ?? '') : (source.root.name ?? t('nav.my_files'))),
              })}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

import { useMemo, useRef } from 'react';
import { useUploadActions } from '../../uploads';
import { useItemActions } from '../actions';
import type { DropHandlers } from './dnd';
import { useFilesSource } from './source';

/**
 * What a drop does: dragged items move, desktop files upload (unless `allowUploads` is false, or the
 * link doesn't allow it). One stable object per list, handed to every row, so rows stay cheap to
 * mount while scrolling.
 */
export function useDropHandlers(allowUploads = true): DropHandlers {
  const actions = useItemActions();
  const upload = useUploadActions();
  const source = useFilesSource();
  const uploads = allowUploads && source.can('upload');
  const latest = useRef({ actions, upload });
  latest.current = { actions, upload };
  return useMemo(
    () => ({
      move: (items, target) => latest.current.actions.moveTo(items, target),
      upload: uploads
        ? (dataTransfer, folderId) => latest.current.upload.uploadDropped(dataTransfer, folderId)
        : undefined,
    }),
    [uploads],
  );
}

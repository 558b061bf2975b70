import { useMemo, useRef } from 'react';
import { useUploadActions } from '../../uploads';
import { useItemActions } from '../actions';
import type { DropHandlers } from './dnd';

/**
 * What a drop does: dragged items move, desktop files upload (unless `uploads` is false). One
 * stable object per list, handed to every row, so rows stay cheap to mount while scrolling.
 */
export function useDropHandlers(uploads = true): DropHandlers {
  const actions = useItemActions();
  const upload = useUploadActions();
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

import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useConfig } from '../../lib/config';
import { fromFileList, readDropped, takeEntries, type SourceTree } from '../../lib/upload';
import { useCurrentFolderId } from '../files/current-folder';
import { useUser } from '../user/user.api';
import type { UploadActions } from './index';
import { showUploadDisabled } from './feedback';
import { startUpload, type UploadTarget } from './start-upload';
import { setChunkSize } from './upload-store';

type Picker = 'files' | 'folder';
let onPicked: ((tree: SourceTree) => void) | null = null;
const inputs = new Map<Picker, HTMLInputElement>();

/**
 * One hidden input per picker, kept in the page so the browser's chooser (and Playwright's
 * setInputFiles) always finds it; the latest pick decides where the files go.
 */
function pickerInput(kind: Picker): HTMLInputElement {
  let input = inputs.get(kind);
  if (input) return input;
  input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.hidden = true;
  input.dataset.upload = kind;
  if (kind === 'folder') input.webkitdirectory = true;
  input.addEventListener('change', () => {
    const list = input.files;
    if (list && list.length > 0) onPicked?.(fromFileList(list));
    input.value = '';
  });
  document.body.append(input);
  inputs.set(kind, input);
  return input;
}

/** The pickers and the desktop drop, into the folder on screen (or the one dropped on). */
export function useUploadActions(): UploadActions {
  const config = useConfig();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const currentFolderId = useCurrentFolderId();
  const restrictions = user?.meta.restrictions;
  setChunkSize(config.chunkSize);

  return useMemo(() => {
    const target = (parentId: string | null): UploadTarget => ({ parentId, config, restrictions, queryClient });
    const pick = (kind: Picker) => {
      // No point choosing files the server will refuse: say so before the picker opens.
      if (restrictions && !restrictions.canUpload) {
        showUploadDisabled(config, restrictions.reason);
        return;
      }
      const upload = target(currentFolderId);
      onPicked = (tree) => void startUpload(tree, upload);
      pickerInput(kind).click();
    };
    return {
      pickFiles: () => pick('files'),
      pickFolder: () => pick('folder'),
      uploadDropped(dataTransfer, parentId) {
        const upload = target(parentId);
        // Entries must be taken while the drop event runs; reading them can happen later.
        const dropped = takeEntries(dataTransfer);
        void readDropped(dropped).then((tree) => startUpload(tree, upload));
      },
    };
  }, [config, restrictions, queryClient, currentFolderId]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useConfig } from '../../lib/config';
import { fromFileList, readDropped, takeEntries, type SourceTree } from '../../lib/upload/entries';
import { ownRestrictionsApply, useFilesSource } from '../files/browser/source';
import { useCurrentFolderId } from '../files/current-folder';
import { useUser } from '../user/user.api';
import type { UploadActions } from './index';
import { showUploadDisabled } from './feedback';
import type { UploadTarget } from './start-upload';
import { markUploadsStarted } from './upload-signal';

type Picker = 'files' | 'folder';

/**
 * The engine is a lazy chunk: asking for it as the picker opens means it is there by the time the
 * user has chosen, and the panel starts loading alongside.
 */
function loadEngine() {
  markUploadsStarted();
  return import('./start-upload');
}

async function upload(tree: SourceTree, target: UploadTarget): Promise<void> {
  const { startUpload } = await loadEngine();
  await startUpload(tree, target);
}
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
  const source = useFilesSource();
  // Through a link the owner's restrictions apply: the server answers for them.
  const restrictions = ownRestrictionsApply(source) ? user?.meta.restrictions : undefined;
  const { upload: destination, createFolder: createFolderUrl } = source.endpoints;

  return useMemo(() => {
    const target = (parentId: string | null): UploadTarget => ({
      parentId,
      config,
      restrictions,
      queryClient,
      destination,
      createFolderUrl,
    });
    const pick = (kind: Picker) => {
      // No point choosing files the server will refuse: say so before the picker opens.
      if (restrictions && !restrictions.canUpload) {
        showUploadDisabled(config, restrictions.reason);
        return;
      }
      const into = target(currentFolderId);
      void loadEngine();
      onPicked = (tree) => void upload(tree, into);
      pickerInput(kind).click();
    };
    return {
      pickFiles: () => pick('files'),
      pickFolder: () => pick('folder'),
      uploadDropped(dataTransfer, parentId) {
        const into = target(parentId);
        // Entries must be taken while the drop event runs; reading them can happen later.
        const dropped = takeEntries(dataTransfer);
        void readDropped(dropped).then((tree) => upload(tree, into));
      },
    };
  }, [config, restrictions, queryClient, currentFolderId, destination, createFolderUrl]);
}

import { type FolderResource, type AppConfig, type Restrictions } from '@filestore/contract';
import type { QueryClient } from '@tanstack/react-query';
import { translator } from '../../lib/i18n';
import { api, isApiError } from '../../lib/api';
import { showAlert } from '../../lib/popups';
import {
  checkFiles,
  planUpload,
  type ChunkDestination,
  type FolderUpload,
  type SourceTree,
  type UploadItem,
} from '../../lib/upload';
import { refreshFiles } from '../files/refresh';
import { reportFailure, reportRefusals, showUploadDisabled } from './feedback';
import { setUploadConfig, uploads } from './upload-store';

export interface UploadTarget {
  parentId: string | null;
  config: AppConfig;
  restrictions: Restrictions | undefined;
  queryClient: QueryClient;
  /** Where chunks and the folders of a folder upload go: the account's calls, or a link's. */
  destination: ChunkDestination;
  createFolderUrl: string;
}

const REFRESH_EVERY_MS = 1000;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Listing, tree and used storage catch up after each file, at most once a second. */
function scheduleRefresh(client: QueryClient, now = false): void {
  if (now) {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
    void refreshFiles(client);
    return;
  }
  refreshTimer ??= setTimeout(() => {
    refreshTimer = null;
    void refreshFiles(client);
  }, REFRESH_EVERY_MS);
}

export function bindHooks(target: Pick<UploadTarget, 'queryClient' | 'config'>): void {
  const { queryClient, config } = target;
  uploads.setHooks({
    onUploaded: () => scheduleRefresh(queryClient),
    onFailed: (task, failure) => {
      reportFailure(task, failure, config);
      scheduleRefresh(queryClient);
    },
    onIdle: () => scheduleRefresh(queryClient, true),
  });
}

async function createFolder(url: string, name: string, parentId: string | null): Promise<string> {
  const created = await api.post<FolderResource>(url, { name, parent_id: parentId });
  return created.data.id;
}

function folderError(error: unknown): void {
  const message = isApiError(error) ? error.message : translator.t('errors.generic');
  showAlert(translator.t('upload.folder_failed_title'), message);
}

/** Creates the top folder (the server may answer "Name (1)"), then the empty folders inside it. */
async function prepareFolder(url: string, folder: FolderUpload, parentId: string | null): Promise<string> {
  const topId = await createFolder(url, folder.name, parentId);
  const ids = new Map<string, string>([['', topId]]);
  for (const segments of folder.emptyDirectories) {
    let parent = topId;
    for (let depth = 1; depth <= segments.length; depth++) {
      const key = segments.slice(0, depth).join('/');
      let id = ids.get(key);
      if (!id) {
        id = await createFolder(url, segments[depth - 1] ?? '', parent);
        ids.set(key, id);
      }
      parent = id;
    }
  }
  return topId;
}

/**
 * Spec §5 checks, then the queue: loose files go straight in; each folder is created first and
 * its files follow with `parent_id` = the new folder and `path` = their place inside it.
 */
export async function startUpload(tree: SourceTree, target: UploadTarget): Promise<void> {
  if (tree.files.length === 0 && tree.directories.length === 0) return;
  const { config, restrictions, parentId, destination, createFolderUrl } = target;
  if (restrictions && !restrictions.canUpload) {
    showUploadDisabled(config, restrictions.reason);
    return;
  }
  const checked = checkFiles(tree.files, (source) => source.file, config);
  reportRefusals(checked, config);
  const plan = planUpload({ files: checked.accepted, directories: tree.directories });
  bindHooks(target);
  setUploadConfig(config);
  // Folders first, so the whole drop is one batch: one total, one "complete" at the end. Small
  // files then travel many to a request (the engine packs them), the folders inside the top one
  // made by the server from each file's path; only empty ones are made here.
  const item = (file: File, parent: string | null, path: string | null): UploadItem => ({
    file,
    name: file.name,
    lastModified: file.lastModified,
    parentId: parent,
    path,
    destination,
  });
  const items: UploadItem[] = plan.files.map((file) => item(file, parentId, null));
  let createdFolder = false;
  for (const folder of plan.folders) {
    try {
      const folderId = await prepareFolder(createFolderUrl, folder, parentId);
      createdFolder = true;
      items.push(...folder.files.map(({ file, path }) => item(file, folderId, path)));
    } catch (error) {
      folderError(error);
    }
  }
  // New folders show up at once, and fill as their files arrive.
  if (createdFolder) scheduleRefresh(target.queryClient, true);
  uploads.add(items);
}

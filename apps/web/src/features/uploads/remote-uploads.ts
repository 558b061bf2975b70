import { REMOTE_UPLOAD_URL_MAX, REMOTE_UPLOAD_URLS_MAX, type RemoteUploadResource } from '@filestore/contract';
import { create } from 'zustand';
import { api } from '../../lib/api';
import type { TFunction } from '../../lib/i18n';

/**
 * Remote upload batches this tab follows (spec §2 progress bar): started here, or announced by the
 * socket. Each is kept until it is done and dismissed.
 */
export interface RemoteBatch {
  id: string;
  total: number;
  processed: number;
  failed: number;
  done: boolean;
  failures: { url: string; reason: string }[];
  /** Where its status is polled while the socket is not there (or missed an event). */
  statusUrl: string | null;
}

interface RemoteUploadsState {
  batches: RemoteBatch[];
  /** Adds or updates a batch; counts never go back (a late poll answer after an event). */
  put: (batch: Partial<RemoteBatch> & { id: string }) => void;
  dismiss: (id: string) => void;
}

export const useRemoteUploads = create<RemoteUploadsState>((set) => ({
  batches: [],
  put: (next) =>
    set(({ batches }) => {
      const known = batches.find((b) => b.id === next.id);
      if (!known) {
        const batch: RemoteBatch = {
          total: 0,
          processed: 0,
          failed: 0,
          done: false,
          failures: [],
          statusUrl: null,
          ...next,
        };
        return { batches: [...batches, batch] };
      }
      if (next.processed !== undefined && next.processed < known.processed) return { batches };
      return { batches: batches.map((b) => (b.id === next.id ? { ...b, ...next, done: b.done || !!next.done } : b)) };
    }),
  dismiss: (id) => set(({ batches }) => ({ batches: batches.filter((b) => b.id !== id) })),
}));

export const batchFromResource = (resource: RemoteUploadResource, statusUrl: string): RemoteBatch => {
  const a = resource.data.attributes;
  return {
    id: resource.data.id,
    total: a.total,
    processed: a.processed,
    failed: a.failed,
    done: a.status === 'done',
    failures: a.failures,
    statusUrl,
  };
};

/** Where a source's remote uploads go and their status comes from. */
export interface RemoteUploadEndpoints {
  start: string;
  status: (batchId: string) => string;
}

export async function startRemoteUpload(
  endpoints: RemoteUploadEndpoints,
  urls: string[],
  parentId: string | null,
): Promise<RemoteBatch> {
  const resource = await api.post<RemoteUploadResource>(endpoints.start, { urls, parent_id: parentId });
  const batch = batchFromResource(resource, endpoints.status(resource.data.id));
  useRemoteUploads.getState().put(batch);
  return batch;
}

const isWebAddress = (line: string) => {
  try {
    const url = new URL(line);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The popup's text as URLs (one a line, blank lines ignored), or the first thing wrong with it. */
export function parseUrls(text: string, t: TFunction): { urls: string[]; error: null } | { urls: null; error: string } {
  const lines = text
    .split(/\r?\n/)
    .map((l, i) => ({ value: l.trim(), line: i + 1 }))
    .filter((l) => l.value !== '');
  if (lines.length === 0) return { urls: null, error: t('remote_upload.error_empty') };
  if (lines.length > REMOTE_UPLOAD_URLS_MAX) {
    return {
      urls: null,
      error: t('remote_upload.error_too_many', { max: REMOTE_UPLOAD_URLS_MAX, count: lines.length }),
    };
  }
  const bad = lines.find((l) => l.value.length > REMOTE_UPLOAD_URL_MAX || !isWebAddress(l.value));
  if (bad) return { urls: null, error: t('remote_upload.error_invalid', { line: bad.line }) };
  return { urls: lines.map((l) => l.value), error: null };
}

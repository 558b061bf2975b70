import { z } from 'zod';
import { uuid } from './files.js';
import { REMOTE_UPLOAD_URL_MAX, REMOTE_UPLOAD_URLS_MAX } from './limits.js';

/**
 * Remote upload (spec §2 remote-upload popup, §3 "Remote upload progress", issue 13): the server
 * fetches files from http(s) URLs into a folder, in the background, one batch per request.
 */
export const remoteUrl = z
  .string()
  .trim()
  .min(1, { message: 'Enter a URL.' })
  .max(REMOTE_UPLOAD_URL_MAX, { message: `A URL has at most ${REMOTE_UPLOAD_URL_MAX} characters.` })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'Enter a full http:// or https:// address.' },
  );

/** POST /api/upload/remote (and its share-editor and upload-request twins). */
export const remoteUploadRequest = z.object({
  urls: z
    .array(remoteUrl)
    .min(1, { message: 'Enter at least one URL.' })
    .max(REMOTE_UPLOAD_URLS_MAX, { message: `Enter at most ${REMOTE_UPLOAD_URLS_MAX} URLs at once.` }),
  parent_id: uuid.nullish(),
});
export type RemoteUploadRequest = z.infer<typeof remoteUploadRequest>;

export const remoteUploadStatus = z.enum(['queued', 'running', 'done']);

/** A batch as its uploader sees it: answered at once (201) and by the status endpoint while it runs. */
export const remoteUploadResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('remote-upload'),
    attributes: z.object({
      status: remoteUploadStatus,
      total: z.number().int(),
      processed: z.number().int(),
      failed: z.number().int(),
      /** The folder the files go to; null is the owner's top level. */
      parent_id: z.string().nullable(),
      /** What failed and why (in the order of the URLs). */
      failures: z.array(z.object({ url: z.string(), reason: z.string() })),
    }),
  }),
});
export type RemoteUploadResource = z.infer<typeof remoteUploadResource>;

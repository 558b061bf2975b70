import { sessionRequired } from './chunk-errors.js';
import type { ChunkFields } from './chunk-request.js';
import type { SessionFields } from './chunked-upload.js';

/**
 * Null when the request carries the whole file (`is_last_chunk` without an upload session, or the
 * first chunk already holding every byte); otherwise the fields of a chunk of a session.
 */
export function wholeFileOrSession(fields: ChunkFields): SessionFields | null {
  const { upload_id, offset, size, chunk_size } = fields;
  if (upload_id === undefined) {
    if (!fields.is_last_chunk) throw sessionRequired();
    return null;
  }
  if (offset === undefined || size === undefined || chunk_size === undefined) throw sessionRequired();
  if (fields.is_last_chunk && offset === 0 && size <= chunk_size) return null;
  return { ...fields, upload_id, offset, size, chunk_size };
}

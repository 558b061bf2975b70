import { randomUUID } from 'node:crypto';
import type { ItemResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { extensionOf, scopeOf, type Actor } from '../files/index.js';
import { admitUpload } from './admission.js';
import type { ChunkBody } from './chunk-body.js';
import type { ChunkFields } from './chunk-request.js';
import { sizeMismatch } from './chunk-errors.js';
import { detectType, SNIFF_BYTES, storedMimeType, typesForExtension } from './file-types.js';
import { assertTypeAllowed, byteBudget, emptyFile } from './upload-policy.js';
import { storeFile } from './store-file.js';

/**
 * A file sent in one request: streamed straight to `files/<id>`, counted on the way, and stopped
 * (with nothing left behind) the moment it passes the upload limit or the free space, or differs
 * from the size the client announced.
 */
export async function uploadWholeFile(
  ctx: AppContext,
  actor: Actor,
  fields: ChunkFields,
  body: ChunkBody,
): Promise<ItemResource> {
  const extension = extensionOf(fields.name);
  // No folder named: the top of the actor's scope (the root, or the folder a link reaches).
  const parentId = fields.parent_id ?? scopeOf(actor).rootId;
  const admitted = await admitUpload(ctx, actor, { parentId, size: fields.size, sessionId: null });
  const { settings, allowance } = admitted;
  assertTypeAllowed(settings, { extension, mimetypes: typesForExtension(extension) });

  const head = await body.peek(SNIFF_BYTES);
  if (head.length === 0) throw emptyFile();
  const type = await detectType(head, extension);
  assertTypeAllowed(settings, { extension, sniffed: type.sniffed, mimetypes: typesForExtension(extension) });
  const mimetype = storedMimeType(type);

  const fileId = randomUUID();
  const blobKey = `files/${fileId}`;
  const budget = byteBudget(allowance);
  const meter = body.metered({
    exact: fields.size,
    max: budget.max,
    over: (bytes) =>
      fields.size !== undefined && bytes > fields.size ? sizeMismatch(fields.size) : budget.over(bytes),
    short: (bytes) => sizeMismatch(fields.size ?? bytes, bytes),
  });
  try {
    await ctx.storage.put(blobKey, meter.body, { contentType: mimetype, size: fields.size });
  } catch (error) {
    await ctx.storage.delete(blobKey).catch(() => undefined);
    throw meter.failure ?? error;
  }
  ctx.outages.recovered('storage');
  return storeFile(
    ctx,
    actor,
    {
      fileId,
      blobKey,
      parentId,
      folders: fields.folders,
      name: fields.name,
      mimetype,
      size: meter.bytes,
      sessionId: null,
    },
    admitted,
  );
}

import { randomUUID } from 'node:crypto';
import type { ItemResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { MB } from '../../lib/format.js';
import { extensionOf, scopeOf, type Actor } from '../files/index.js';
import { admitUpload, type Admission } from './admission.js';
import type { ChunkBody } from './chunk-body.js';
import type { ChunkFields } from './chunk-request.js';
import { sizeMismatch } from './chunk-errors.js';
import { fileBatches } from './file-batches.js';
import { detectType, SNIFF_BYTES, storedMimeType, typesForExtension } from './file-types.js';
import { assertTypeAllowed, byteBudget, emptyFile } from './upload-policy.js';

/**
 * A whole file announced at most this large is stored before it is checked (ADR 0020): its checks
 * are made once, with the other uploads of its group commit, in the transaction that makes it a
 * file; a refusal then removes the bytes. Larger ones, or of unknown size, are checked before
 * their first byte is stored, as well as in that transaction, so no large body is written in vain.
 */
export const CHECKED_AFTER_BYTES = 1 * MB;

/**
 * A file sent in one request: streamed straight to `files/<id>`, counted on the way, and stopped
 * (with nothing left behind) the moment it passes the upload limit or the free space, or differs
 * from the size the client announced; then made a file of the tree by the group commit of uploads.
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
  if (fields.size === 0) throw emptyFile();
  const small = fields.size !== undefined && fields.size <= CHECKED_AFTER_BYTES;
  const batches = fileBatches(ctx);
  // A small file is on its way to the group commit: the next transaction may wait for it.
  const arrived = small ? batches.expect() : undefined;
  try {
    return await storeWhole(ctx, actor, fields, body, { parentId, extension, small, batches, arrived });
  } finally {
    arrived?.();
  }
}

async function storeWhole(
  ctx: AppContext,
  actor: Actor,
  fields: ChunkFields,
  body: ChunkBody,
  how: {
    parentId: string | null;
    extension: string | null;
    small: boolean;
    batches: ReturnType<typeof fileBatches>;
    arrived: (() => void) | undefined;
  },
): Promise<ItemResource> {
  const { parentId, extension, small } = how;
  let admitted: Admission | null = null;
  if (!small) {
    admitted = await admitUpload(ctx, actor, { parentId, size: fields.size, sessionId: null });
    assertTypeAllowed(admitted.settings, { extension, mimetypes: typesForExtension(extension) });
  }

  const head = await body.peek(SNIFF_BYTES);
  if (head.length === 0) throw emptyFile();
  const type = await detectType(head, extension);
  const facts = { extension, sniffed: type.sniffed, mimetypes: typesForExtension(extension) };
  if (admitted) assertTypeAllowed(admitted.settings, facts);
  const mimetype = storedMimeType(type);

  const fileId = randomUUID();
  const blobKey = `files/${fileId}`;
  const budget = admitted
    ? byteBudget(admitted.allowance)
    : { max: undefined, over: () => sizeMismatch(fields.size ?? 0) };
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
  return how.batches.add(
    {
      actor,
      type: facts,
      blob: {
        fileId,
        blobKey,
        parentId,
        folders: fields.folders,
        name: fields.name,
        mimetype,
        size: meter.bytes,
        sessionId: null,
      },
    },
    how.arrived,
  );
}

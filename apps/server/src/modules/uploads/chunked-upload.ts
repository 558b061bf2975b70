import { randomUUID } from 'node:crypto';
import type { ItemResource, UploadProgressResponse } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { isDatabaseUnavailable } from '../../lib/db/database.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { isDiskFull } from '../../lib/outages.js';
import { MB } from '../../lib/format.js';
import { mayContinue } from '../access/index.js';
import { authorizeOne, extensionOf, presentItem, presentingFor, scopeOf, type Actor } from '../files/index.js';
import { MAX_PARTS, MIN_PART_SIZE } from '../storage/index.js';
import { admitUpload, type Admission } from './admission.js';
import type { ChunkBody } from './chunk-body.js';
import { chunkSizeMismatch, offsetMismatch, sizeMismatch, uploadNotFound } from './chunk-errors.js';
import { foldersOf, type ChunkFields } from './chunk-request.js';
import { detectType, SNIFF_BYTES, storedMimeType, typesForExtension } from './file-types.js';
import { crashPoint } from './crash-point.js';
import { endSession } from './end-session.js';
import { storeFile } from './store-file.js';
import { assertMayStore, assertTypeAllowed } from './upload-policy.js';
import type { UploadSessionRow } from './upload-sessions.table.js';
import {
  advanceSession,
  deleteSession,
  findSession,
  insertSession,
  lockOwner,
  reservedBytes,
} from './upload-sessions.repository.js';

/** Chunks become storage parts; 512 MB is the most the settings allow and far beyond any sane chunk. */
export const MAX_CHUNK_SIZE = 512 * MB;

export type SessionFields = ChunkFields & { upload_id: string; offset: number; size: number; chunk_size: number };

export type ChunkOutcome = { status: 200; body: UploadProgressResponse } | { status: 201; body: ItemResource };

interface Placement {
  offset: number;
  length: number;
  partNumber: number;
  isLast: boolean;
}

const progress = (session: UploadSessionRow): ChunkOutcome => ({
  status: 200,
  body: { data: { upload_id: session.id, received: session.received, chunk_size: session.chunkSize } },
});

/**
 * One chunk of a file sent in several (architecture: uploads are sessions). The first creates the
 * session and its storage multipart upload; each chunk is stored as part `offset / chunk_size + 1`
 * only when it starts where the session stands, a chunk already stored is answered without storing
 * it twice, and the last one joins the parts and creates the file.
 */
export async function receiveChunk(
  ctx: AppContext,
  actor: Actor,
  fields: SessionFields,
  body: ChunkBody,
): Promise<ChunkOutcome> {
  const session = await findSession(ctx.db, fields.upload_id);
  if (!session) {
    if (fields.offset !== 0) throw uploadNotFound();
    return startSession(ctx, actor, fields, body);
  }
  if (!mayContinue(scopeOf(actor).actorKey, session.actorKey)) throw uploadNotFound();
  if (session.completedFileId) return answerFinished(ctx, actor, session.completedFileId, body);
  return continueSession(ctx, actor, session, fields, body);
}

/** The last chunk sent again after its answer got lost: the same file, stored once. */
async function answerFinished(ctx: AppContext, actor: Actor, fileId: string, body: ChunkBody): Promise<ChunkOutcome> {
  if (!(await body.drain(MAX_CHUNK_SIZE))) await body.release();
  const file = await authorizeOne(ctx.db, actor, 'view', fileId, { state: 'any' });
  return { status: 201, body: await presentItem(ctx, file, presentingFor(actor)) };
}

function assertChunkSize(size: number, chunkSize: number): void {
  if (chunkSize > MAX_CHUNK_SIZE) throw chunkSizeMismatch('A chunk can be at most 512 MB.');
  if (chunkSize < MIN_PART_SIZE && size > chunkSize) {
    throw chunkSizeMismatch('Chunks must be at least 5 MiB unless one chunk holds the whole file.');
  }
  if (Math.ceil(size / chunkSize) > MAX_PARTS) {
    throw chunkSizeMismatch(`A file can be sent in at most ${MAX_PARTS} chunks; use larger chunks.`);
  }
}

function placeChunk(session: Pick<UploadSessionRow, 'size' | 'chunkSize' | 'received'>, fields: SessionFields) {
  const { size, chunkSize } = session;
  const { offset } = fields;
  if (offset % chunkSize !== 0 || offset >= size) throw offsetMismatch(session.received);
  const length = Math.min(chunkSize, size - offset);
  const isLast = offset + length === size;
  if (fields.is_last_chunk !== isLast) {
    throw validationFailed({
      is_last_chunk: [isLast ? 'This chunk ends the file.' : 'This chunk does not end the file.'],
    });
  }
  return { offset, length, isLast, partNumber: offset / chunkSize + 1 } satisfies Placement;
}

async function startSession(
  ctx: AppContext,
  actor: Actor,
  fields: SessionFields,
  body: ChunkBody,
): Promise<ChunkOutcome> {
  const scope = scopeOf(actor);
  const extension = extensionOf(fields.name);
  // No folder named: the top of the actor's scope (the root, or the folder a link reaches).
  const parentId = fields.parent_id ?? scope.rootId;
  assertChunkSize(fields.size, fields.chunk_size);
  const place = placeChunk({ size: fields.size, chunkSize: fields.chunk_size, received: 0 }, fields);
  const admitted = await admitUpload(ctx, actor, { parentId, size: fields.size, sessionId: fields.upload_id });
  const { settings } = admitted;
  assertTypeAllowed(settings, { extension, mimetypes: typesForExtension(extension) });

  const type = await detectType(await body.peek(Math.min(SNIFF_BYTES, place.length)), extension);
  assertTypeAllowed(settings, { extension, sniffed: type.sniffed, mimetypes: typesForExtension(extension) });
  const contentType = storedMimeType(type);

  const fileId = randomUUID();
  const key = `files/${fileId}`;
  const multipartId = await ctx.storage.createMultipart(key, { contentType });
  const abort = () => ctx.storage.abortMultipart(key, multipartId).catch(() => undefined);
  let session: UploadSessionRow | null;
  try {
    // The reservation and the check that admits it happen under the owner's lock, so two first
    // chunks racing for the last free bytes cannot both get them.
    session = await ctx.db.transaction(async (tx) => {
      // The folder's owner's storage (a team folder's owner's for a member: ADR 0029).
      const owner = await lockOwner(tx, admitted.ownerId);
      if (!owner) throw uploadNotFound();
      const reserved = await reservedBytes(tx, owner.id, fields.upload_id);
      assertMayStore({ owner, settings, reserved }, fields.size);
      return insertSession(tx, {
        id: fields.upload_id,
        actorKey: scope.actorKey,
        creatorId: scope.creatorId,
        ownerId: admitted.ownerId,
        fileId,
        parentId,
        name: fields.name,
        extension,
        path: fields.path ?? null,
        size: fields.size,
        chunkSize: fields.chunk_size,
        multipartId,
        contentType,
      });
    });
  } catch (error) {
    await abort();
    throw error;
  }
  if (!session) {
    // The same first chunk, sent twice at once: the other request made the session.
    await abort();
    const existing = await findSession(ctx.db, fields.upload_id);
    if (!existing || !mayContinue(scope.actorKey, existing.actorKey)) throw uploadNotFound();
    return continueSession(ctx, actor, existing, fields, body);
  }
  try {
    return await storeChunk(ctx, actor, session, place, body, admitted);
  } catch (error) {
    // A first chunk that did not arrive leaves nothing behind; the client starts again at 0.
    if (await deleteSession(ctx.db, session.id, { untouched: true })) await abort();
    throw error;
  }
}

async function continueSession(
  ctx: AppContext,
  actor: Actor,
  session: UploadSessionRow,
  fields: SessionFields,
  body: ChunkBody,
): Promise<ChunkOutcome> {
  if (fields.size !== session.size || fields.chunk_size !== session.chunkSize) {
    throw chunkSizeMismatch('This chunk belongs to an upload of another size or chunk size.');
  }
  const place = placeChunk(session, fields);
  let admitted: Admission;
  try {
    admitted = await admitUpload(ctx, actor, {
      parentId: session.parentId,
      size: session.size,
      sessionId: session.id,
    });
    assertTypeAllowed(admitted.settings, {
      extension: session.extension,
      mimetypes: [session.contentType, ...typesForExtension(session.extension)],
    });
  } catch (error) {
    // Refused now means refused for good (the folder is gone, the quota or the rules changed):
    // the session ends, so its bytes stop being reserved.
    if (error instanceof AppError && error.status < 500) await endSession(ctx, session);
    throw error;
  }
  if (place.offset + place.length <= session.received) {
    // A chunk already stored: read what a chunk may hold and no more, then answer.
    if (!(await body.drain(place.length))) await body.release();
    // Every byte arrived but no file was made (the process died in between, or the answer was
    // lost while it was being made): the last chunk, sent again, makes it or waits for it.
    if (place.isLast) return finishSession(ctx, actor, session, admitted);
    return progress(session);
  }
  if (place.offset !== session.received) throw offsetMismatch(session.received);
  return storeChunk(ctx, actor, session, place, body, admitted);
}

async function storeChunk(
  ctx: AppContext,
  actor: Actor,
  session: UploadSessionRow,
  place: Placement,
  body: ChunkBody,
  admitted: Admission,
): Promise<ChunkOutcome> {
  const key = `files/${session.fileId}`;
  const meter = body.metered({
    exact: place.length,
    over: () => sizeMismatch(place.length),
    short: (bytes) => sizeMismatch(place.length, bytes),
  });
  let etag: string;
  try {
    ({ etag } = await ctx.storage.uploadPart(key, session.multipartId, place.partNumber, meter.body, place.length));
  } catch (error) {
    if (meter.failure) throw meter.failure;
    // No space left: the upload cannot go on, and its parts and reservation would only hold on to
    // the space others need. The client is told so (507) and starts again later.
    if (isDiskFull(error)) {
      await endSession(ctx, session);
      throw error;
    }
    // The storage upload is gone: the other copy of this last chunk may have finished it meanwhile.
    if (error instanceof AppError && error.status === 404)
      return otherCopyCounted(ctx, actor, session.id, place, error);
    throw error;
  }
  ctx.outages.recovered('storage');
  const advanced = await advanceSession(ctx.db, session.id, place.offset, place.length, {
    partNumber: place.partNumber,
    etag,
  });
  if (!advanced) return otherCopyCounted(ctx, actor, session.id, place, offsetMismatch);
  return place.isLast ? finishSession(ctx, actor, advanced, admitted) : progress(advanced);
}

/**
 * The answer to a chunk whose bytes another request counted first (the same chunk sent twice at
 * once); `otherwise` when the session moved elsewhere.
 */
async function otherCopyCounted(
  ctx: AppContext,
  actor: Actor,
  sessionId: string,
  place: Placement,
  otherwise: AppError | ((received: number) => AppError),
): Promise<ChunkOutcome> {
  const current = await findSession(ctx.db, sessionId);
  if (!current) throw uploadNotFound();
  // The same last chunk sent twice at once: answer with the file the other request makes.
  if (place.isLast && current.received === current.size) return waitForFile(ctx, actor, current.id);
  // The same chunk sent twice at once: the other request counted it.
  if (place.offset + place.length <= current.received) return progress(current);
  throw typeof otherwise === 'function' ? otherwise(current.received) : otherwise;
}

const FINISH_WAIT_MS = 60_000;

/**
 * Waits (briefly) for the request that received the whole file to turn it into one; then `lost`
 * says whether the upload cannot be finished any more (404) rather than later (409).
 */
async function waitForFile(
  ctx: AppContext,
  actor: Actor,
  sessionId: string,
  lost?: () => Promise<boolean>,
): Promise<ChunkOutcome> {
  let size = 0;
  for (const started = Date.now(); Date.now() - started < FINISH_WAIT_MS;) {
    const session = await findSession(ctx.db, sessionId);
    if (!session) throw uploadNotFound();
    if (session.completedFileId) {
      const file = await authorizeOne(ctx.db, actor, 'view', session.completedFileId, { state: 'any' });
      return { status: 201, body: await presentItem(ctx, file, presentingFor(actor)) };
    }
    size = session.size;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (lost && (await lost())) throw uploadNotFound();
  // Everything arrived but the file is not made yet: sending the last chunk again later gets it.
  throw offsetMismatch(size);
}

async function finishSession(
  ctx: AppContext,
  actor: Actor,
  session: UploadSessionRow,
  admitted: Admission,
): Promise<ChunkOutcome> {
  const key = `files/${session.fileId}`;
  let joined: boolean;
  try {
    joined = await joinParts(ctx, session);
  } catch (error) {
    // Storage refused to join the parts (or the disk is full): the upload cannot go on.
    await endSession(ctx, session);
    throw error;
  }
  if (!joined) {
    return waitForFile(ctx, actor, session.id, async () => {
      // Nobody made the file and no blob appeared: the parts died with the process joining them.
      if (await ctx.storage.head(key)) return false;
      await endSession(ctx, session);
      return true;
    });
  }
  crashPoint(ctx, 'upload-complete');
  try {
    const file = await storeFile(
      ctx,
      actor,
      {
        fileId: session.fileId,
        blobKey: key,
        parentId: session.parentId,
        folders: foldersOf(session.path),
        name: session.name,
        mimetype: session.contentType,
        size: session.size,
        sessionId: session.id,
        ownerId: session.ownerId,
      },
      admitted,
    );
    return { status: 201, body: file };
  } catch (error) {
    // The database is away: the session and its blob stay, and the last chunk sent again finishes it.
    if (isDatabaseUnavailable(error)) throw error;
    // The parts became a blob, and storeFile deleted it: nothing is left to resume.
    await deleteSession(ctx.db, session.id);
    throw error;
  }
}

/**
 * Joins the session's parts into its blob; true once the blob is there. Joined already (by a request
 * that died before it made the file, or by the other copy of this last chunk) is fine; false when
 * the parts are gone but the blob is not there yet: the other copy is joining them right now.
 */
async function joinParts(ctx: AppContext, session: UploadSessionRow): Promise<boolean> {
  const key = `files/${session.fileId}`;
  try {
    await ctx.storage.completeMultipart(key, session.multipartId, session.parts);
    return true;
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
    return (await ctx.storage.head(key)) !== null;
  }
}

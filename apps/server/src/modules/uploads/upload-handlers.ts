import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { mayContinue } from '../access/index.js';
import { scopeOf, type Actor } from '../files/index.js';
import { ChunkBody } from './chunk-body.js';
import { assertBoundary, isParserError, malformedBody, uploadNotFound } from './chunk-errors.js';
import { parseChunkFields } from './chunk-request.js';
import { MAX_CHUNK_SIZE, receiveChunk, type ChunkOutcome } from './chunked-upload.js';
import { endSession } from './end-session.js';
import { wholeFileOrSession } from './upload-mode.js';
import { findSession } from './upload-sessions.repository.js';
import { uploadWholeFile } from './whole-file.js';

// Text fields are small; the bytes are counted by the upload itself, never by the parser.
const MULTIPART_LIMITS = { fields: 20, fieldSize: 20_000, fieldNameSize: 100, files: 1, parts: 25, fileSize: Infinity };

/**
 * Registers upload routes in a scope of their own that parses multipart bodies: the rest of the
 * API keeps its 1 MB JSON bodies. The signed-in user's, the share links' and the upload requests'
 * chunk routes all go through here; their bulk routes (ADR 0075) in scopes of their own, with the
 * bulk request's limits (`BULK_MULTIPART_LIMITS`).
 */
export function uploadRoutesScope(
  app: TypedApp,
  routes: (scope: TypedApp) => void,
  limits: typeof MULTIPART_LIMITS = MULTIPART_LIMITS,
): void {
  app.register(async (instance) => {
    await instance.register(multipart, { limits, throwFileSizeLimit: false });
    routes(instance.withTypeProvider<ZodTypeProvider>());
  });
}

/**
 * One chunk (or a whole small file) for the actor: 200 with the progress, 201 with the file made.
 * The actor may be given as a function resolving it (a link's token, whose checks may refuse): it
 * runs once the chunk is on its way, so a refusal still reads the body and gets its answer through.
 */
export async function receiveUpload(
  ctx: AppContext,
  actor: Actor | (() => Promise<Actor>),
  request: FastifyRequest,
): Promise<ChunkOutcome> {
  return withChunk(request, async (fields, body): Promise<ChunkOutcome> => {
    const uploader = typeof actor === 'function' ? await actor() : actor;
    const session = wholeFileOrSession(fields);
    if (!session) return { status: 201, body: await uploadWholeFile(ctx, uploader, fields, body) };
    return receiveChunk(ctx, uploader, session, body);
  });
}

/** Ends one of the actor's running uploads; someone else's is unknown (404). */
export async function cancelUpload(ctx: AppContext, actor: Actor, uploadId: string): Promise<void> {
  const session = await findSession(ctx.db, uploadId);
  if (!session || !mayContinue(scopeOf(actor).actorKey, session.actorKey)) throw uploadNotFound();
  await endSession(ctx, session);
}

/**
 * Hands the fields and the streaming `chunk` to `handle`, and makes sure the request is read to the
 * end whatever happens, so a refused chunk still gets its answer and the connection stays usable.
 */
async function withChunk<T>(
  request: FastifyRequest,
  handle: (fields: ReturnType<typeof parseChunkFields>, body: ChunkBody) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw validationFailed({ chunk: ['Send the chunk as multipart/form-data.'] });
  assertBoundary(request.headers['content-type']);
  const part = await request.file().catch((error: unknown) => {
    throw isParserError(error) ? malformedBody() : error;
  });
  if (!part || part.fieldname !== 'chunk') {
    part?.file.resume();
    throw validationFailed({ chunk: ['Attach the chunk after the text fields.'] });
  }
  // The parser fails the file stream when the body ends before its closing boundary; whatever
  // that failure became on its way through storage, the answer is the client's mistake.
  let cut = false;
  part.file.once('error', () => (cut = true));
  const body = new ChunkBody(part.file);
  try {
    return await handle(parseChunkFields(part.fields), body);
  } catch (error) {
    // A browser still sending its chunk may not read an early answer; let it finish first, up to
    // the largest chunk a client may send (a larger body is cut off below).
    await body.drain(MAX_CHUNK_SIZE).catch(() => false);
    // The stream may have failed before the listener above was attached (`errored` keeps that).
    const wasCut = cut || part.file.errored != null;
    throw wasCut && !(error instanceof AppError) ? malformedBody() : error;
  } finally {
    await body.release();
    // Whatever the parser did not read is dropped on the floor rather than kept in memory.
    request.raw.resume();
  }
}

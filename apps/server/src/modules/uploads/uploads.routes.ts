import multipart from '@fastify/multipart';
import { uuid } from '@filestore/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { validationFailed } from '../../lib/errors.js';
import { requireUser } from '../auth/index.js';
import { scopeOf, type Actor } from '../files/index.js';
import { ChunkBody } from './chunk-body.js';
import { uploadNotFound } from './chunk-errors.js';
import { parseChunkFields } from './chunk-request.js';
import { MAX_CHUNK_SIZE, receiveChunk, type ChunkOutcome } from './chunked-upload.js';
import { endSession } from './end-session.js';
import { wholeFileOrSession } from './upload-mode.js';
import { findSession } from './upload-sessions.repository.js';
import { uploadSessionsCleanupJob } from './upload-sessions-cleanup.job.js';
import { uploadWholeFile } from './whole-file.js';

// Text fields are small; the bytes are counted by the upload itself, never by the parser.
const MULTIPART_LIMITS = { fields: 20, fieldSize: 20_000, fieldNameSize: 100, files: 1, parts: 25, fileSize: Infinity };

/** Chunked upload (spec §7 "Chunked upload action") and its clean-up job. */
export function uploadsRoutes(app: TypedApp, ctx: AppContext) {
  ctx.jobs.register(uploadSessionsCleanupJob(ctx));

  // Multipart parsing only here: the rest of the API keeps its 1 MB JSON bodies.
  app.register(async (instance) => {
    await instance.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
    const scope = instance.withTypeProvider<ZodTypeProvider>();

    scope.post('/api/upload/chunks', async (request, reply) => {
      const actor: Actor = { kind: 'user', user: requireUser(request) };
      const outcome = await withChunk(request, (fields, body): Promise<ChunkOutcome> => {
        const session = wholeFileOrSession(fields);
        if (!session) return uploadWholeFile(ctx, actor, fields, body).then((file) => ({ status: 201, body: file }));
        return receiveChunk(ctx, actor, session, body);
      });
      return reply.code(outcome.status).send(outcome.body);
    });

    scope.delete(
      '/api/upload/chunks/:uploadId',
      { schema: { params: z.object({ uploadId: uuid }) } },
      async (request, reply) => {
        const actor: Actor = { kind: 'user', user: requireUser(request) };
        const session = await findSession(ctx.db, request.params.uploadId);
        if (!session || session.actorKey !== scopeOf(actor).actorKey) throw uploadNotFound();
        await endSession(ctx, session);
        return reply.code(204).send();
      },
    );
  });
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
  const part = await request.file();
  if (!part || part.fieldname !== 'chunk') {
    part?.file.resume();
    throw validationFailed({ chunk: ['Attach the chunk after the text fields.'] });
  }
  const body = new ChunkBody(part.file);
  try {
    return await handle(parseChunkFields(part.fields), body);
  } catch (error) {
    // A browser still sending its chunk may not read an early answer; let it finish first, up to
    // the largest chunk a client may send (a larger body is cut off below).
    await body.drain(MAX_CHUNK_SIZE).catch(() => false);
    throw error;
  } finally {
    await body.release();
    // Whatever the parser did not read is dropped on the floor rather than kept in memory.
    request.raw.resume();
  }
}

import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { uuid } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { requireUser } from '../access/index.js';
import { entityTag, ifNoneMatchHits, protectFileBytes } from '../downloads/index.js';
import { BLOB_DELETIONS_JOB, queueBlobDeletions } from '../storage/index.js';
import {
  avatarBlobKey,
  avatarBlobKeys,
  avatarSizeNames,
  findUserById,
  users,
  type AvatarSize,
  type UserRow,
} from '../users/index.js';
import { avatarTooLarge, MAX_AVATAR_BYTES, notAnImage, renderAvatar } from './avatar-image.js';
import { ownUser } from './own-user.js';

const MULTIPART_LIMITS = {
  fields: 5,
  fieldSize: 1000,
  fieldNameSize: 100,
  files: 1,
  parts: 6,
  fileSize: MAX_AVATAR_BYTES,
};

const malformedBody = () =>
  new AppError(400, 'upload.malformed_body', 'The upload is not a complete multipart/form-data body.');

/** The `avatar` part's bytes, at most MAX_AVATAR_BYTES; larger ones are 413 before any decoding. */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  // The whole body can be a little larger than the file (boundaries, headers), never much.
  if (declared > MAX_AVATAR_BYTES + 64 * 1024) throw avatarTooLarge();
  if (!request.isMultipart()) throw validationFailed({ avatar: ['Send the avatar as multipart/form-data.'] });
  const part = await request.file().catch((error: unknown) => {
    throw (error as { statusCode?: number }).statusCode ? error : malformedBody();
  });
  if (!part || part.fieldname !== 'avatar') {
    part?.file.resume();
    throw validationFailed({ avatar: ['Attach the image as the "avatar" field.'] });
  }
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw avatarTooLarge();
    if (bytes.length === 0) throw notAnImage();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw avatarTooLarge();
    throw malformedBody();
  }
}

/**
 * Points the user at `setId` (or at none) and queues the previous set's blobs for deletion in the
 * same transaction: the old files go only once nothing names them (the blob-deletion outbox).
 */
async function replaceAvatarKey(ctx: AppContext, userId: string, setId: string | null): Promise<UserRow> {
  const updated = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw notFound();
    const [row] = await tx
      .update(users)
      .set({ avatarKey: setId, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (current.avatarKey) await queueBlobDeletions(tx, avatarBlobKeys(userId, current.avatarKey));
    return { row: row!, hadOld: current.avatarKey !== null };
  });
  if (updated.hadOld) ctx.jobs.trigger(BLOB_DELETIONS_JOB);
  return updated.row;
}

const imageParams = z.object({
  userId: uuid,
  setId: uuid,
  size: z.enum(avatarSizeNames as [AvatarSize, ...AvatarSize[]]),
});

/**
 * The signed-in user's avatar (issue 15): upload (decoded and drawn again as three square WebP
 * crops, never the uploaded bytes), removal, and the route serving the images.
 */
export function avatarRoutes(app: TypedApp, ctx: AppContext) {
  app.register(async (instance) => {
    await instance.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.post('/api/user/avatar', { config: { access: 'user' } }, async (request) => {
      const user = requireUser(request);
      let bytes: Buffer;
      try {
        bytes = await readAvatarPart(request);
      } finally {
        // Whatever the parser did not read is dropped rather than kept in memory.
        request.raw.resume();
      }
      const images = await renderAvatar(bytes);
      const setId = randomUUID();
      const keys = avatarSizeNames.map((size) => avatarBlobKey(user.id, setId, size));
      try {
        for (const size of avatarSizeNames) {
          await ctx.storage.put(avatarBlobKey(user.id, setId, size), images[size], {
            contentType: 'image/webp',
            size: images[size].length,
          });
        }
        const updated = await replaceAvatarKey(ctx, user.id, setId);
        return await ownUser(ctx, updated);
      } catch (error) {
        // Nothing names the new set unless the transaction committed: remove what was written.
        const current = await findUserById(ctx.db, user.id).catch(() => undefined);
        if (current?.avatarKey !== setId) await ctx.storage.deleteMany(keys).catch(() => undefined);
        throw error;
      }
    });
  });

  app.delete('/api/user/avatar', { config: { access: 'user' } }, async (request) => {
    const user = requireUser(request);
    return ownUser(ctx, await replaceAvatarKey(ctx, user.id, null));
  });

  // Any signed-in user may see anyone's avatar: people appear beside each other in teams, invitations
  // and "uploaded by", and the set id in the URL is random, so it cannot be guessed. A replaced set
  // answers 404 at once (its blobs go with the deletion job); a set's bytes never change.
  app.get(
    '/api/avatars/:userId/:setId/:size',
    { config: { access: 'user' }, schema: { params: imageParams } },
    async (request, reply) => {
      const { userId, setId, size } = request.params;
      const owner = await findUserById(ctx.db, userId);
      if (!owner || owner.avatarKey !== setId) throw notFound();
      const etag = entityTag('avatar', setId, size);
      void reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', etag);
      protectFileBytes(reply);
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const blob = await ctx.storage.get(avatarBlobKey(userId, setId, size));
      return reply.header('content-type', 'image/webp').header('content-length', blob.contentLength).send(blob.body);
    },
  );
}

import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { requireAdmin } from '../access/index.js';
import { entityTag, ifNoneMatchHits, protectFileBytes } from '../downloads/index.js';
import {
  imageSettingNames,
  readSettings,
  writeSettings,
  type ImageSettingName,
  type Settings,
} from '../settings/index.js';
import { BLOB_DELETIONS_JOB, queueBlobDeletions } from '../storage/index.js';
import { recordAudit } from './audit.js';
import {
  CONTENT_TYPES,
  imageTooLarge,
  MAX_APPEARANCE_IMAGE_BYTES,
  notAnImage,
  renderAppearanceImage,
} from './appearance-images.js';

/** Where an appearance image's bytes live in storage. */
export const appearanceBlobKey = (fileName: string) => `appearance/${fileName}`;

/** The public URL of an appearance image (the configuration carries it), or null. */
export const appearanceImageUrl = (fileName: string | null) => (fileName ? `/api/appearance/${fileName}` : null);

const keyParams = z.object({ key: z.enum(imageSettingNames as [ImageSettingName, ...ImageSettingName[]]) });
const fileParams = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.(webp|png|jpg)$/),
});

const malformedBody = () =>
  new AppError(400, 'upload.malformed_body', 'The upload is not a complete multipart/form-data body.');

/** The `image` part's bytes, at most the cap; larger ones are 413 before any decoding. */
async function readImagePart(request: FastifyRequest, field: string): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_APPEARANCE_IMAGE_BYTES + 64 * 1024) throw imageTooLarge();
  if (!request.isMultipart()) throw validationFailed({ [field]: ['Send the image as multipart/form-data.'] });
  const part = await request.file().catch((error: unknown) => {
    throw (error as { statusCode?: number }).statusCode ? error : malformedBody();
  });
  if (!part || part.fieldname !== 'image') {
    part?.file.resume();
    throw validationFailed({ [field]: ['Attach the image as the "image" field.'] });
  }
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw imageTooLarge();
    if (bytes.length === 0) throw notAnImage(field);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw malformedBody();
  }
}

/**
 * Points the setting at `fileName` (or at none), queueing the previous image's blob for deletion
 * and writing the audit row in the same transaction. Two admins replacing the same image one after
 * the other each see the other's result: the lock orders them.
 */
async function replaceImage(
  ctx: AppContext,
  actor: { id: string; email: string },
  key: ImageSettingName,
  fileName: string | null,
): Promise<Settings> {
  const previous = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`appearance:${key}`}))`);
    const before = (await readSettings(tx))[key];
    await writeSettings(tx, { [key]: fileName });
    if (before) await queueBlobDeletions(tx, [appearanceBlobKey(before)]);
    await recordAudit(tx, actor, 'settings.changed', null, { name: key, from: before, to: fileName });
    return before;
  });
  if (previous) ctx.jobs.trigger(BLOB_DELETIONS_JOB);
  return readSettings(ctx.db);
}

const answer = (settings: Settings, key: ImageSettingName) => ({
  data: { name: key, value: settings[key], url: appearanceImageUrl(settings[key]) },
});

/**
 * The appearance images (issue 16, ADR 0043): uploaded by an admin, decoded and drawn again at
 * their kind's size, stored through the storage port, served to anyone (the sign-in page shows
 * the logo to visitors).
 */
export function appearanceRoutes(app: TypedApp, ctx: AppContext) {
  app.register(async (instance) => {
    await instance.register(multipart, {
      limits: { fields: 5, fieldSize: 1000, files: 1, parts: 6, fileSize: MAX_APPEARANCE_IMAGE_BYTES },
      throwFileSizeLimit: true,
    });
    const admin = instance.withTypeProvider<ZodTypeProvider>();

    admin.post(
      '/api/admin/settings/images/:key',
      { config: { access: 'admin' }, schema: { params: keyParams } },
      async (request) => {
        const actor = requireAdmin(request);
        const { key } = request.params;
        let bytes: Buffer;
        try {
          bytes = await readImagePart(request, key);
        } finally {
          request.raw.resume();
        }
        const image = await renderAppearanceImage(key, bytes);
        const fileName = `${randomUUID()}.${image.format}`;
        await ctx.storage.put(appearanceBlobKey(fileName), image.bytes, {
          contentType: image.contentType,
          size: image.bytes.length,
        });
        try {
          return answer(await replaceImage(ctx, actor, key, fileName), key);
        } catch (error) {
          // Nothing names the new image unless the transaction committed.
          const now = await readSettings(ctx.db).catch(() => undefined);
          if (now?.[key] !== fileName) await ctx.storage.delete(appearanceBlobKey(fileName)).catch(() => undefined);
          throw error;
        }
      },
    );

    admin.delete(
      '/api/admin/settings/images/:key',
      { config: { access: 'admin' }, schema: { params: keyParams } },
      async (request) => {
        const actor = requireAdmin(request);
        return answer(await replaceImage(ctx, actor, request.params.key, null), request.params.key);
      },
    );
  });

  // Public: visitors see the logo on the sign-in page, crawlers the og image. A name is fresh per
  // upload, so its bytes never change (cached for a year); a replaced image answers 404 at once.
  app.get(
    '/api/appearance/:name',
    { config: { access: 'public' }, schema: { params: fileParams } },
    async (request, reply) => {
      const { name } = request.params;
      const settings = await readSettings(ctx.db);
      if (!imageSettingNames.some((key) => settings[key] === name)) throw notFound();
      const etag = entityTag('appearance', name);
      void reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      protectFileBytes(reply);
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const blob = await ctx.storage.get(appearanceBlobKey(name));
      const extension = name.slice(name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      return reply
        .header('content-type', CONTENT_TYPES[extension])
        .header('content-length', blob.contentLength)
        .send(blob.body);
    },
  );
}

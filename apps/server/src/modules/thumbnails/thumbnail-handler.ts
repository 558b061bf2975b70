import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { notFound } from '../../lib/errors.js';
import { entityTag, ifNoneMatchHits, protectFileBytes } from '../downloads/index.js';
import { authorizeOne, type Actor } from '../files/index.js';
import { thumbnailKey, type ThumbnailSize } from './thumbnail-sizes.js';

/**
 * A file's thumbnail for any actor, in any state the access policy lets it reach: the owner also
 * of trashed files, someone holding a link only of live files inside its subtree.
 */
export async function sendThumbnail(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { id: string; size: ThumbnailSize },
) {
  const row = await authorizeOne(ctx.db, actor, 'view', target.id, { state: 'any' });
  if (row.type !== 'file' || row.thumbnailStatus !== 'ready') throw notFound();
  // Thumbnails of an item never change once made; its size and dimensions pin the version.
  const etag = entityTag('thumb', row.id, target.size, row.size, row.width ?? 0, row.height ?? 0);
  void reply.header('cache-control', 'private, max-age=86400').header('etag', etag);
  protectFileBytes(reply);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const blob = await ctx.storage.get(thumbnailKey(row.id, target.size));
  return reply.header('content-type', 'image/webp').header('content-length', blob.contentLength).send(blob.body);
}

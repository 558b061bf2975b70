import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { notFound } from '../../lib/errors.js';
import {
  authorize,
  authorizeContents,
  authorizeOne,
  homeOf,
  liveTrees,
  selectedAncestors,
  type Actor,
  type ItemRow,
  type TreeRow,
} from '../files/index.js';
import { contentDisposition } from '../storage/index.js';
import { assertCanDownload } from './download-access.js';
import { protectFileBytes } from './file-headers.js';
import { endWithConnection, sendFileBytes } from './file-response.js';
import { onBytesSent, splitBytes } from './sent-bytes.js';
import { planZipEntries } from './zip-entries.js';
import { parseZipItems } from './zip-items.js';
import { streamZip } from './zip-stream.js';

/*
 * Downloads for any actor: the owner's routes and the share-link and upload-request routes call
 * these. What may leave is decided by the owner's restrictions, whoever asks.
 */

/**
 * One file's bytes, with ranges and validators, in any state the actor may reach: the owner also
 * trashed files (to preview them in the trash), someone holding a link only live ones inside its
 * subtree (the access policy narrows it).
 */
export async function downloadFile(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { id: string; inline: boolean },
) {
  const row = await authorizeOne(ctx.db, actor, 'download', target.id, { state: 'any' });
  if (row.type !== 'file' || !row.blobKey) throw notFound();
  await assertCanDownload(ctx, homeOf(actor), [row]);
  const file = { ...row, blobKey: row.blobKey, changedAt: row.updatedAt };
  const { S3_DIRECT_DOWNLOADS: direct, S3_DIRECT_DOWNLOADS_EXPIRY: expiresIn } = ctx.config.env;
  return sendFileBytes(ctx.storage, request, reply, file, {
    inline: target.inline,
    direct: direct ? { expiresIn } : undefined,
    // The owner's bytes left (a share link's or upload request's owner for a visitor): their traffic.
    counted: (bytes) => ctx.traffic.countDownload(row.ownerId, bytes),
  });
}

/**
 * What a zip holds: `items` as `id|type,id|type`, or after "select all" a folder's live contents
 * (`all_in`, null for the top of the actor's tree) less `except` (ADR 0018, ADR 0023).
 */
export interface ZipSelection {
  items?: string | undefined;
  all_in?: string | null | undefined;
  except?: string[] | undefined;
}

/** The live items a zip selection names, each decided by the access policy. */
async function zipSelection(ctx: AppContext, actor: Actor, selection: ZipSelection) {
  if (selection.all_in !== undefined) {
    const { folder, rows } = await authorizeContents(
      ctx.db,
      actor,
      'download',
      selection.all_in,
      selection.except ?? [],
    );
    return { selected: rows, folderName: folder?.name ?? null };
  }
  const refs = parseZipItems(selection.items ?? '');
  const chosen = await authorize(ctx.db, actor, 'download', refs, { state: 'live' });
  // An item inside a chosen folder comes with that folder; zipping it again would double it.
  const above = await selectedAncestors(
    ctx.db,
    chosen.map((r) => r.id),
  );
  const selected = chosen.filter((r) => above(r.id).next().done);
  const [only] = selected;
  return { selected, folderName: selected.length === 1 && only?.type === 'folder' ? only.name : null };
}

/** Each owner's bytes in a zip: a folder's tree is its owner's (a team folder's too, ADR 0029). */
function contentByOwner(selected: readonly ItemRow[], trees: readonly TreeRow[]): Map<string, number> {
  const ownerOf = new Map(selected.map((r) => [r.id, r.ownerId]));
  const weights = new Map<string, number>();
  const add = (ownerId: string | undefined, bytes: number) => {
    if (ownerId) weights.set(ownerId, (weights.get(ownerId) ?? 0) + bytes);
  };
  for (const row of selected) add(row.ownerId, row.type === 'file' ? row.size : 0);
  for (const row of trees) if (row.type === 'file') add(ownerOf.get(row.rootId), row.size);
  return weights;
}

/** A streamed zip of the chosen live files and folders. */
export async function downloadZip(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  choice: ZipSelection,
) {
  const { selected, folderName } = await zipSelection(ctx, actor, choice);
  await assertCanDownload(ctx, homeOf(actor), selected);
  const trees = await liveTrees(
    ctx.db,
    selected.filter((r) => r.type === 'folder').map((r) => r.id),
  );
  // The local disk answers from the page cache in microseconds, and reads ahead would take libuv
  // pool threads that other downloads wait for (ADR 0004): only S3 reads ahead (ADR 0021).
  const { stream, size } = await streamZip(ctx.storage, planZipEntries(selected, trees), request.log, {
    depth: ctx.storage.name === 's3' ? ctx.config.env.ZIP_READ_AHEAD : 1,
    maxBytes: ctx.config.env.ZIP_READ_AHEAD_MB * 1024 * 1024,
  });
  const filename = folderName !== null ? `${folderName}.zip` : 'files.zip';
  protectFileBytes(reply);
  endWithConnection(request, stream);
  onBytesSent(request, reply, size, (bytes) => {
    for (const [ownerId, share] of splitBytes(bytes, contentByOwner(selected, trees)))
      ctx.traffic.countDownload(ownerId, share);
  });
  return reply
    .headers({
      'content-type': 'application/zip',
      'content-length': size,
      'content-disposition': contentDisposition(filename),
      'cache-control': 'private, no-store',
    })
    .send(stream);
}

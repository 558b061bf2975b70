import type { ItemRef, RemoveRequest, Selection } from '@filestore/contract';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../lib/db/database.js';
import type { JobRunner } from '../../lib/jobs.js';
import { publishEvent } from '../realtime/index.js';
import { publishItemsChanged } from './items-changed.js';
import { BLOB_DELETIONS_JOB, queueBlobDeletions } from '../storage/index.js';
import {
  authorize,
  authorizeContents,
  can,
  requireCapability,
  scopeIn,
  scopeOf,
  type Actor,
  type LoadedItem,
} from './access.js';
import { ancestryOf } from './ancestry.repository.js';
import { selectedAncestors } from './items.repository.js';
import { items, type ItemRow } from './items.table.js';
import { allocateNames, retryOnNameClash } from './names.js';
import { deleteAllTrashed, deleteSubtrees, restoreTops, trashSubtrees, type DeletedFile } from './trash.repository.js';
import { applyCounts, countedInParent, type CountDeltas, withTreeLock, withTreeLockFor } from './tree.js';
import { thumbnailKeys } from './blob-keys.js';

export interface FilesDeps {
  db: Db;
  log: Logger;
  jobs: Pick<JobRunner, 'trigger'>;
}

/**
 * The bytes of deleted files are queued in the deleting transaction and removed by a job after the
 * commit (storage's outbox): the answer does not wait for storage, and a failure is retried.
 */
async function queueBlobsOf(tx: Db, files: readonly DeletedFile[]) {
  const keys = files.flatMap((f) => [f.blobKey ?? `files/${f.id}`, ...(f.thumbnails ? thumbnailKeys(f.id) : [])]);
  await queueBlobDeletions(tx, keys);
}

type SelectedAbove = Awaited<ReturnType<typeof selectedAncestors>>;

/** Whether a proper ancestor of `row` among the selected ones passes `test`. */
function below(above: SelectedAbove, row: ItemRow, test: (id: string) => boolean): boolean {
  for (const id of above(row.id)) if (test(id)) return true;
  return false;
}

/**
 * Trashes items (`force_delete` false) or deletes them forever with everything below them. An item
 * inside another one of the request goes with it. Deletions run first, so an item deleted forever
 * inside a folder trashed by the same request still leaves that folder's count. An actor who may
 * trash but not delete forever (someone holding a link) only ever trashes: what they remove waits
 * in the owner's trash, who can restore it.
 */
export async function removeItems(deps: FilesDeps, actor: Actor, requested: RemovedItem[]): Promise<RemovedCounts> {
  const forever = can(actor, 'delete');
  const refs = forever ? requested : requested.map((r) => ({ ...r, force_delete: false }));
  const forceIds = new Set(refs.filter((r) => r.force_delete).map((r) => r.id));
  const ids = refs.map((r) => r.id);
  const { files, trashed, deleted, trashedIn } = await withTreeLockFor(deps.db, actor, ids, async (tx) => {
    const deleting = refs.filter((r) => r.force_delete);
    const toDelete = deleting.length ? await authorize(tx, actor, 'delete', deleting, { state: 'any' }) : [];
    const toTrash = await authorize(
      tx,
      actor,
      'trash',
      refs.filter((r) => !forceIds.has(r.id)),
      { state: 'live' },
    );
    const ancestors = await selectedAncestors(
      tx,
      [...toDelete, ...toTrash].map((r) => r.id),
    );
    const trashIds = new Set(toTrash.map((r) => r.id));
    const deleteRoots = toDelete.filter((r) => !below(ancestors, r, (a) => forceIds.has(a)));
    const trashRoots = toTrash.filter((r) => !below(ancestors, r, (a) => forceIds.has(a) || trashIds.has(a)));
    // Each item in its owner's tree: what a member removes in a team folder is its owner's (ADR 0029).
    let gone = 0;
    for (const ownerId of new Set([...deleteRoots, ...trashRoots].map((r) => r.ownerId))) {
      const deletedFiles = await deleteSubtrees(
        tx,
        ownerId,
        deleteRoots.filter((r) => r.ownerId === ownerId),
      );
      await queueBlobsOf(tx, deletedFiles);
      gone += deletedFiles.length;
      await trashSubtrees(
        tx,
        ownerId,
        trashRoots.filter((r) => r.ownerId === ownerId),
      );
    }
    await publishItemsChanged(
      tx,
      [...deleteRoots, ...trashRoots].map((r) => ({ ownerId: r.ownerId, folderId: r.parentId })),
    );
    return {
      files: gone,
      trashed: trashRoots.length,
      deleted: deleteRoots.length,
      trashedIn: trashRoots.map((r) => r.ownerId),
    };
  });
  if (files) deps.jobs.trigger(BLOB_DELETIONS_JOB);
  return { trashed, deleted, trashedToOwner: othersTrash(actor, trashedIn) };
}

/** What a removal did: counts, and whose trash got items the actor may not reach (a team folder's owner's). */
export interface RemovedCounts {
  trashed: number;
  deleted: number;
  trashedItems?: ItemRef[];
  /** The owner whose trash got items, when not the actor's own tree (a member's trash in a team folder). */
  trashedToOwner: string | null;
}

/** The owner of the trash items went to, when a user put them in someone else's (a team folder's owner's). */
function othersTrash(actor: Actor, owners: readonly string[]): string | null {
  if (actor.kind !== 'user') return null;
  return owners.find((o) => o !== actor.user.id) ?? null;
}

type RemovedItem = NonNullable<RemoveRequest['items']>[number];

/**
 * Trashes (or, with `forever`, deletes) a live folder's whole contents but the exceptions, in one
 * transaction whatever their number (ADR 0018). They are siblings: none lies below another. An
 * actor who may not delete forever only trashes, as with explicit ids.
 */
export async function removeContents(
  deps: FilesDeps,
  actor: Actor,
  selection: Exclude<Selection<RemovedItem>, { items: RemovedItem[] }>,
  forceDelete: boolean,
): Promise<RemovedCounts> {
  const forever = forceDelete && can(actor, 'delete');
  const { files, removed, ownerId } = await withTreeLockFor(deps.db, actor, [selection.allIn], async (tx) => {
    const action = forever ? 'delete' : 'trash';
    const { folder, rows } = await authorizeContents(tx, actor, action, selection.allIn, selection.except);
    // The folder's owner's tree: a team folder's content is its owner's (ADR 0029).
    const { ownerId } = scopeIn(actor, folder);
    if (rows.length) await publishItemsChanged(tx, [{ ownerId, folderId: selection.allIn }]);
    if (!forever) {
      await trashSubtrees(tx, ownerId, rows);
      return { files: 0, removed: rows, ownerId };
    }
    const gone = await deleteSubtrees(tx, ownerId, rows);
    await queueBlobsOf(tx, gone);
    return { files: gone.length, removed: rows, ownerId };
  });
  if (files) deps.jobs.trigger(BLOB_DELETIONS_JOB);
  // What went to the trash, for an Undo (ADR 0023).
  const refs = removed.map((r) => ({ id: r.id, type: r.type }));
  return forever
    ? { trashed: 0, deleted: removed.length, trashedToOwner: null }
    : {
        trashed: removed.length,
        deleted: 0,
        trashedItems: refs,
        trashedToOwner: removed.length ? othersTrash(actor, [ownerId]) : null,
      };
}

export async function emptyTrash(deps: FilesDeps, actor: Actor) {
  requireCapability(actor, 'delete');
  const ownerId = scopeOf(actor).ownerId;
  const files = await withTreeLock(deps.db, ownerId, async (tx) => {
    const gone = await deleteAllTrashed(tx, ownerId);
    await queueBlobsOf(tx, gone);
    // No listing of a folder changed, only the trash: an event naming no folder.
    await publishEvent(tx, [ownerId], 'items.changed', { folders: [] });
    return gone.length;
  });
  if (files) deps.jobs.trigger(BLOB_DELETIONS_JOB);
}

/** Counter changes of restoring `tops` into their destinations. */
function restoreCounts(tops: readonly LoadedItem[], destinationOf: (t: LoadedItem) => string | null): CountDeltas {
  const deltas: CountDeltas = new Map();
  const add = (parentId: string | null, type: ItemRow['type'], n: number) => {
    const d = deltas.get(parentId) ?? { folders: 0, files: 0 };
    if (type === 'folder') d.folders += n;
    else d.files += n;
    deltas.set(parentId, d);
  };
  for (const t of tops) {
    const destination = destinationOf(t);
    // In the trash through its folder, it is still counted there: restored elsewhere, it leaves that count.
    if (countedInParent(t) && destination === t.parentId) continue;
    if (countedInParent(t)) add(t.parentId, t.type, -1);
    add(destination, t.type, 1);
  }
  return deltas;
}

/**
 * Restores trashed items with what is in the trash through them. Each goes back to its folder when
 * that folder is live (or restored by the same request) and `toHome` is false, else to the root;
 * only the items themselves may need a suffix there. An item in the trash through a trashed
 * folder above it (not itself marked) leaves that folder.
 */
export async function restoreItems(
  db: Db,
  actor: Actor,
  toHome: boolean,
  refs: readonly ItemRef[],
): Promise<ItemRow[]> {
  const ownerId = scopeOf(actor).ownerId;
  const ids = await withTreeLock(db, ownerId, async (tx) => {
    const rows = await authorize(tx, actor, 'restore', refs, { state: 'trashed' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ancestors = await selectedAncestors(
      tx,
      rows.map((r) => r.id),
    );
    // An item in the trash through a selected ancestor comes back with it.
    const tops = rows.filter((r) => !below(ancestors, r, (a) => byId.get(a)?.trashedBy === r.trashedBy));
    // Outer items first: an item's folder may be in the trash through another item of the request,
    // and is live once that one is back.
    const topIds = new Set(tops.map((t) => t.id));
    const levelOf = new Map<string, number>();
    const level = (t: LoadedItem): number => {
      let n = levelOf.get(t.id);
      if (n === undefined) {
        n = 0;
        for (const a of ancestors(t.id)) if (topIds.has(a)) n += 1;
        levelOf.set(t.id, n);
      }
      return n;
    };
    const levels = [...new Set(tops.map(level))].sort((a, b) => a - b);
    const destinations = new Map<string, string | null>();

    await retryOnNameClash(tx, async (sp) => {
      for (const depth of levels) {
        const batch = tops.filter((t) => level(t) === depth);
        const parentIds = [...new Set(batch.flatMap((t) => (t.parentId ? [t.parentId] : [])))];
        const parents = parentIds.length && !toHome ? await ancestryOf(sp, parentIds) : null;
        const liveParents = new Set(parentIds.filter((id) => parents?.has(id) && parents.trashedBy(id) === null));
        for (const t of batch) destinations.set(t.id, t.parentId && liveParents.has(t.parentId) ? t.parentId : null);
        const placed: { id: string; parentId: string | null; name: string }[] = [];
        for (const parentId of new Set(batch.map((t) => destinations.get(t.id) ?? null))) {
          const group = batch.filter((t) => (destinations.get(t.id) ?? null) === parentId);
          const names = await allocateNames(
            sp,
            ownerId,
            parentId,
            group.map((t) => ({ name: t.name, type: t.type, id: t.id })),
          );
          group.forEach((t, i) => placed.push({ id: t.id, parentId, name: names[i] ?? t.name }));
        }
        await restoreTops(sp, placed);
      }
    });
    const destinationOf = (t: LoadedItem) => destinations.get(t.id) ?? null;
    await applyCounts(tx, ownerId, restoreCounts(tops, destinationOf));
    // Where they come back, and the trashed folders some of them leave.
    await publishItemsChanged(
      tx,
      tops.flatMap((t) => [
        { ownerId, folderId: destinationOf(t) },
        ...(t.parentId !== destinationOf(t) ? [{ ownerId, folderId: t.parentId }] : []),
      ]),
    );
    return rows.map((r) => r.id);
  });
  const fresh = await db.select().from(items).where(inArray(items.id, ids));
  const byId = new Map(fresh.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

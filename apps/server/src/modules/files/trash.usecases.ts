import type { ItemRef, RemoveRequest } from '@filestore/contract';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../lib/db/database.js';
import type { StorageDriver } from '../storage/index.js';
import { loadItems, scopeOf, type Actor } from './access.js';
import { items, type ItemRow } from './items.table.js';
import { allocateNames, retryOnNameClash } from './names.js';
import {
  applyCounts,
  countedInParent,
  deleteAllTrashed,
  deleteSubtrees,
  restoreBelow,
  restoreTops,
  selectedAncestors,
  trashSubtrees,
  type DeletedFile,
} from './trash.repository.js';

export interface FilesDeps {
  db: Db;
  storage: StorageDriver;
  log: Logger;
}

const THUMBNAIL_SIZES = ['sm', 'md', 'lg'] as const;

/** Blobs go after the rows are gone (and committed); a failure leaves orphans to reconcile, never a broken listing. */
async function deleteBlobs(deps: FilesDeps, files: readonly DeletedFile[]) {
  if (!files.length) return;
  const keys = files.flatMap((f) => [
    f.blobKey ?? `files/${f.id}`,
    ...THUMBNAIL_SIZES.map((s) => `thumbs/${f.id}/${s}`),
  ]);
  try {
    await deps.storage.deleteMany(keys);
  } catch (err) {
    deps.log.error({ err, count: keys.length }, 'deleting blobs of deleted files failed');
  }
}

/**
 * Trashes items (`force_delete` false) or deletes them forever with everything below them. An item
 * inside another one of the request goes with it. Deletions run first, so an item deleted forever
 * inside a folder trashed by the same request still leaves that folder's count.
 */
export async function removeItems(deps: FilesDeps, actor: Actor, refs: RemoveRequest['items']) {
  const forceIds = new Set(refs.filter((r) => r.force_delete).map((r) => r.id));
  const toDelete = await loadItems(
    deps.db,
    actor,
    refs.filter((r) => r.force_delete),
    { action: 'edit', state: 'any' },
  );
  const toTrash = await loadItems(
    deps.db,
    actor,
    refs.filter((r) => !r.force_delete && !forceIds.has(r.id)),
    {
      action: 'edit',
      state: 'live',
    },
  );
  const ancestors = await selectedAncestors(
    deps.db,
    [...toDelete, ...toTrash].map((r) => r.id),
  );
  const inside = (row: ItemRow, among: Set<string>) => [...(ancestors.get(row.id) ?? [])].some((a) => among.has(a));
  const trashIds = new Set(toTrash.map((r) => r.id));
  const deleteRoots = toDelete.filter((r) => !inside(r, forceIds));
  const trashRoots = toTrash.filter((r) => !inside(r, forceIds) && !inside(r, trashIds));

  const ownerId = scopeOf(actor).ownerId;
  const files = await deps.db.transaction(async (tx) => {
    const gone = await deleteSubtrees(tx, ownerId, deleteRoots);
    await trashSubtrees(tx, ownerId, trashRoots);
    return gone;
  });
  await deleteBlobs(deps, files);
  return { trashed: trashRoots.length, deleted: deleteRoots.length };
}

export async function emptyTrash(deps: FilesDeps, actor: Actor) {
  const ownerId = scopeOf(actor).ownerId;
  const files = await deps.db.transaction((tx) => deleteAllTrashed(tx, ownerId));
  await deleteBlobs(deps, files);
}

/**
 * Restores trashed items with what was trashed together with them. Each goes back to its folder
 * when that folder is live (or restored by the same request) and `toHome` is false, else to the
 * root; only the items themselves may need a suffix there.
 */
export async function restoreItems(
  db: Db,
  actor: Actor,
  toHome: boolean,
  refs: readonly ItemRef[],
): Promise<ItemRow[]> {
  const rows = await loadItems(db, actor, refs, { action: 'edit', state: 'trashed' });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ancestors = await selectedAncestors(
    db,
    rows.map((r) => r.id),
  );
  // An item trashed together with a selected ancestor comes back with it.
  const tops = rows.filter(
    (r) => ![...(ancestors.get(r.id) ?? [])].some((a) => byId.get(a)?.trashRootId === r.trashRootId),
  );
  const topIds = new Set(tops.map((t) => t.id));
  const ownerId = scopeOf(actor).ownerId;

  await db.transaction(async (tx) => {
    await restoreBelow(tx, tops);
    const parentIds = [...new Set(tops.flatMap((t) => (t.parentId ? [t.parentId] : [])))];
    const liveParents = new Set(
      parentIds.length
        ? (
            await tx
              .select({ id: items.id })
              .from(items)
              .where(and(inArray(items.id, parentIds), isNull(items.deletedAt)))
          ).map((p) => p.id)
        : [],
    );
    const destinationOf = (t: ItemRow) =>
      !toHome && t.parentId && (liveParents.has(t.parentId) || topIds.has(t.parentId)) ? t.parentId : null;
    const byDestination = new Map<string | null, ItemRow[]>();
    for (const t of tops) byDestination.set(destinationOf(t), [...(byDestination.get(destinationOf(t)) ?? []), t]);

    await retryOnNameClash(tx, async (sp) => {
      const placed: { id: string; parentId: string | null; name: string }[] = [];
      for (const [parentId, group] of byDestination) {
        const names = await allocateNames(
          sp,
          ownerId,
          parentId,
          group.map((t) => ({ name: t.name, type: t.type, id: t.id })),
        );
        group.forEach((t, i) => placed.push({ id: t.id, parentId, name: names[i] ?? t.name }));
      }
      await restoreTops(sp, placed);
    });

    const counts = new Map<string | null, { folders: number; files: number }>();
    const add = (parentId: string | null, type: ItemRow['type'], n: number) => {
      const c = counts.get(parentId) ?? { folders: 0, files: 0 };
      if (type === 'folder') c.folders += n;
      else c.files += n;
      counts.set(parentId, c);
    };
    for (const t of tops) {
      const destination = destinationOf(t);
      // Trashed with its folder, it was still counted there; restored elsewhere, it leaves that count.
      if (countedInParent(t) && destination === t.parentId) continue;
      if (countedInParent(t)) add(t.parentId, t.type, -1);
      add(destination, t.type, 1);
    }
    await applyCounts(tx, ownerId, counts);
  });

  const fresh = await db
    .select()
    .from(items)
    .where(
      inArray(
        items.id,
        rows.map((r) => r.id),
      ),
    );
  const freshById = new Map(fresh.map((r) => [r.id, r]));
  return rows.map((r) => freshById.get(r.id) ?? r);
}

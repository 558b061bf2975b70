import {
  FOLDER_DEPTH_MAX,
  type CreateFolderRequest,
  type ItemRef,
  type RenameRequest,
  type Selection,
} from '@filestore/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { publishItemsChanged } from './items-changed.js';
import type { Settings } from '../settings/index.js';
import { findUserById, restrictionsFor } from '../users/index.js';
import { authorize, authorizeFolder, authorizeMove, homeOf, scopeIn, type Actor } from './access.js';
import { folderCreationRestricted, folderTooDeep, isTreeGuardRefusal, moveIntoItself } from './files.errors.js';
import { assertRoomBelow, folderPath, insertItem, subtreeHeight } from './items.repository.js';
import { items, type ItemRow } from './items.table.js';
import { allocateNames, extensionOf, retryOnNameClash } from './names.js';
import { applyCounts, countsByParent, withTreeLockFor } from './tree.js';

export async function createFolder(
  db: Db,
  actor: Actor,
  settings: Settings,
  req: CreateFolderRequest,
): Promise<ItemRow> {
  return withTreeLockFor(db, actor, [req.parent_id], async (tx) => {
    const parent = await authorizeFolder(tx, actor, 'create', req.parent_id ?? null);
    // In a team folder, the folder is its owner's (ADR 0029); the actor is its creator.
    const scope = scopeIn(actor, parent);
    // What the owner of the tree may do decides, as for uploads: a team folder's owner's.
    const home = homeOf(actor);
    const owner = scope.ownerId === home.id ? home : await findUserById(tx, scope.ownerId);
    if (!owner) throw notFound();
    const restrictions = restrictionsFor(owner, settings);
    if (!restrictions.canCreateFolder) throw folderCreationRestricted(restrictions.reason);
    await assertRoomBelow(tx, parent?.id ?? null, 1);
    await publishItemsChanged(tx, [{ ownerId: scope.ownerId, folderId: parent?.id ?? null }]);
    return insertItem(tx, {
      ownerId: scope.ownerId,
      creatorId: scope.creatorId,
      parentId: parent?.id ?? null,
      type: 'folder',
      name: req.name,
      color: req.color ?? null,
      emoji: req.emoji ?? null,
    });
  });
}

/** What a rename request changes; colour and emoji belong to folders only. */
function renamePatch(item: ItemRow, req: RenameRequest): Partial<ItemRow> {
  if (item.type === 'file') {
    const refused = (['color', 'emoji'] as const).filter((field) => req[field] !== undefined && req[field] !== null);
    if (refused.length) {
      throw validationFailed(Object.fromEntries(refused.map((f) => [f, ['Only folders have a colour or emoji.']])));
    }
  }
  const patch: Partial<ItemRow> = {};
  if (item.type === 'folder' && req.color !== undefined) patch.color = req.color;
  if (item.type === 'folder' && req.emoji !== undefined) patch.emoji = req.emoji;
  if (req.name === undefined && Object.keys(patch).length === 0) {
    throw validationFailed({ name: ['Enter a new name, colour or emoji.'] });
  }
  return patch;
}

/** Name, colour and emoji; a name taken in the folder gets the first free suffix. */
export async function renameItem(db: Db, actor: Actor, id: string, req: RenameRequest): Promise<ItemRow> {
  // Under the tree lock, like moves: the folder the name is checked in cannot change meanwhile.
  return withTreeLockFor(db, actor, [id], async (locked) => {
    const [item] = await authorize(locked, actor, 'rename', [{ id, type: req.type }]);
    if (!item) throw notFound();
    const patch = renamePatch(item, req);
    return retryOnNameClash(locked, async (tx) => {
      if (req.name !== undefined && req.name !== item.name) {
        const [name = req.name] = await allocateNames(tx, item.ownerId, item.parentId, [
          { name: req.name, type: item.type, id: item.id },
        ]);
        patch.name = name;
        if (item.type === 'file') patch.extension = extensionOf(name);
      }
      const [row] = await tx
        .update(items)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(items.id, item.id))
        .returning();
      await publishItemsChanged(tx, [{ ownerId: item.ownerId, folderId: item.parentId }]);
      return row ?? item;
    });
  });
}

/**
 * Moved folders bring their subfolders: refuse when the deepest would pass `FOLDER_DEPTH_MAX`
 * below a target `targetDepth` deep. A move to the root is always allowed: it is the way out for
 * a tree made deeper than the limit before there was one.
 */
async function assertMoveKeepsDepth(db: Db, targetDepth: number, movers: readonly ItemRow[]) {
  if (targetDepth === 0) return;
  const folders = movers.filter((m) => m.type === 'folder').map((m) => m.id);
  const room = FOLDER_DEPTH_MAX - targetDepth;
  if ((await subtreeHeight(db, folders, room)) > room) throw folderTooDeep();
}

/**
 * Moves items into a live folder of the actor (or the root) in one transaction: the items named, or
 * a whole folder's contents but some (ADR 0018). Only the moved rows change; what lies below a
 * moved folder is not touched, so the cost does not grow with it.
 */
export async function moveItems(
  db: Db,
  actor: Actor,
  toId: string | null,
  selection: Selection<ItemRef>,
): Promise<ItemRow[]> {
  const named = 'items' in selection ? selection.items.map((r) => r.id) : [selection.allIn];
  const ids = await withTreeLockFor(db, actor, [toId, ...named], async (tx) => {
    // Source and destination decided by the same grant: one owner's tree (ADR 0029).
    const { target, rows } = await authorizeMove(tx, actor, toId, selection);
    const ownerId = scopeIn(actor, target).ownerId;
    const targetId = target?.id ?? null;
    const moving = new Set(rows.map((r) => r.id));
    const path = target ? await folderPath(tx, target.id) : [];
    if (path.some((p) => moving.has(p.id))) throw moveIntoItself();
    const movers = rows.filter((r) => r.parentId !== targetId);
    if (!movers.length) return [...moving];
    await assertMoveKeepsDepth(tx, path.length, movers);
    await retryOnNameClash(tx, async (sp) => {
      const names = await allocateNames(
        sp,
        ownerId,
        targetId,
        movers.map((m) => ({ name: m.name, type: m.type, id: m.id })),
      );
      const values = movers.map((m, i) => sql`(${m.id}::uuid, ${names[i] ?? m.name})`);
      await sp
        .execute(
          sql`
        update items set parent_id = ${targetId}::uuid, name = v.name, updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(id, name)
        where items.id = v.id`,
        )
        .catch((error: unknown) => {
          throw isTreeGuardRefusal(error) ? moveIntoItself() : error;
        });
    });
    // Both listings changed: where the items were, and where they are now.
    await publishItemsChanged(tx, [
      ...movers.map((m) => ({ ownerId, folderId: m.parentId })),
      { ownerId, folderId: targetId },
    ]);
    await applyCounts(tx, ownerId, countsByParent(movers, -1));
    await applyCounts(
      tx,
      ownerId,
      countsByParent(
        movers.map((m) => ({ ...m, parentId: targetId })),
        1,
      ),
    );
    return [...moving];
  });
  const fresh = await db.select().from(items).where(inArray(items.id, ids));
  const byId = new Map(fresh.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

import type { CreateFolderRequest, ItemRef, RenameRequest } from '@filestore/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { Settings } from '../settings/index.js';
import { restrictionsFor } from '../users/index.js';
import { loadFolder, loadItems, scopeOf, type Actor } from './access.js';
import { folderCreationRestricted, moveIntoItself } from './files.errors.js';
import { adjustChildCounts, folderPath, insertItem } from './items.repository.js';
import { items, type ItemRow } from './items.table.js';
import { allocateNames, extensionOf, retryOnNameClash } from './names.js';

export async function createFolder(
  db: Db,
  actor: Actor,
  settings: Settings,
  req: CreateFolderRequest,
): Promise<ItemRow> {
  const parent = await loadFolder(db, actor, req.parent_id ?? null, { action: 'edit' });
  const restrictions = restrictionsFor(actor.user, settings);
  if (!restrictions.canCreateFolder) throw folderCreationRestricted(restrictions.reason);
  const scope = scopeOf(actor);
  return insertItem(db, {
    ownerId: scope.ownerId,
    creatorId: scope.creatorId,
    parentId: parent?.id ?? null,
    type: 'folder',
    name: req.name,
    color: req.color ?? null,
    emoji: req.emoji ?? null,
  });
}

/** Name, colour and emoji; a name taken in the folder gets the first free suffix. */
export async function renameItem(db: Db, actor: Actor, id: string, req: RenameRequest): Promise<ItemRow> {
  const [item] = await loadItems(db, actor, [{ id, type: req.type }], { action: 'edit' });
  if (!item) throw notFound();
  if (item.type === 'file') {
    const refused = (['color', 'emoji'] as const).filter((field) => req[field] !== undefined && req[field] !== null);
    if (refused.length)
      throw validationFailed(Object.fromEntries(refused.map((f) => [f, ['Only folders have a colour or emoji.']])));
  }
  const patch: Partial<ItemRow> = {};
  if (item.type === 'folder') {
    if (req.color !== undefined) patch.color = req.color;
    if (req.emoji !== undefined) patch.emoji = req.emoji;
  }
  if (req.name === undefined && Object.keys(patch).length === 0) {
    throw validationFailed({ name: ['Enter a new name, colour or emoji.'] });
  }
  return retryOnNameClash(db, async (tx) => {
    if (req.name !== undefined && req.name !== item.name) {
      const [name] = await allocateNames(tx, item.ownerId, item.parentId, [
        { name: req.name, type: item.type, id: item.id },
      ]);
      patch.name = name ?? req.name;
      if (item.type === 'file') patch.extension = extensionOf(patch.name);
    }
    const [row] = await tx
      .update(items)
      .set({ ...patch, updatedAt: new Date() })
      .where(sql`${items.id} = ${item.id}`)
      .returning();
    return row ?? item;
  });
}

const perParent = (rows: readonly ItemRow[]) => {
  const groups = new Map<string | null, { folders: number; files: number }>();
  for (const row of rows) {
    const g = groups.get(row.parentId) ?? { folders: 0, files: 0 };
    if (row.type === 'folder') g.folders++;
    else g.files++;
    groups.set(row.parentId, g);
  }
  return groups;
};

/**
 * Moves items into a live folder of the actor (or the root) in one transaction. The subtree below
 * a moved folder is not touched: only the moved rows change, so the cost does not grow with it.
 */
export async function moveItems(
  db: Db,
  actor: Actor,
  toId: string | null,
  refs: readonly ItemRef[],
): Promise<ItemRow[]> {
  const target = await loadFolder(db, actor, toId, { action: 'edit' });
  const rows = await loadItems(db, actor, refs, { action: 'edit' });
  const targetId = target?.id ?? null;
  if (target) {
    const moving = new Set(rows.map((r) => r.id));
    if ((await folderPath(db, target.id)).some((p) => moving.has(p.id))) throw moveIntoItself();
  }
  const movers = rows.filter((r) => r.parentId !== targetId);
  if (movers.length) {
    const ownerId = scopeOf(actor).ownerId;
    await db.transaction(async (tx) => {
      await retryOnNameClash(tx, async (sp) => {
        const names = await allocateNames(
          sp,
          ownerId,
          targetId,
          movers.map((m) => ({ name: m.name, type: m.type, id: m.id })),
        );
        const values = movers.map((m, i) => sql`(${m.id}::uuid, ${names[i] ?? m.name})`);
        await sp.execute(sql`
          update items set parent_id = ${targetId}::uuid, name = v.name, updated_at = now()
          from (values ${sql.join(values, sql`, `)}) as v(id, name)
          where items.id = v.id`);
      });
      for (const [parentId, delta] of perParent(movers)) {
        await adjustChildCounts(tx, ownerId, parentId, { folders: -delta.folders, files: -delta.files });
      }
      const moved = perParent(movers.map((m) => ({ ...m, parentId: targetId })));
      await adjustChildCounts(tx, ownerId, targetId, moved.get(targetId) ?? {});
    });
  }
  const fresh = await db
    .select()
    .from(items)
    .where(
      inArray(
        items.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(fresh.map((r) => [r.id, r]));
  return rows.map((r) => byId.get(r.id) ?? r);
}

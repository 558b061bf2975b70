import type { FolderResource } from '@filestore/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { presentingForViewer, teamGrantsOf, visibleLiveItems, visibleLiveItemsWithTeams } from './access.js';
import { presentItems, type PresentContext } from './item.presenter.js';
import { favourites, items } from './items.table.js';

/**
 * The user's starred folders that are live, by name. A trashed favourite keeps its row, so it
 * comes back with a restore; deleting it forever removes the row (foreign key cascade).
 */
export async function favouriteFolders(ctx: PresentContext, userId: string): Promise<FolderResource[]> {
  // A starred team folder (or a folder in one) is listed while the membership lasts; the row stays
  // when it ends, and shows again with a new membership (ADR 0029).
  const member = (await teamGrantsOf(ctx.db, userId)).length > 0;
  const visible = member ? visibleLiveItemsWithTeams(userId) : visibleLiveItems(userId);
  const rows = await ctx.db
    .select({ item: items })
    .from(favourites)
    .innerJoin(items, eq(items.id, favourites.itemId))
    .where(and(eq(favourites.userId, userId), eq(items.type, 'folder'), visible))
    .orderBy(asc(sql`lower(${items.name})`), asc(items.id));
  const resources = await presentItems(
    ctx,
    rows.map((r) => r.item),
    presentingForViewer(userId),
  );
  return resources.flatMap((r) => (r.data.type === 'folder' ? [{ data: r.data }] : []));
}

export async function addFavourites(db: Db, userId: string, itemIds: readonly string[]) {
  if (!itemIds.length) return;
  await db
    .insert(favourites)
    .values(itemIds.map((itemId) => ({ userId, itemId })))
    .onConflictDoNothing();
}

export async function removeFavourite(db: Db, userId: string, itemId: string) {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.itemId, itemId)));
}

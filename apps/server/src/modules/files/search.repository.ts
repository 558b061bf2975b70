import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { visibleLiveItems, visibleLiveItemsFor } from './access.js';
import { items, type ItemRow } from './items.table.js';

export const SEARCH_LIMIT = 20;

/** LIKE treats `%`, `_` and the escape character as wildcards; a user's query means them literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Names containing the query, case-insensitively, among the items the access policy lets the user
 * see, through the trigram index on `lower(name)` (`items_name_trgm_idx`, unmarked rows only;
 * matches in a trashed folder are left out by a hash look-up of the trashed folders, found once). Folders first, then exact, then prefix matches, then
 * the shortest names: the closest to what was typed.
 */
export function searchItemsQuery(db: Db, viewerId: string, query: string, visible: SQL = visibleLiveItems(viewerId)) {
  const escaped = escapeLike(query);
  // Trigrams need three characters; one or two letters match the start of names, through the
  // owner's prefix index, so a short query never reads every user's names.
  const pattern = [...query].length < 3 ? `${escaped}%` : `%${escaped}%`;
  return db
    .select()
    .from(items)
    .where(and(visible, sql`lower(${items.name}) like lower(${pattern})`))
    .orderBy(
      sql`${items.type} = 'file'`,
      sql`lower(${items.name}) = lower(${query}) desc`,
      sql`lower(${items.name}) like lower(${`${escaped}%`}) desc`,
      sql`length(${items.name})`,
      sql`lower(${items.name})`,
      items.id,
    )
    .limit(SEARCH_LIMIT);
}

/** `searchItemsQuery` over what the user sees: their own items and their team folders' (ADR 0029). */
export async function searchItems(db: Db, viewerId: string, query: string): Promise<ItemRow[]> {
  return searchItemsQuery(db, viewerId, query, (await visibleLiveItemsFor(db, viewerId)).where);
}

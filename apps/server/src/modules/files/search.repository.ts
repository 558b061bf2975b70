import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { items, type ItemRow } from './items.table.js';

export const SEARCH_LIMIT = 20;

/** LIKE treats `%`, `_` and the escape character as wildcards; a user's query means them literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Names containing the query, case-insensitively, through the trigram index on `lower(name)`
 * (`items_name_trgm_idx`, unmarked rows only). Folders first, then exact, then prefix matches, then
 * the shortest names: the closest to what was typed.
 *
 * Matches in a trashed folder are left out after the sort, row by row until the page is full: the
 * inner query is fenced (`offset 0`) so the planner cannot check the trash (a walk up the tree)
 * for every match before sorting them; a common word in a large tree matches 100,000 names.
 */
const OFFSET_ZERO = sql`0` as unknown as number;

export function searchItemsQuery(db: Db, ownerId: string, query: string) {
  const escaped = escapeLike(query);
  // Trigrams need three characters; one or two letters match the start of names, through the
  // owner's prefix index, so a short query never reads every user's names.
  const pattern = [...query].length < 3 ? `${escaped}%` : `%${escaped}%`;
  const ranked = db
    .select({
      ...getTableColumns(items),
      folderFirst: sql<boolean>`${items.type} = 'file'`.as('folder_first'),
      exact: sql<boolean>`lower(${items.name}) = lower(${query})`.as('exact'),
      prefix: sql<boolean>`lower(${items.name}) like lower(${`${escaped}%`})`.as('prefix'),
      length: sql<number>`length(${items.name})`.as('name_length'),
      lowered: sql<string>`lower(${items.name})`.as('lowered'),
    })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), isNull(items.deletedAt), sql`lower(${items.name}) like lower(${pattern})`))
    .orderBy(sql`folder_first`, sql`exact desc`, sql`prefix desc`, sql`name_length`, sql`lowered`, items.id)
    // Drizzle leaves out `offset 0` (a falsy number), so it goes in as SQL.
    .offset(OFFSET_ZERO)
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(sql`item_trashed_by(${ranked.parentId}) is null`)
    .orderBy(ranked.folderFirst, desc(ranked.exact), desc(ranked.prefix), ranked.length, ranked.lowered, ranked.id)
    .limit(SEARCH_LIMIT);
}

export async function searchItems(db: Db, ownerId: string, query: string): Promise<ItemRow[]> {
  const rows = await searchItemsQuery(db, ownerId, query);
  return rows.map(({ folderFirst: _f, exact: _e, prefix: _p, length: _l, lowered: _w, ...row }) => row);
}

import { and, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../lib/db/database.js';
import { isTeamMember, liveTeamItems, teamGrantsOf, visibleLiveItems } from './access.js';
import { items, type ItemRow } from './items.table.js';

export const SEARCH_LIMIT = 20;

/** LIKE treats `%`, `_` and the escape character as wildcards; a user's query means them literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What separates the words of a name: `md` finds `README.md`, `q3` finds `Report q3.pdf`. */
const WORD_STARTS = [' ', '.', '-', '\\_', '(', '['];

/**
 * Three characters or more: anywhere in the name, through the trigram index. One or two: the start
 * of the name or of a word in it (after a space, dot, dash, underscore or bracket), so an extension
 * or a short word is found while a single letter does not match nearly every name. Short queries
 * read the viewer's own names (and their team folders'), never every user's.
 */
function nameMatches(query: string, escaped: string): SQL {
  if ([...query].length >= 3) return sql`lower(${items.name}) like lower(${`%${escaped}%`})`;
  const patterns = [`${escaped}%`, ...WORD_STARTS.map((start) => `%${start}${escaped}%`)];
  // `|| ''` keeps the trigram index (every user's names) out of the plan: a pattern of one or two
  // letters narrows it little, while the viewer's own rows are bounded by their own index.
  return sql`lower(${items.name} || '') like any (array[${sql.join(
    patterns.map((p) => sql`lower(${p})`),
    sql`, `,
  )}])`;
}

/** The closest matches among `visible`: folders first, then exact, then prefix matches, then the shortest names. */
function closest(db: Db, visible: SQL, query: string) {
  const escaped = escapeLike(query);
  return db
    .select()
    .from(items)
    .where(and(visible, nameMatches(query, escaped)))
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

/**
 * Names containing the query, case-insensitively, among the items the access policy lets the user
 * see, through the trigram index on `lower(name)` (`items_name_trgm_idx`, unmarked rows only;
 * matches in a trashed folder are left out by a hash look-up of the trashed folders, found once).
 * For a member of a team folder (ADR 0029): two branches in one statement, their own items planned
 * as for anyone, and the live items of their team folders (gated by a one-time filter).
 */
export function searchItemsQuery(db: Db, viewerId: string, query: string) {
  return unionAll(
    closest(db, visibleLiveItems(viewerId), query),
    closest(db, and(isTeamMember(viewerId), liveTeamItems(viewerId)) as SQL, query),
  );
}

/** The search of a user without memberships: their own items, as before teams existed. */
export const ownSearchQuery = (db: Db, viewerId: string, query: string) =>
  closest(db, visibleLiveItems(viewerId), query);

/** The order of `closest`, to merge its two branches (at most twice the limit). */
function rank(query: string) {
  const q = query.toLowerCase();
  const key = (r: ItemRow) => {
    const name = r.name.toLowerCase();
    return [r.type === 'file' ? 1 : 0, name === q ? 0 : 1, name.startsWith(q) ? 0 : 1, [...r.name].length] as const;
  };
  return (a: ItemRow, b: ItemRow) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
    const [na, nb] = [a.name.toLowerCase(), b.name.toLowerCase()];
    if (na !== nb) return na < nb ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * The search. Memberships are read first (a prepared index look-up, ~0.1 ms on PostgreSQL): the
 * team branch costs ~1 ms of planning, which a user without memberships does not pay.
 */
export async function searchItems(db: Db, viewerId: string, query: string): Promise<ItemRow[]> {
  if (!(await teamGrantsOf(db, viewerId)).length) return ownSearchQuery(db, viewerId, query);
  const found = await searchItemsQuery(db, viewerId, query);
  return found.sort(rank(query)).slice(0, SEARCH_LIMIT);
}

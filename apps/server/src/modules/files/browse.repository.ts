import type { SortDirection, SortField } from '@filestore/contract';
import { and, count, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedOn } from '../../lib/db/prepared.js';
import type { Db } from '../../lib/db/database.js';
import {
  isTeamMember,
  liveTeamFolders,
  visibleLiveItems,
  visibleLiveItemsWithTeams,
  visibleTrashTops,
} from './access.js';
import { filesInTrashedFolders } from './items.repository.js';
import { items, type ItemRow } from './items.table.js';
import { invalidCursor } from './files.errors.js';
import { favouriteColumn, type RelationshipLoader } from './item.presenter.js';
import type { KeyedRow, Phase } from './paging.js';

/** One column of a listing's order: the expression the index holds, and the type to read a cursor's text back as. */
interface KeyPart {
  expr: SQL;
  cast: 'timestamptz' | 'bigint' | 'text' | 'uuid';
}

export const key = {
  type: { expr: sql`${items.type}`, cast: 'text' },
  created: { expr: sql`${items.createdAt}`, cast: 'timestamptz' },
  deleted: { expr: sql`${items.deletedAt}`, cast: 'timestamptz' },
  name: { expr: sql`lower(${items.name})`, cast: 'text' },
  size: { expr: sql`${items.size}`, cast: 'bigint' },
  extension: { expr: sql`coalesce(${items.extension}, '')`, cast: 'text' },
} satisfies Record<string, KeyPart>;
const idKey: KeyPart = { expr: sql`${items.id}`, cast: 'uuid' };

/** Matches the `items_browse_*_idx` indexes. Folders have no size or extension: they go by name. */
export function sortKeys(sort: SortField, type: 'folder' | 'file'): KeyPart[] {
  if (sort === 'created_at') return [key.created];
  if (sort === 'name' || type === 'folder') return [key.name];
  return sort === 'size' ? [key.size] : [key.extension, key.name];
}

export interface PhaseQuery {
  where: SQL | undefined;
  /**
   * The phase's type, when it leads the keys (folder listings): bounded as a range, see
   * folderPhaseBase. After a cursor only the far end is bounded, so the row comparison alone is the
   * seek key: with both ends bounded the scan starts at the end of the type's range and filters
   * every row up to the cursor (a deep page read hundreds of index pages).
   */
  typeBound?: 'folder' | 'file';
  /** Columns the where clause pins to one value, ordered by so the index order is usable (see folderPhaseBase). */
  pinned?: readonly SQL[];
  keys: readonly KeyPart[];
  direction: SortDirection;
  /** The cursor's values, or placeholders standing for them in a prepared query. */
  from: { key: readonly (string | Placeholder)[]; id: string | Placeholder } | null;
  /** Rows to skip (a placeholder: some, given when run). */
  offset: number | Placeholder;
  limit: number | Placeholder;
  /** More values read with each row, as one JSON array (`columns`): the relationships presenting needs. */
  columns?: readonly SQL[];
}

/**
 * One phase as one index range scan: ordered by the keys then the id, all in the same direction,
 * starting after the cursor's row with a row comparison the index can seek to. An offset (a page
 * asked for by number) is skipped over the ids alone, and only the page's rows are then read
 * whole: skipping 25,000 whole rows cost three times as much as skipping their ids.
 */
export function phaseQuery(db: Db, q: PhaseQuery) {
  const parts = [...q.keys, idKey];
  const desc = q.direction === 'DESC';
  const list = (xs: SQL[]) => sql.join(xs, sql`, `);
  const after = q.from
    ? sql`(${list(parts.map((p) => p.expr))}) ${desc ? sql`<` : sql`>`} (${list(
        [...q.from.key, q.from.id].map((value, i) => sql`${value}::${sql.raw(parts[i]?.cast ?? 'text')}`),
      )})`
    : undefined;
  const t = q.typeBound;
  const typeRange = !t
    ? undefined
    : !q.from
      ? sql`${items.type} between ${t} and ${t}`
      : desc
        ? sql`${items.type} >= ${t}`
        : sql`${items.type} <= ${t}`;
  const where = and(q.where, typeRange, after);
  const order = [...(q.pinned ?? []), ...parts.map((p) => p.expr)].map((e) => (desc ? sql`${e} desc` : sql`${e} asc`));
  const rows = db
    .select({
      item: items,
      key: sql<string[]>`array[${list(q.keys.map((k) => sql`(${k.expr})::text`))}]`,
      ...(q.columns ? { columns: sql<unknown[]>`json_build_array(${list([...q.columns])})` } : {}),
    })
    .from(items);
  if (typeof q.offset === 'number' && q.offset <= 0)
    return rows
      .where(where)
      .orderBy(...order)
      .limit(q.limit);
  const page = db
    .select({ id: items.id })
    .from(items)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  // `= any(array(…))`: the ids become one value, looked up in the primary key; as `in (…)` the
  // planner may hash them and scan the whole table for a small one.
  return rows.where(sql`${items.id} = any(array(${page}))`).orderBy(...order);
}

/** A cursor whose values do not read back as its sort keys (tampered with) is the client's error. */
function isDataException(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (/^22/.test((e as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/**
 * A phase reading its rows with `read`: nothing for an empty page, and a cursor whose keys do not
 * fit the phase, or whose values do not read back as its sort keys, is the client's error.
 */
function readingPhase(
  total: number,
  keyCount: number,
  read: (
    from: { key: string[]; id: string } | null,
    offset: number,
    limit: number,
  ) => Promise<{ item: ItemRow; key: string[] }[]>,
): Phase {
  return {
    total,
    fetch: async (from, offset, limit): Promise<KeyedRow[]> => {
      if (limit <= 0) return [];
      if (from && from.key.length !== keyCount) throw invalidCursor();
      try {
        const rows = await read(from, offset, limit);
        return rows.map((r) => ({ row: r.item, key: r.key }));
      } catch (error) {
        throw from && isDataException(error) ? invalidCursor() : error;
      }
    },
  };
}

function phase(db: Db, total: number, base: Omit<PhaseQuery, 'from' | 'offset' | 'limit'>): Phase {
  return readingPhase(total, base.keys.length, (from, offset, limit) =>
    phaseQuery(db, { ...base, from, offset, limit }),
  );
}

export interface FolderListing {
  ownerId: string;
  parentId: string | null;
  sort: SortField;
  direction: SortDirection;
  /** From the maintained counters (the folder's, or the owner's root counts). */
  totals: { folders: number; files: number };
  /** Read the viewer's relationships to the rows (and to the folder listed) with the rows. */
  relations?: ListingRelations;
}

/**
 * What a listing reads with its rows so presenting looks nothing up (ADR 0017): for each row, and
 * for the folder listed (`parent`, the same on every row, computed once by PostgreSQL), whether
 * the viewer marked it a favourite and each loader's column. `collect` receives them.
 */
export interface ListingRelations {
  viewerId: string;
  loaders: readonly RelationshipLoader[];
  collect(id: string, columns: unknown): void;
}

/**
 * The columns `ListingRelations` reads, in order: the row's favourite flag and loader columns,
 * then (below a folder) the folder's.
 */
function relationColumns(loaders: readonly RelationshipLoader[], withParent: boolean): SQL[] {
  const viewer = sql.placeholder('viewer');
  const of = (id: SQL, which: 'row' | 'parent') => [
    favouriteColumn(viewer, id),
    ...loaders.map((l) => l.column(id, which)),
  ];
  return [...of(sql`${items.id}`, 'row'), ...(withParent ? of(sql`${sql.placeholder('parent')}::uuid`, 'parent') : [])];
}

/**
 * The where clause and order of one type's phase in a live folder, shaped so that the planner
 * reads it as one range of an `items_browse_*_idx` index, in index order:
 * - the type is bounded as a range (`type between 'file' and 'file'`) and leads the order, rather
 *   than `type = 'file'`: with an equality the planner may pick `items_latest_idx` (every file of
 *   the owner, newest first) and filter it by folder, which costs the whole tree, not a page;
 * - `parent_id` leads the order too: at the root it is matched by `is null`, which the planner does
 *   not treat as one value, so without it the index order would not match and it would sort.
 */
export function folderPhaseBase(
  listing: Pick<FolderListing, 'sort' | 'direction'> & {
    ownerId: string | Placeholder;
    parentId: string | Placeholder | null;
  },
  type: 'folder' | 'file',
) {
  return {
    where: and(
      eq(items.ownerId, listing.ownerId),
      listing.parentId === null ? isNull(items.parentId) : eq(items.parentId, listing.parentId),
      isNull(items.deletedAt),
    ),
    typeBound: type,
    pinned: [sql`${items.parentId}`],
    keys: [key.type, ...sortKeys(listing.sort, type)],
    direction: listing.direction,
  };
}

/**
 * One type's phase of a folder as a prepared query per shape (sort, direction, type, root or not,
 * after a cursor or not, skipping rows or not): every folder listing runs it, and building it from
 * drizzle's objects cost more than running it (ADR 0017). The values go as placeholders.
 */
function folderPhase(db: Db, listing: FolderListing, type: 'folder' | 'file', total: number): Phase {
  const keys = [key.type, ...sortKeys(listing.sort, type)];
  const atRoot = listing.parentId === null;
  const { relations } = listing;
  return readingPhase(total, keys.length, async (from, offset, limit) => {
    const skip = !from && offset > 0;
    const shape = [
      listing.sort,
      listing.direction,
      type,
      atRoot ? 'root' : 'folder',
      from ? 'after' : skip ? 'skip' : 'top',
      relations ? `with${relations.loaders.length}` : 'bare',
    ].join(':');
    const query = preparedOn(db, `browse:${shape}`, () => {
      const base = folderPhaseBase(
        { ...listing, ownerId: sql.placeholder('owner'), parentId: atRoot ? null : sql.placeholder('parent') },
        type,
      );
      return phaseQuery(db, {
        ...base,
        from: from ? { key: keys.map((_, i) => sql.placeholder(`k${i}`)), id: sql.placeholder('id') } : null,
        offset: skip ? sql.placeholder('offset') : 0,
        limit: sql.placeholder('limit'),
        ...(relations ? { columns: relationColumns(relations.loaders, !atRoot) } : {}),
      }).prepare(`browse_${shape.replaceAll(':', '_')}`);
    });
    const values: Record<string, unknown> = {
      owner: listing.ownerId,
      parent: listing.parentId,
      offset,
      limit,
      viewer: relations?.viewerId,
    };
    if (from) {
      from.key.forEach((k, i) => (values[`k${i}`] = k));
      values.id = from.id;
    }
    const rows = await query.execute(values);
    if (relations) for (const r of rows) relations.collect(r.item.id, (r as { columns?: unknown }).columns);
    return rows;
  });
}

/** A live folder (or the root): folders, then files. */
export function folderPhases(db: Db, listing: FolderListing): Phase[] {
  return [
    folderPhase(db, listing, 'folder', listing.totals.folders),
    folderPhase(db, listing, 'file', listing.totals.files),
  ];
}

/**
 * Items of one type matching `where` (another module's filter, for example the team folders a user
 * owns), in a listing's order, with their count: one phase of a listing across folders.
 */
export async function filteredPhase(
  db: Db,
  where: SQL,
  type: 'folder' | 'file',
  sort: SortField,
  direction: SortDirection,
): Promise<Phase> {
  const filter = and(where, eq(items.type, type)) as SQL;
  const [counted] = await db.select({ n: count() }).from(items).where(filter);
  return phase(db, counted?.n ?? 0, { where: filter, keys: sortKeys(sort, type), direction });
}

/**
 * Every live file the user may see, newest first (`items_latest_idx`), skipping those in a trashed
 * folder (the filter is the access policy's), with those of the team folders they are a member of
 * (ADR 0029). The total is the unmarked files less those below trashed folders (one walk of those),
 * plus the live files of the teams' live folders.
 */
export async function latestPhases(db: Db, viewerId: string): Promise<Phase[]> {
  const unmarked = and(eq(items.ownerId, viewerId), isNull(items.deletedAt), eq(items.type, 'file'));
  // Whether they are in a team comes with the count: a user without one costs nothing more, and
  // keeps the filter that reads `items_latest_idx` in order.
  const [counted] = await db
    .select({ n: count(), member: isTeamMember(viewerId) })
    .from(items)
    .where(unmarked);
  const hidden = (await filesInTrashedFolders(db, viewerId)).reduce((n, c) => n + c.files, 0);
  let total = Math.max((counted?.n ?? 0) - hidden, 0);
  let visible = visibleLiveItems(viewerId);
  if (counted?.member) {
    const [team] = await db
      .select({ n: count() })
      .from(items)
      .where(
        and(sql`${items.parentId} in ${liveTeamFolders(viewerId)}`, isNull(items.deletedAt), eq(items.type, 'file')),
      );
    total += team?.n ?? 0;
    visible = visibleLiveItemsWithTeams(viewerId);
  }
  return [phase(db, total, { where: and(visible, eq(items.type, 'file')), keys: [key.created], direction: 'DESC' })];
}

async function trashPhases(
  db: Db,
  where: SQL | undefined,
  keysFor: (type: 'folder' | 'file') => KeyPart[],
  direction: SortDirection,
) {
  // The trash's top level counts one row per deletion, a trashed folder its own children: both
  // through their own index, never the whole trash.
  const totals = await db.select({ type: items.type, n: count() }).from(items).where(where).groupBy(items.type);
  const totalOf = (type: 'folder' | 'file') => totals.find((t) => t.type === type)?.n ?? 0;
  return (['folder', 'file'] as const).map((type) =>
    phase(db, totalOf(type), { where: and(where, eq(items.type, type)), keys: keysFor(type), direction }),
  );
}

/** What the user trashed (not what is in the trash through a trashed folder), as the access policy filters it. */
export const trashTopsWhere = (viewerId: string) => visibleTrashTops(viewerId);

/** The top of the user's trash, latest deletion first. */
export function trashRootPhases(db: Db, viewerId: string): Promise<Phase[]> {
  return trashPhases(db, trashTopsWhere(viewerId), () => [key.deleted], 'DESC');
}

/**
 * Inside a folder in the trash: its children that are in the trash through it (not themselves
 * trashed), from the same browse indexes and counters as a live folder.
 */
export function trashFolderPhases(db: Db, folder: ItemRow, sort: SortField, direction: SortDirection): Phase[] {
  return folderPhases(db, {
    ownerId: folder.ownerId,
    parentId: folder.id,
    sort,
    direction,
    totals: { folders: folder.folderCount, files: folder.fileCount },
  });
}

import type { FileResource, FolderResource, ItemResource } from '@filestore/contract';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { arrayParam, preparedOn } from '../../lib/db/prepared.js';
import { favourites, items, type ItemRow } from './items.table.js';

/** Where a file's bytes and thumbnails are fetched from; share and request pages use their own. */
export interface ItemUrls {
  file(row: ItemRow): string;
  thumbnail(row: ItemRow, size: 'sm' | 'md' | 'lg'): string;
}

export const ownerUrls: ItemUrls = {
  file: (row) => `/api/files/${row.id}/download`,
  thumbnail: (row, size) => `/api/files/${row.id}/thumbnail/${size}`,
};

export interface PresentOptions {
  /** Whose favourites mark folders; null for visitors. */
  viewerId: string | null;
  urls?: ItemUrls;
  /** Parent names already known (a listing knows its folder); saves a query. */
  parents?: Map<string, string>;
  /** The top of what a link's visitor may see: its parent (the owner's folder above) is not shown. */
  topId?: string;
  /** Whether the viewer may learn an item's share links (the access policy's `share`); none if left out. */
  maySeeShares?: (row: ItemRow) => boolean;
  /**
   * The rows were made by this very request (an upload's new file): nothing refers to them yet, no
   * share link and no favourite, so no relationship is looked up.
   */
  fresh?: boolean;
}

/**
 * Relationships other modules add to the items presented (the files module knows none of them):
 * sharing's share links to whoever may share the item; the teams module's team folder facts to any
 * signed-in viewer of it (ADR 0029).
 */
export interface ExtraRelationships {
  shared: FolderResource['data']['relationships']['shared'];
  /** On a team folder: its people, owner first. */
  members: FolderResource['data']['relationships']['members'];
  /** The team folder the item lies in. */
  team: FolderResource['data']['relationships']['team'];
  /** Who made it, when not its owner. */
  creator: FolderResource['data']['relationships']['creator'];
  /** `attributes.is_team_folder`. */
  isTeamFolder: boolean;
  /** The item's parent is not the viewer's to know (a team folder seen by a member): no parent id or relationship. */
  hideParent: boolean;
}

/**
 * A relationship another module adds to the items presented (sharing's `shared`), read in one of
 * two ways: a batch look-up for any rows (`load`), or as a column of the statement that reads the
 * rows (`column`, read back by `fromColumn`), which saves a round trip on every listing.
 */
export interface RelationshipLoader {
  /**
   * Who learns what it adds: `sharer` (the default) only whoever may share the item (its share
   * links); `viewer` any signed-in viewer the access policy showed the item to (team facts). Link
   * visitors learn neither.
   */
  audience?: 'sharer' | 'viewer';
  load(db: Db, rows: readonly ItemRow[], viewerId: string): Promise<Map<string, Partial<ExtraRelationships>>>;
  /**
   * One JSON value (or null) for the item whose id `itemId` (an SQL expression) names: a listed
   * row (`row`, once per row; the statement reads it from `items`, so its other columns may be
   * used) or the folder listed (`parent`, the same on every row, computed once).
   */
  column(itemId: SQL, of: 'row' | 'parent'): SQL;
  /**
   * Column values by item id, presented; ids whose value was null have none. `rows` are the rows
   * presented (the folder listed first, when there is one).
   */
  fromColumn(
    values: ReadonlyMap<string, unknown>,
    rows: readonly ItemRow[],
    viewerId: string,
  ): Promise<Map<string, Partial<ExtraRelationships>>>;
}

/**
 * Relationships already read with the rows (see `RelationshipLoader.column`): the viewer's
 * favourites among them and the other modules' relationships, so presenting looks nothing up.
 * `extras` come from `sharer` loaders (filtered by `maySeeShares` when presented), `seen` from
 * `viewer` loaders.
 */
export interface KnownRelationships {
  favourites: ReadonlySet<string>;
  extras: ReadonlyMap<string, Partial<ExtraRelationships>>;
  seen?: ReadonlyMap<string, Partial<ExtraRelationships>>;
}

/**
 * Whether the viewer marked the item `itemId` (an SQL expression) as a favourite, as a column of a
 * statement that reads items.
 */
export const favouriteColumn = (viewerId: SQL | Placeholder, itemId: SQL): SQL =>
  sql`exists(select 1 from ${favourites} where ${favourites.userId} = ${viewerId} and ${favourites.itemId} = ${itemId})`;

/**
 * What presenting reads: the database, and the relationship loaders of other modules, which the
 * composition root hands over (`AppContext.itemRelationships`, set in `app/http.ts`).
 */
export interface PresentContext {
  readonly db: Db;
  readonly itemRelationships: readonly RelationshipLoader[];
}

const audienceOf = (loader: RelationshipLoader) => loader.audience ?? 'sharer';

function mergeInto(
  merged: Map<string, Partial<ExtraRelationships>>,
  found: ReadonlyMap<string, Partial<ExtraRelationships>>,
) {
  for (const [id, extra] of found) merged.set(id, { ...merged.get(id), ...extra });
}

async function extraRelationships(ctx: PresentContext, rows: readonly ItemRow[], opts: PresentOptions) {
  const merged = new Map<string, Partial<ExtraRelationships>>();
  if (opts.fresh || !rows.length) return merged;
  // Only who may share an item learns its share links: visitors never see the tokens of nested items.
  const owned = opts.maySeeShares ? rows.filter(opts.maySeeShares) : [];
  const { viewerId } = opts;
  for (const loader of ctx.itemRelationships) {
    const shown = audienceOf(loader) === 'viewer' ? rows : owned;
    if (!viewerId || !shown.length) continue;
    mergeInto(merged, await loader.load(ctx.db, shown, viewerId));
  }
  return merged;
}

/** Of relationships read with the rows, those of rows whose share links the viewer may see. */
function mayLearn(
  extras: ReadonlyMap<string, Partial<ExtraRelationships>>,
  rows: readonly ItemRow[],
  maySeeShares: PresentOptions['maySeeShares'],
) {
  const shown = new Map<string, Partial<ExtraRelationships>>();
  if (!maySeeShares) return shown;
  for (const row of rows) {
    const extra = extras.get(row.id);
    if (extra && maySeeShares(row)) shown.set(row.id, extra);
  }
  return shown;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Around {
  parentName: string | undefined;
  /** The row is the top of a link's view: no parent id, no parent relationship. */
  hideParent: boolean;
  extra: Partial<ExtraRelationships> | undefined;
}

/** What other modules add to a resource's relationships, only when they have something to say. */
function extraOf(around: Around) {
  const extra = around.extra;
  return {
    shared: extra?.shared ?? null,
    ...(extra?.members ? { members: extra.members } : {}),
    ...(extra?.team ? { team: extra.team } : {}),
    ...(extra?.creator ? { creator: extra.creator } : {}),
  };
}

function parentOf(row: ItemRow, around: Around) {
  if (!row.parentId || around.hideParent) return null;
  return { data: { id: row.parentId, type: 'folder' as const, attributes: { name: around.parentName ?? '' } } };
}

function presentFolder(row: ItemRow, favourite: boolean, around: Around): FolderResource {
  return {
    data: {
      id: row.id,
      type: 'folder',
      attributes: {
        name: row.name,
        color: row.color,
        emoji: row.emoji,
        items: row.folderCount + row.fileCount,
        parent_id: around.hideParent ? null : row.parentId,
        is_favourite: favourite,
        ...(around.extra?.isTeamFolder ? { is_team_folder: true } : {}),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: iso(row.deletedAt),
      },
      relationships: { parent: parentOf(row, around), ...extraOf(around) },
    },
  };
}

function presentFile(row: ItemRow, urls: ItemUrls, around: Around): FileResource {
  const thumbnail =
    row.thumbnailStatus === 'ready'
      ? { sm: urls.thumbnail(row, 'sm'), md: urls.thumbnail(row, 'md'), lg: urls.thumbnail(row, 'lg') }
      : null;
  return {
    data: {
      id: row.id,
      type: 'file',
      attributes: {
        name: row.name,
        color: null,
        emoji: null,
        extension: row.extension,
        mimetype: row.mimetype ?? 'application/octet-stream',
        category: row.category ?? 'other',
        size: row.size,
        file_url: urls.file(row),
        thumbnail,
        width: row.width,
        height: row.height,
        parent_id: around.hideParent ? null : row.parentId,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: iso(row.deletedAt),
      },
      relationships: { parent: parentOf(row, around), ...extraOf(around) },
    },
  };
}

/**
 * Turns rows into resources with a few batched look-ups at most (favourites, parent names, and one
 * per registered relationship loader: for the viewer's own items, or any a signed-in viewer sees).
 */
export async function presentItems(
  ctx: PresentContext,
  rows: readonly ItemRow[],
  opts: PresentOptions,
  known?: KnownRelationships,
): Promise<ItemResource[]> {
  const { db } = ctx;
  const urls = opts.urls ?? ownerUrls;
  const folderIds = rows.filter((r) => r.type === 'folder').map((r) => r.id);
  const starred = new Set<string>(opts.viewerId && known ? known.favourites : []);
  if (opts.viewerId && folderIds.length && !known && !opts.fresh) {
    const query = preparedOn(db, 'favourites_among', () =>
      db
        .select({ itemId: favourites.itemId })
        .from(favourites)
        .where(
          and(
            eq(favourites.userId, sql.placeholder('viewer')),
            sql`${favourites.itemId} = any(${sql.placeholder('ids')}::uuid[])`,
          ),
        )
        .prepare('favourites_among'),
    );
    const favs = await query.execute({ viewer: opts.viewerId, ids: arrayParam(folderIds) });
    for (const f of favs) starred.add(f.itemId);
  }
  let extras: Map<string, Partial<ExtraRelationships>>;
  if (known) {
    extras = mayLearn(known.extras, rows, opts.maySeeShares);
    if (known.seen && opts.viewerId) mergeInto(extras, known.seen);
  } else {
    extras = await extraRelationships(ctx, rows, opts);
  }
  const hidesParent = (r: ItemRow) => r.id === opts.topId || extras.get(r.id)?.hideParent === true;
  const parents = new Map(opts.parents ?? []);
  const missing = [
    ...new Set(rows.flatMap((r) => (r.parentId && !hidesParent(r) && !parents.has(r.parentId) ? [r.parentId] : []))),
  ];
  if (missing.length) {
    const found = await db.select({ id: items.id, name: items.name }).from(items).where(inArray(items.id, missing));
    for (const p of found) parents.set(p.id, p.name);
  }
  return rows.map((row) => {
    const extra = extras.get(row.id);
    const hideParent = hidesParent(row);
    const parentId = hideParent ? null : row.parentId;
    const around: Around = { parentName: parentId ? parents.get(parentId) : undefined, hideParent, extra };
    return row.type === 'folder' ? presentFolder(row, starred.has(row.id), around) : presentFile(row, urls, around);
  });
}

export async function presentItem(ctx: PresentContext, row: ItemRow, opts: PresentOptions): Promise<ItemResource> {
  const [resource] = await presentItems(ctx, [row], opts);
  if (!resource) throw new Error('presenter returned nothing');
  return resource;
}

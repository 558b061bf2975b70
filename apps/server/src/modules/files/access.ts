import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { linkRef, userRef, type ActorRef } from '../access/index.js';
import { users, type UserRow } from '../users/index.js';
import { arrayParam, preparedOn } from '../../lib/db/prepared.js';
import { ancestryColumn, ancestryFromColumn, ancestryOf, type Ancestry } from './ancestry.repository.js';
import { moveAcross, readOnlyLink, teamNested } from './files.errors.js';
import { ownerUrls, type ItemUrls, type PresentOptions } from './item.presenter.js';
import { notInTrashedFolder } from './items.repository.js';
import { items, type ItemRow } from './items.table.js';
import { teamFolders, teamMembers, type TeamPermission } from './teams.table.js';

/*
 * The one access policy for files and folders (ADR 0009). Every files, upload, download, zip,
 * search, preview, thumbnail, trash and share-management endpoint asks it, and the listings take
 * their filter from it; nothing else compares owners or switches on the kind of actor.
 *
 * The answer is one of three: allowed; 403 when the actor may know the item but not do this; 404
 * for anything the actor may not know exists (someone else's item, an item outside a link's
 * folder, an item in the trash for a link), so a refusal never tells whether an id exists.
 */

/** Who asks: a signed-in user, or whoever holds a share link or an upload request. */
export type Actor = UserActor | LinkActor;
export interface UserActor {
  kind: 'user';
  user: UserRow;
}
export interface LinkActor {
  kind: 'link';
  link: LinkGrant;
  owner: UserRow;
}

/**
 * What a share link or an upload request grants whoever holds it (the sharing and file-requests
 * modules make these after checking the token, its expiry, its password and its status).
 */
export interface LinkGrant {
  source: 'share' | 'request';
  /** The share's or the request's id: names the actor on upload sessions. */
  id: string;
  /** The item the link reaches: it and everything below it, nothing else. */
  rootId: string;
  canEdit: boolean;
  /** Where files seen through the link are fetched from. */
  urls: ItemUrls;
}

/**
 * What can be done to items. Adding to a folder is `create` (a folder, or anything moved into it)
 * or `upload` (a file) on that folder; a move needs `move` on the items it moves.
 */
export type Action =
  'view' | 'download' | 'upload' | 'create' | 'rename' | 'move' | 'trash' | 'delete' | 'restore' | 'share' | 'manage';

const READ: readonly Action[] = ['view', 'download'];
const WRITE: readonly Action[] = [...READ, 'upload', 'create', 'rename', 'move', 'trash'];
const EVERYTHING: readonly Action[] = [...WRITE, 'delete', 'restore', 'share', 'manage'];

/**
 * What each actor may ever do, whatever the item. An owner does everything in their tree. A link
 * reads, and an editor link or an open upload request also writes, but never deletes forever,
 * restores, shares or manages: what it removes waits in the owner's trash.
 */
const capabilities = {
  owner: new Set(EVERYTHING),
  linkEditor: new Set(WRITE),
  linkViewer: new Set(READ),
} satisfies Record<string, ReadonlySet<Action>>;

function capabilitiesOf(actor: Actor): ReadonlySet<Action> {
  if (actor.kind === 'user') return capabilities.owner;
  return actor.link.canEdit ? capabilities.linkEditor : capabilities.linkViewer;
}

/** What a link may not do to the item it was made for: that would change or end what its owner chose to share. */
const KEEPS_LINK_ROOT: ReadonlySet<Action> = new Set<Action>(['rename', 'move', 'trash', 'delete']);

/** Whether the actor may ever do `action` (on some item it knows). */
export const can = (actor: Actor, action: Action): boolean => capabilitiesOf(actor).has(action);

function refusal(actor: Actor): AppError {
  return actor.kind === 'link' && actor.link.source === 'share' ? readOnlyLink() : forbidden();
}

/**
 * 403 when the actor may never do `action`. It names no item, so it tells nothing about any, and it
 * comes first: a read-only link's write answers the same whatever ids it names.
 */
export function requireCapability(actor: Actor, action: Action): void {
  if (!can(actor, action)) throw refusal(actor);
}

/**
 * The grants through which the actor knows items: one query per kind of grant decides a whole set
 * of ids. An owner's tree (no query beyond loading the rows), a link's subtree (one walk up from all
 * the ids at once), and a team membership: the team folder and what lies below it, in its owner's
 * tree, with what the member's permission allows (ADR 0029).
 */
export interface Grant {
  ownerId: string;
  /** null: the owner's whole tree; otherwise this folder and what lies below it. */
  rootId: string | null;
  /** What the grant allows on what it reaches. */
  actions: ReadonlySet<Action>;
  /** Set for a team membership: the team folder (= rootId) and the member's permission. */
  team?: { folderId: string; permission: TeamPermission };
}

/** What a member may do in a team folder: `can_edit` writes as an editor link does, `can_view` reads. */
export const teamCapabilities: Record<TeamPermission, ReadonlySet<Action>> = {
  can_edit: capabilities.linkEditor,
  can_view: capabilities.linkViewer,
};

function grantsOf(actor: Actor): Grant[] {
  if (actor.kind === 'user') return [{ ownerId: actor.user.id, rootId: null, actions: capabilities.owner }];
  return [{ ownerId: actor.owner.id, rootId: actor.link.rootId, actions: capabilitiesOf(actor) }];
}

/** Whether a grant reaches an item: it lies in the grant's owner's tree, at or below the grant's folder. */
const reaches = (grant: Grant, row: Pick<ItemRow, 'id' | 'ownerId'>, ancestry: Ancestry) =>
  row.ownerId === grant.ownerId && (grant.rootId === null || ancestry.isWithin(row.id, grant.rootId));

/** A member never reaches the owner's trash: what is trashed in a team folder is gone for them. */
const showsTrashState = (grant: Grant, trashedBy: string | null) => !(grant.team && trashedBy !== null);

/** The team folders a user is a member of (not those they own), as grants. One indexed query. */
export async function teamGrantsOf(db: Db, userId: string): Promise<Grant[]> {
  // Prepared once: every search, latest and favourites listing reads it, most often to find none.
  const query = preparedOn(db, 'teamGrantsOf', () =>
    db
      .select({ folderId: teamMembers.folderId, ownerId: teamFolders.ownerId, permission: teamMembers.permission })
      .from(teamMembers)
      .innerJoin(teamFolders, eq(teamFolders.folderId, teamMembers.folderId))
      .where(sql`${teamMembers.userId} = ${sql.placeholder('user')}::uuid`)
      .prepare('teamGrantsOf'),
  );
  const rows = await query.execute({ user: userId });
  return rows.map((r) => ({
    ownerId: r.ownerId,
    rootId: r.folderId,
    actions: teamCapabilities[r.permission],
    team: { folderId: r.folderId, permission: r.permission },
  }));
}

/** The owner whose tree a request works in (its lock, its root, its storage): the actor's own. */
export const homeOf = (actor: Actor): UserRow => (actor.kind === 'user' ? actor.user : actor.owner);

/** The actor's own tree and how it is named on what it adds. */
export interface Scope {
  ownerId: string;
  /** null: the owner's whole tree; otherwise this folder and everything below it. */
  rootId: string | null;
  /** Names the actor on the work it starts (upload sessions, remote batches): who may go on with it. */
  actorKey: ActorRef;
  /** Recorded as the creator of what the actor adds. */
  creatorId: string | null;
}

export function scopeOf(actor: Actor): Scope {
  if (actor.kind === 'link') {
    const { link, owner } = actor;
    return { ownerId: owner.id, rootId: link.rootId, actorKey: linkRef(link.source, link.id), creatorId: null };
  }
  return { ownerId: actor.user.id, rootId: null, actorKey: userRef(actor.user.id), creatorId: actor.user.id };
}

export type ItemState = 'live' | 'trashed' | 'any';

export interface AccessOptions {
  /** Which items the endpoint addresses; `live` unless said. A link never reaches the trash. */
  state?: ItemState;
}

/**
 * A row as the policy loaded it, with its trash state: `trashedBy` is the item whose trashing put
 * it in the trash (itself, or the nearest trashed folder above it; ADR 0005), null when live.
 */
export type LoadedItem = ItemRow & { trashedBy: string | null };

const stateMatches = (row: LoadedItem, state: ItemState) =>
  state === 'any' || (state === 'live' ? row.trashedBy === null : row.trashedBy !== null);

const stateFor = (actor: Actor, state: ItemState = 'live'): ItemState =>
  actor.kind === 'link' && state === 'any' ? 'live' : state;

/**
 * Whether the actor may do `action` to an item it knows (checked after `requireCapability`); for
 * rows the policy loaded, or any the actor reached through a listing.
 */
function refusedOn(actor: Actor, action: Action, row: Pick<ItemRow, 'id'>): boolean {
  return actor.kind === 'link' && row.id === actor.link.rootId && KEEPS_LINK_ROOT.has(action);
}

/**
 * Decides `action` on a set of items at once and loads them: one statement whatever the number of
 * ids (the rows, and one walk up from all of them for the trash state and the link's subtree).
 * 403 first if the actor may never do it; then 404 for the whole request when any id does not
 * exist, is unknown to the actor, has another type or is in the wrong state; then 403 if the actor
 * knows an item but may not do this to it. Nothing is changed and nothing leaks.
 */
export async function authorize(
  db: Db,
  actor: Actor,
  action: Action,
  refs: readonly { id: string; type?: 'folder' | 'file' }[],
  opts: AccessOptions = {},
): Promise<LoadedItem[]> {
  return (await decide(db, actor, action, refs, opts)).rows;
}

/**
 * The rows of `ids` in the grants' owners' trees, and one walk up from all of them at once, in one
 * statement whatever the number of ids. Arrays, not lists, keep its text the same: built once,
 * planned once per connection (ADR 0017). The walk is computed once, and sent on the first row
 * only: on every row, a thousand ids cost a million nodes to send and parse (a 2,000-item restore
 * took a minute and a gigabyte).
 */
async function loadWithWalk(db: Db, ids: readonly string[], grants: readonly Grant[]) {
  const owners = [...new Set(grants.map((g) => g.ownerId))];
  const query = preparedOn(db, 'authorize', () => {
    const [idsParam, ownersParam] = [sql.placeholder('ids'), sql.placeholder('owners')];
    const walk = ancestryColumn(sql`${idsParam}`, sql`${ownersParam}`);
    return db
      .select({ item: items, walk: sql<unknown>`case when row_number() over () = 1 then ${walk} end` })
      .from(items)
      .where(and(sql`${items.id} = any(${idsParam}::uuid[])`, sql`${items.ownerId} = any(${ownersParam}::uuid[])`))
      .prepare('authorize');
  });
  const found = await query.execute({ ids: arrayParam(ids), owners: arrayParam(owners) });
  return { rows: found.map((f) => f.item), ancestry: ancestryFromColumn(found.find((f) => f.walk != null)?.walk) };
}

/** What `decide` answers: the rows, the walk it made and the grant through which each row was reached. */
interface Decision {
  rows: LoadedItem[];
  ancestry: Ancestry | null;
  via: Map<string, Grant>;
}

/** `authorize`, also answering the walk it made (a folder's breadcrumbs come from it) and the grants. */
async function decide(
  db: Db,
  actor: Actor,
  action: Action,
  refs: readonly { id: string; type?: 'folder' | 'file' }[],
  opts: AccessOptions,
): Promise<Decision> {
  requireCapability(actor, action);
  const ids = [...new Set(refs.map((r) => r.id))];
  if (ids.length === 0) return { rows: [], ancestry: null, via: new Map() };
  let grants = grantsOf(actor);
  let loaded = await loadWithWalk(db, ids, grants);
  // A user's own tree answers most requests in that one statement. Only when some id is not theirs
  // are their team memberships read, and the rows again with the team owners' trees.
  if (actor.kind === 'user' && loaded.rows.length < ids.length) {
    const teams = await teamGrantsOf(db, actor.user.id);
    if (teams.length) {
      grants = [...grants, ...teams];
      loaded = await loadWithWalk(db, ids, grants);
    }
  }
  const { rows, ancestry } = loaded;
  const byId = new Map<string, LoadedItem>(rows.map((r) => [r.id, { ...r, trashedBy: ancestry.trashedBy(r.id) }]));
  const grantOf = (row: LoadedItem) => grants.find((g) => reaches(g, row, ancestry));
  const state = stateFor(actor, opts.state);
  const via = new Map<string, Grant>();
  for (const ref of refs) {
    const row = byId.get(ref.id);
    const grant = row && grantOf(row);
    if (!row || !grant || (ref.type && ref.type !== row.type)) throw notFound();
    if (!showsTrashState(grant, row.trashedBy)) throw notFound();
    if (!stateMatches(row, state)) throw notFound();
    via.set(row.id, grant);
  }
  if (ids.some((id) => refusedOn(actor, action, { id }))) {
    throw forbidden('The shared item itself cannot be renamed, moved or removed through its link.');
  }
  for (const [id, grant] of via) {
    if (!grant.actions.has(action)) throw forbidden();
    if (grant.team && id === grant.rootId && KEEPS_LINK_ROOT.has(action)) {
      throw forbidden('The team folder itself is renamed, moved or removed by its owner only.');
    }
  }
  return { rows: ids.map((id) => byId.get(id) as LoadedItem), ancestry, via };
}

export async function authorizeOne(
  db: Db,
  actor: Actor,
  action: Action,
  id: string,
  opts: AccessOptions = {},
): Promise<LoadedItem> {
  const [row] = await authorize(db, actor, action, [{ id }], opts);
  if (!row) throw notFound();
  return row;
}

/** A folder as the policy loaded it, with its whole path from the owner's root (itself last). */
export type LoadedFolder = LoadedItem & { path: { id: string; name: string }[] };

/** The grant through which the actor reaches the top of its own tree (an owner's root, a link's folder). */
const topGrant = (actor: Actor): Grant => grantsOf(actor)[0] as Grant;

/** Whether two decisions came through the same grant: the same owner's tree, from the same folder. */
const sameGrant = (a: Grant, b: Grant) => a.ownerId === b.ownerId && a.rootId === b.rootId;

/** `authorizeFolder`, also answering the grant through which the folder is reached. */
async function decideFolder(
  db: Db,
  actor: Actor,
  action: Action,
  id: string | null | undefined,
  opts: AccessOptions = {},
): Promise<{ folder: LoadedFolder | null; grant: Grant }> {
  const target = id && id !== 'all' ? id : scopeOf(actor).rootId;
  if (target === null) {
    requireCapability(actor, action);
    return { folder: null, grant: topGrant(actor) };
  }
  const { rows, ancestry, via } = await decide(db, actor, action, [{ id: target }], opts);
  const [row] = rows;
  const grant = row && via.get(row.id);
  if (!row || !ancestry || !grant) throw notFound();
  if (row.type !== 'folder') throw notFound();
  return { folder: { ...row, path: ancestry.pathTo(row.id) }, grant };
}

/**
 * The folder to list or add to: `null`/`'all'` is the top of the actor's tree (null for an owner's
 * root, the shared folder for a link). Files are not folders: 404. Its path comes from the same
 * walk that decided access. What is added to it belongs to its owner (`scopeIn`), who may not be
 * the actor: a team folder's content is its owner's (ADR 0029).
 */
export async function authorizeFolder(
  db: Db,
  actor: Actor,
  action: Action,
  id: string | null | undefined,
  opts: AccessOptions = {},
): Promise<LoadedFolder | null> {
  return (await decideFolder(db, actor, action, id, opts)).folder;
}

/**
 * "Everything in this folder but these" (ADR 0018): decides `action` on a live folder's live
 * contents and loads them, in one statement whatever their number. The folder is decided as any
 * folder the actor names (`null`: the top of its tree; 404 when unknown, trashed or a file), and
 * the capability comes first, as for explicit ids. What lies directly in a folder belongs to the
 * folder's owner and sits inside any link or team subtree the folder is in, so it is known through
 * the same grant, which must allow `action` (a `can_view` member sees a team folder but trashes
 * nothing in it); and it is never a link's or a team's own folder, which is the folder or above it.
 * Ids in `except` that are not in the folder change nothing and tell nothing.
 */
export async function authorizeContents(
  db: Db,
  actor: Actor,
  action: Action,
  folderId: string | null,
  except: readonly string[],
): Promise<{ folder: LoadedFolder | null; rows: LoadedItem[] }> {
  const { folder, rows } = await decideContents(db, actor, action, folderId, except);
  return { folder, rows };
}

async function decideContents(
  db: Db,
  actor: Actor,
  action: Action,
  folderId: string | null,
  except: readonly string[],
): Promise<{ folder: LoadedFolder | null; rows: LoadedItem[]; grant: Grant }> {
  requireCapability(actor, action);
  const { folder, grant } = await decideFolder(db, actor, 'view', folderId);
  if (!grant.actions.has(action)) throw forbidden();
  const ownerId = folder?.ownerId ?? homeOf(actor).id;
  // Two texts, so that each may use the index on (owner, parent): `is not distinct from` cannot.
  const atRoot = folder === null;
  const query = preparedOn(db, atRoot ? 'contentsOfRoot' : 'contentsOf', () =>
    db
      .select()
      .from(items)
      .where(
        and(
          sql`${items.ownerId} = ${sql.placeholder('owner')}::uuid`,
          atRoot ? isNull(items.parentId) : sql`${items.parentId} = ${sql.placeholder('parent')}::uuid`,
          isNull(items.deletedAt),
          sql`not (${items.id} = any(${sql.placeholder('except')}::uuid[]))`,
        ),
      )
      .prepare(atRoot ? 'contentsOfRoot' : 'contentsOf'),
  );
  const rows = await query.execute({ owner: ownerId, parent: folder?.id, except: arrayParam(except) });
  return { folder, rows: rows.map((r) => ({ ...r, trashedBy: null })), grant };
}

/**
 * A move, decided as a whole: `create` on the destination (null: the top of the actor's tree) and
 * `move` on every item, the items named or a folder's contents but some. Source and destination
 * must be reached through the same grant (ADR 0029): an owner moves freely in their tree (into a
 * team folder shares, out of it unshares); a member moves only within the team folder, so moving
 * out of it, into another team, or their own items into it is refused (`teams.move_across`, 403).
 * A team folder, or a folder holding one, never goes into a team folder (`teams.nested`).
 */
export async function authorizeMove(
  db: Db,
  actor: Actor,
  toId: string | null,
  selection:
    | { items: readonly { id: string; type?: 'folder' | 'file' }[] }
    | { allIn: string | null; except: readonly string[] },
): Promise<{ target: LoadedFolder | null; rows: LoadedItem[] }> {
  const to = await decideFolder(db, actor, 'create', toId);
  let rows: LoadedItem[];
  let from: Grant[];
  if ('items' in selection) {
    const decided = await decide(db, actor, 'move', selection.items, {});
    rows = decided.rows;
    from = [...decided.via.values()];
  } else {
    const contents = await decideContents(db, actor, 'move', selection.allIn, selection.except);
    rows = contents.rows;
    from = [contents.grant];
  }
  if (from.some((g) => !sameGrant(g, to.grant))) throw moveAcross();
  if (to.folder) await assertNotNested(db, to.folder, rows);
  return { target: to.folder, rows };
}

/**
 * Team folders do not nest: a team folder, or a folder with one below it, may not go into a team
 * folder. One look-up of the owner's team folders (none for most owners) and, only when the
 * destination lies in one and folders move, one walk up from them.
 */
async function assertNotNested(db: Db, target: LoadedFolder, movers: readonly ItemRow[]) {
  const folders = movers.filter((m) => m.type === 'folder');
  if (!folders.length) return;
  const teams = await db
    .select({ id: teamFolders.folderId })
    .from(teamFolders)
    .where(eq(teamFolders.ownerId, target.ownerId));
  const teamIds = new Set(teams.map((t) => t.id));
  if (!target.path.some((p) => teamIds.has(p.id))) return;
  const above = await ancestryOf(db, [...teamIds]);
  if (folders.some((f) => [...teamIds].some((t) => above.isWithin(t, f.id)))) throw teamNested();
}

/**
 * The scope of what the actor adds to `folder` (loaded by the policy; null: the top of the actor's
 * tree): the folder's owner's tree, lock and storage, with the actor as its creator. For a member
 * adding to a team folder, that is the team folder's owner (ADR 0029).
 */
export function scopeIn(actor: Actor, folder: Pick<ItemRow, 'ownerId'> | null, locked?: readonly string[]): Scope {
  const base = scopeOf(actor);
  const scope = folder ? { ...base, ownerId: folder.ownerId } : base;
  // `locked`: the trees the transaction holds. A folder of another tree (which cannot happen, as an
  // item never changes owner) must not be written to without its owner's lock.
  if (locked && !locked.includes(scope.ownerId)) throw notFound();
  return scope;
}

/**
 * Locks the trees a request naming `ids` may change, before the policy decides (`withTreeLockFor`):
 * the actor's own tree, and the trees of the named items that the actor reaches through a team
 * membership (a team folder's content is its owner's: ADR 0029). A link reaches its owner's tree
 * only. One statement, as the single lock was: owners in the order of their ids, so two requests
 * locking overlapping trees cannot deadlock. This only says which trees to hold still; what may be
 * done is decided inside the lock. Answers the owners locked.
 */
export async function lockTreesOf(
  db: Db,
  actor: Actor,
  ids: readonly (string | null | undefined)[],
): Promise<string[]> {
  const home = homeOf(actor).id;
  const named = actor.kind === 'link' ? [] : [...new Set(ids.filter((id): id is string => !!id && id !== 'all'))];
  const query = preparedOn(db, 'lockTreesOf', () =>
    db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${users.id} = ${sql.placeholder('home')}::uuid or ${users.id} in (
          select i.owner_id from ${items} i
          join ${teamFolders} tf on tf.owner_id = i.owner_id
          join ${teamMembers} m on m.folder_id = tf.folder_id and m.user_id = ${sql.placeholder('home')}::uuid
          where i.id = any(${sql.placeholder('ids')}::uuid[]))`,
      )
      .orderBy(users.id)
      .for('update')
      .prepare('lockTreesOf'),
  );
  const rows = await query.execute({ home, ids: arrayParam(named) });
  return rows.map((r) => r.id);
}

/**
 * How items are presented to the actor: favourites only for a signed-in viewer, share links only
 * to whoever may share the item, the link's own file URLs, and nothing above a link's root.
 */
export function presentingFor(actor: Actor): PresentOptions {
  if (actor.kind === 'user') return presentingForViewer(actor.user.id);
  return { viewerId: null, urls: actor.link.urls, topId: actor.link.rootId, maySeeShares: () => false };
}

/** `presentingFor` a signed-in user known by id (their own listings). */
export function presentingForViewer(viewerId: string): PresentOptions {
  return { viewerId, urls: ownerUrls, maySeeShares: (row) => row.ownerId === viewerId };
}

/** What the navigation tree shows the actor: the owner's whole tree, or what lies below a link's root. */
export type NavigationScope =
  | { location: 'files'; ownerId: string; rootId: null; movable: true }
  | { location: 'public' | 'upload-request'; ownerId: string; rootId: string; movable: boolean };

export function navigationScope(actor: Actor): NavigationScope {
  if (actor.kind === 'user') return { location: 'files', ownerId: actor.user.id, rootId: null, movable: true };
  const location = actor.link.source === 'share' ? 'public' : 'upload-request';
  return { location, ownerId: actor.owner.id, rootId: actor.link.rootId, movable: can(actor, 'move') };
}

/**
 * The filters of a signed-in user's listings across folders (latest files, search, favourites,
 * shared items, the trash): the same grants as `authorize`, as SQL conditions on `items`. This one
 * is the user's own tree only (their shares, their trash); `visibleLiveItemsWithTeams` adds the teams.
 */
export const visibleLiveItems = (viewerId: string): SQL =>
  and(eq(items.ownerId, viewerId), isNull(items.deletedAt), notInTrashedFolder(viewerId)) as SQL;

/**
 * The team folders a user is a member of that are live (neither they nor a folder above them in
 * the trash), as a subquery: one walk up from all of them, within the statement.
 */
const liveTeamRoots = (viewerId: string) => sql`(
  with recursive up(root, id, parent_id, trashed) as (
    select m.folder_id, i.id, i.parent_id, i.deleted_at is not null
    from ${teamMembers} m join ${items} i on i.id = m.folder_id
    where m.user_id = ${viewerId}::uuid
    union all
    select up.root, p.id, p.parent_id, p.deleted_at is not null from up join ${items} p on p.id = up.parent_id
  )
  select root from up group by root having not bool_or(trashed))`;

/** The live folders of a user's live team subtrees (the team folders included), as a subquery. */
export const liveTeamFolders = (viewerId: string) => sql`(
  with recursive t(id) as (
    select root from ${liveTeamRoots(viewerId)} r
    union all
    select i.id from ${items} i join t on i.parent_id = t.id where i.type = 'folder' and i.deleted_at is null
  )
  select id from t)`;

/** Whether the user is a member of any team folder, as a boolean SQL value. */
export const isTeamMember = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${viewerId}::uuid)`;

/**
 * The live items of the team folders a user is a member of (ADR 0029): each live team folder and
 * what lies live below it, walked down from them once per statement (`items_parent_idx`). The team
 * owners' ids come first, as an array the owners' indexes can take (`= any(array(...))`); for a
 * user without memberships it is empty, and the statement reads nothing more.
 */
export const liveTeamItems = (viewerId: string): SQL =>
  and(
    sql`${items.ownerId} = any(array(
      select tf.owner_id from ${teamMembers} m join ${teamFolders} tf on tf.folder_id = m.folder_id
      where m.user_id = ${viewerId}::uuid))`,
    isNull(items.deletedAt),
    or(sql`${items.id} in ${liveTeamRoots(viewerId)}`, sql`${items.parentId} in ${liveTeamFolders(viewerId)}`),
  ) as SQL;

/**
 * What a user sees across folders (search, latest, favourites): their own live items and those of
 * their teams (`liveTeamItems`), in the one statement that lists them.
 */
export const visibleLiveItemsWithTeams = (viewerId: string): SQL =>
  or(visibleLiveItems(viewerId), liveTeamItems(viewerId)) as SQL;

/** What the user's trash shows at its top: the items they trashed (not what is in the trash through them). */
export const visibleTrashTops = (viewerId: string): SQL =>
  and(eq(items.ownerId, viewerId), isNotNull(items.deletedAt)) as SQL;

/**
 * Where what the actor may know above a folder it reached starts (breadcrumbs, the parent shown):
 * nothing for its owner, the link's folder for a link, the team folder for a member, whose owner's
 * folders above it stay unknown (ADR 0029). A look-up only for a folder of someone else's tree.
 */
export async function knownTopOf(db: Db, actor: Actor, folder: LoadedFolder): Promise<string | undefined> {
  if (actor.kind === 'link') return actor.link.rootId;
  if (folder.ownerId === actor.user.id) return undefined;
  const [team] = await db
    .select({ id: teamFolders.folderId })
    .from(teamFolders)
    .where(sql`${teamFolders.folderId} = any(${arrayParam(folder.path.map((p) => p.id))}::uuid[])`)
    .limit(1);
  return team?.id;
}

/**
 * Who may read each of these folders now, besides their owner (who always may): the members of a
 * team folder the folder lies in, decided as `authorize` decides a member's `view`, through the
 * same grants and the same rule (a member never sees what is in the trash, whatever lies above).
 * The audience of the events about a folder's listing (`items-changed.ts`). One indexed query of
 * the owners' team grants; only when some owner has one, one walk up from all the folders at once.
 */
export async function teamReadersOf(
  db: Db,
  folders: readonly { ownerId: string; folderId: string }[],
): Promise<Map<string, string[]>> {
  const readers = new Map<string, string[]>();
  const owners = [...new Set(folders.map((f) => f.ownerId))];
  if (!owners.length) return readers;
  const rows = await db
    .select({
      userId: teamMembers.userId,
      folderId: teamMembers.folderId,
      ownerId: teamFolders.ownerId,
      permission: teamMembers.permission,
    })
    .from(teamMembers)
    .innerJoin(teamFolders, eq(teamFolders.folderId, teamMembers.folderId))
    .where(sql`${teamFolders.ownerId} = any(${arrayParam(owners)}::uuid[])`);
  if (!rows.length) return readers;
  const grants = rows.map((r) => ({
    userId: r.userId,
    grant: {
      ownerId: r.ownerId,
      rootId: r.folderId,
      actions: teamCapabilities[r.permission],
      team: { folderId: r.folderId, permission: r.permission },
    } satisfies Grant,
  }));
  const ancestry = await ancestryOf(db, [...new Set(folders.map((f) => f.folderId))]);
  for (const { ownerId, folderId } of folders) {
    const row = { id: folderId, ownerId };
    const trashedBy = ancestry.trashedBy(folderId);
    const members = grants
      .filter(({ grant }) => reaches(grant, row, ancestry) && showsTrashState(grant, trashedBy))
      .filter(({ grant }) => grant.actions.has('view'))
      .map((g) => g.userId);
    if (members.length) readers.set(folderId, [...new Set([...(readers.get(folderId) ?? []), ...members])]);
  }
  return readers;
}

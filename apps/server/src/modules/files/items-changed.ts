import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { arrayParam } from '../../lib/db/prepared.js';
import { publishEach } from '../realtime/index.js';

/**
 * The members of the team folders that `folderIds` lie in (themselves or below), by folder: one
 * walk up from all of them at once, started only from folders whose owner has a team folder, so an
 * owner without teams costs one index probe per folder and no walk (ADR 0029).
 */
async function teamAudiences(db: Db, folderIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = await db.execute(sql`
    with recursive up(origin, id, parent_id) as (
      select i.id, i.id, i.parent_id from items i
      where i.id = any(${arrayParam(folderIds)}::uuid[])
        and exists (select 1 from team_folders t where t.owner_id = i.owner_id)
      union all
      select up.origin, p.id, p.parent_id from items p join up on p.id = up.parent_id
    )
    select up.origin as folder_id, m.user_id from up join team_members m on m.folder_id = up.id`);
  const byFolder = new Map<string, string[]>();
  for (const { folder_id, user_id } of rowsOf<{ folder_id: string; user_id: string }>(result)) {
    byFolder.set(folder_id, [...(byFolder.get(folder_id) ?? []), user_id]);
  }
  return byFolder;
}

/**
 * `items.changed` for everyone who sees the listings a transaction changed (folder id, or null for
 * the owner's top level): the owners, and the members of the team folders those folders lie in,
 * each with the folders they see, without repeats; one row per user. One statement finds the
 * members of every folder at once, however many. Call it once per transaction.
 */
export async function publishItemsChanged(
  db: Db,
  changes: Iterable<{ ownerId: string; folderId: string | null }>,
): Promise<void> {
  const byUser = new Map<string, Set<string | null>>();
  const see = (userId: string, folderId: string | null) => {
    let folders = byUser.get(userId);
    if (!folders) byUser.set(userId, (folders = new Set()));
    folders.add(folderId);
  };
  const folderIds = new Set<string>();
  for (const { ownerId, folderId } of changes) {
    see(ownerId, folderId);
    if (folderId !== null) folderIds.add(folderId);
  }
  if (folderIds.size) {
    for (const [folderId, members] of await teamAudiences(db, [...folderIds])) {
      for (const member of members) see(member, folderId);
    }
  }
  await publishEach(
    db,
    'items.changed',
    [...byUser].map(([userId, folders]) => ({ userId, payload: { folders: [...folders] } })),
  );
}

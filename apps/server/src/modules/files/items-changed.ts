import type { Db } from '../../lib/db/database.js';
import { publishEach } from '../realtime/index.js';
import { teamReadersOf } from './access.js';

/**
 * `items.changed` for everyone who may read the listings a transaction changed (folder id, or null
 * for the owner's top level), as the access policy decides a read now (`teamReadersOf`): the owners,
 * and the members of the team folders those folders lie in unless the folder is in the trash (a
 * member never sees it), each with the folders they see, without repeats; one row per user. Call it
 * once per transaction, after its changes (a member removed or a folder trashed in it counts).
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
  const folders: { ownerId: string; folderId: string }[] = [];
  for (const { ownerId, folderId } of changes) {
    see(ownerId, folderId);
    if (folderId !== null) folders.push({ ownerId, folderId });
  }
  for (const [folderId, members] of await teamReadersOf(db, folders)) {
    for (const member of members) see(member, folderId);
  }
  await publishEach(
    db,
    'items.changed',
    [...byUser].map(([userId, folders]) => ({ userId, payload: { folders: [...folders] } })),
  );
}

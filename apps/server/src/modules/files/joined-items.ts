import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../lib/db/database.js';
import { items } from './items.table.js';
import { teamFolders } from './teams.table.js';

/*
 * For a module whose own table points at an item (a share, an upload request, an upload session, a
 * team invitation): its rows joined to their item in one statement, as before, without the caller
 * naming the files module's tables (ADR 0070). The caller selects its own fields from its own table
 * and adds its joins, filter, order and paging; the item's conditions come from the files module's
 * verbs (`visibleLiveItems`…).
 */

/** A select of `fields` from `from` inner-joined to the item `itemId` names (nothing of the item selected). */
export function selectJoinedToItem<F extends SelectedFields>(db: Db, fields: F, from: PgTable, itemId: AnyPgColumn) {
  return db.select(fields).from(from).innerJoin(items, eq(items.id, itemId));
}

/** `selectJoinedToItem` with the item's row as `item`. */
export function selectWithItem<F extends SelectedFields>(db: Db, fields: F, from: PgTable, itemId: AnyPgColumn) {
  return selectJoinedToItem(db, { ...fields, item: items }, from, itemId);
}

/** A select of `fields` from `from` left-joined to the folder `folderId` names, with its name as `folderName` (null when gone). */
export function selectWithFolderName<F extends SelectedFields>(
  db: Db,
  fields: F,
  from: PgTable,
  folderId: AnyPgColumn,
) {
  return db
    .select({ ...fields, folderName: items.name })
    .from(from)
    .leftJoin(items, eq(items.id, folderId));
}

/**
 * A select of `fields` from `from` joined to the folder `folderId` names, as `folder`, and to its
 * team folder's owner as `teamOwnerId`: null once the team is dissolved.
 */
export function selectWithTeamFolder<F extends SelectedFields>(
  db: Db,
  fields: F,
  from: PgTable,
  folderId: AnyPgColumn,
) {
  return db
    .select({ ...fields, folder: items, teamOwnerId: teamFolders.ownerId })
    .from(from)
    .innerJoin(items, eq(items.id, folderId))
    .leftJoin(teamFolders, eq(teamFolders.folderId, folderId));
}

/** `selectWithTeamFolder` of team folders that still exist only (a dissolved team's rows are left out). */
export function selectWithLiveTeamFolder<F extends SelectedFields>(
  db: Db,
  fields: F,
  from: PgTable,
  folderId: AnyPgColumn,
) {
  return db
    .select({ ...fields, folder: items, teamOwnerId: teamFolders.ownerId })
    .from(from)
    .innerJoin(items, eq(items.id, folderId))
    .innerJoin(teamFolders, eq(teamFolders.folderId, folderId));
}

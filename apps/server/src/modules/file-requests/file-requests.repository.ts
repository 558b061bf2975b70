import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { selectWithItem, type ItemRow } from '../files/index.js';
import { users, type UserRow } from '../users/index.js';
import { currentStatus, IDLE_FILLED_HOURS, UNUSED_EXPIRY_HOURS } from './file-request-status.js';
import { fileRequests, type FileRequestRow } from './file-requests.table.js';

export type NewFileRequest = typeof fileRequests.$inferInsert;

export interface FoundRequest {
  request: FileRequestRow;
  owner: UserRow;
  folder: ItemRow;
}

export async function insertFileRequest(db: Db, values: NewFileRequest): Promise<FileRequestRow> {
  const [row] = await db.insert(fileRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A guest's token with its owner and folder: one indexed query. */
export async function findRequestByToken(db: Db, token: string): Promise<FoundRequest | undefined> {
  const [row] = await selectWithItem(db, { request: fileRequests, owner: users }, fileRequests, fileRequests.folderId)
    .innerJoin(users, eq(users.id, fileRequests.userId))
    .where(eq(fileRequests.token, token));
  return row && { request: row.request, owner: row.owner, folder: row.item };
}

/** Active → filled, once: null when someone (or the job) closed it first. */
export async function markFilled(db: Db, id: string): Promise<FileRequestRow | null> {
  const [row] = await db
    .update(fileRequests)
    .set({ status: 'filled', updatedAt: sql`now()` })
    .where(and(eq(fileRequests.id, id), eq(fileRequests.status, 'active')))
    .returning();
  return row ?? null;
}

/**
 * The request's first upload, once: its row when this call set `last_upload_at` for the first
 * time, else null. Two uploads finishing together: the second waits on the row lock and then no
 * longer matches `is null`, so only one of them is first.
 */
export async function markFirstUpload(db: Db, id: string): Promise<FileRequestRow | null> {
  const [row] = await db
    .update(fileRequests)
    .set({ lastUploadAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(fileRequests.id, id), isNull(fileRequests.lastUploadAt)))
    .returning();
  return row ?? null;
}

export async function touchLastUpload(db: Db, id: string): Promise<void> {
  await db
    .update(fileRequests)
    .set({ lastUploadAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(fileRequests.id, id));
}

/**
 * Closes a batch of requests that are due, claimed with `for update skip locked` so several nodes
 * never close (and mail about) the same one: never used 72 h after creation → expired; last
 * upload a day old → filled.
 */
export async function closeDueRequests(db: Db, batch: number): Promise<FileRequestRow[]> {
  const result = await db.execute(sql`
    with due as materialized (
      select id from file_requests
      where status = 'active' and (
        (last_upload_at is null and created_at <= now() - make_interval(hours => ${UNUSED_EXPIRY_HOURS}::int))
        or last_upload_at <= now() - make_interval(hours => ${IDLE_FILLED_HOURS}::int))
      order by created_at
      limit ${batch}
      for update skip locked
    )
    update file_requests r
    set status = case when r.last_upload_at is null then 'expired' else 'filled' end, updated_at = now()
    from due where r.id = due.id
    returning r.id`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (!ids.length) return [];
  return db.select().from(fileRequests).where(inArray(fileRequests.id, ids));
}

/** Among these requests, the ones still taking files at `now` (the status they have then, not the one last written). */
export async function requestsOpenForUploads(db: Db, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select()
    .from(fileRequests)
    .where(inArray(fileRequests.id, [...ids]));
  return new Set(rows.filter((r) => currentStatus(r, now.getTime()) === 'active').map((r) => r.id));
}

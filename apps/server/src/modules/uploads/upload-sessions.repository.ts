import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { actorOfKind, type ActorRef, type LinkRef } from '../access/index.js';
import { selectWithFolderName, teamOwnersForUploads } from '../files/index.js';
import { arrayParam } from '../../lib/db/prepared.js';
import { users, type UserRow } from '../users/index.js';
import { uploadSessions, type StoredPart, type UploadSessionRow } from './upload-sessions.table.js';

export type NewUploadSession = typeof uploadSessions.$inferInsert;

export async function findSession(db: Db, id: string): Promise<UploadSessionRow | undefined> {
  const [row] = await db.select().from(uploadSessions).where(eq(uploadSessions.id, id));
  return row;
}

/** Inserts the session unless one with this id exists already (a duplicate first chunk); null then. */
export async function insertSession(db: Db, values: NewUploadSession): Promise<UploadSessionRow | null> {
  const [row] = await db.insert(uploadSessions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Bytes promised to the owner's other running uploads (a session never counts as used storage). */
export async function reservedBytes(db: Db, ownerId: string, exceptId: string | null): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${uploadSessions.size}), 0)` })
    .from(uploadSessions)
    .where(
      and(
        eq(uploadSessions.ownerId, ownerId),
        isNull(uploadSessions.completedFileId),
        exceptId ? ne(uploadSessions.id, exceptId) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The owner's row and the bytes of their other running uploads in one statement, for the checks
 * before a chunk's bytes are stored (no lock: the transaction that makes the file checks again
 * under `lockOwner`, with `reservedBytes` read after the lock is held).
 */
export async function ownerWithReserved(
  db: Db,
  ownerId: string,
  exceptId: string | null,
): Promise<{ owner: UserRow; reserved: number } | undefined> {
  const others = and(
    eq(uploadSessions.ownerId, users.id),
    isNull(uploadSessions.completedFileId),
    exceptId ? ne(uploadSessions.id, exceptId) : undefined,
  );
  const [row] = await db
    .select({
      owner: users,
      reserved: sql<
        string | number | null
      >`(select coalesce(sum(${uploadSessions.size}), 0) from ${uploadSessions} where ${others})`,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  return row && { owner: row.owner, reserved: Number(row.reserved ?? 0) };
}

/** Marks the session done with its file; null when it was cancelled meanwhile (or already done). */
export async function completeSession(db: Db, id: string, fileId: string): Promise<UploadSessionRow | null> {
  const [row] = await db
    .update(uploadSessions)
    .set({ completedFileId: fileId, updatedAt: sql`now()` })
    .where(and(eq(uploadSessions.id, id), isNull(uploadSessions.completedFileId)))
    .returning();
  return row ?? null;
}

/** Forgets finished sessions older than `before`: their file exists, there is nothing to abort. */
export async function deleteCompletedSessions(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(uploadSessions)
    .where(and(isNotNull(uploadSessions.completedFileId), lt(uploadSessions.updatedAt, before)))
    .returning({ id: uploadSessions.id });
  return rows.length;
}

/**
 * Records a stored part only if nobody moved the session meanwhile (compare-and-set on `received`),
 * so two requests racing with the same chunk count its bytes once. Null when the session moved or is gone.
 */
export async function advanceSession(
  db: Db,
  id: string,
  offset: number,
  bytes: number,
  part: StoredPart,
): Promise<UploadSessionRow | null> {
  const [row] = await db
    .update(uploadSessions)
    .set({
      received: sql`${uploadSessions.received} + ${bytes}`,
      parts: sql`${uploadSessions.parts} || ${JSON.stringify([part])}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.received, offset)))
    .returning();
  return row ?? null;
}

/** Deletes the session (only while nothing was received, with `untouched`); returns what was deleted. */
export async function deleteSession(
  db: Db,
  id: string,
  opts: { untouched?: boolean } = {},
): Promise<UploadSessionRow | null> {
  const [row] = await db
    .delete(uploadSessions)
    .where(and(eq(uploadSessions.id, id), opts.untouched ? eq(uploadSessions.received, 0) : undefined))
    .returning();
  return row ?? null;
}

/** When a running session counts as abandoned, by who started it. */
export interface StaleBefore {
  /** Sessions a signed-in user started. */
  user: Date;
  /** Sessions a link's guest started (`share:…`, `request:…`): they hold the owner's quota, not the guest's. */
  link: Date;
}

/**
 * Takes a batch of sessions nobody touched since `before` away from the table, in one short
 * transaction; other nodes skip the rows this one holds. The caller aborts their storage uploads.
 */
export async function claimStaleSessions(db: Db, before: StaleBefore, limit: number): Promise<UploadSessionRow[]> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: uploadSessions.id })
      .from(uploadSessions)
      .where(
        and(
          isNull(uploadSessions.completedFileId),
          or(
            lt(uploadSessions.updatedAt, before.user),
            and(lt(uploadSessions.updatedAt, before.link), not(actorOfKind(uploadSessions.actorKey, 'user'))),
          ),
        ),
      )
      .orderBy(uploadSessions.updatedAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return deleteRunning(
      tx,
      stale.map((s) => s.id),
    );
  });
}

/** Deletes the running sessions among `ids`, returning them (the finished ones stay for their retries). */
async function deleteRunning(db: Db, ids: readonly string[]): Promise<UploadSessionRow[]> {
  if (ids.length === 0) return [];
  return db
    .delete(uploadSessions)
    .where(and(inArray(uploadSessions.id, [...ids]), isNull(uploadSessions.completedFileId)))
    .returning();
}

/** Takes away the running sessions that these actors (links' guests) started. */
export async function claimSessionsOfActors(db: Db, actorKeys: readonly ActorRef[]): Promise<UploadSessionRow[]> {
  if (actorKeys.length === 0) return [];
  return db
    .delete(uploadSessions)
    .where(and(inArray(uploadSessions.actorKey, [...actorKeys]), isNull(uploadSessions.completedFileId)))
    .returning();
}

/** The links of one kind (`share`, `request`) whose guests have a running session: a few at most. */
export async function actorsWithRunningSessions(db: Db, kind: LinkRef['kind']): Promise<ActorRef[]> {
  const rows = await db
    .selectDistinct({ actorKey: uploadSessions.actorKey })
    .from(uploadSessions)
    .where(and(actorOfKind(uploadSessions.actorKey, kind), isNull(uploadSessions.completedFileId)));
  return rows.map((r) => r.actorKey);
}

export interface RunningSessionRow {
  session: UploadSessionRow;
  folderName: string | null;
  creator: Pick<UserRow, 'firstName' | 'lastName' | 'email'> | null;
}

/** The running sessions in the owner's storage, newest first, with their folder's and starter's names. */
export async function runningSessionsOfOwner(db: Db, ownerId: string): Promise<RunningSessionRow[]> {
  return selectWithFolderName(
    db,
    {
      session: uploadSessions,
      creator: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    },
    uploadSessions,
    uploadSessions.parentId,
  )
    .leftJoin(users, eq(users.id, uploadSessions.creatorId))
    .where(and(eq(uploadSessions.ownerId, ownerId), isNull(uploadSessions.completedFileId)))
    .orderBy(desc(uploadSessions.createdAt), desc(uploadSessions.id));
}

/** One running session in the owner's storage; anybody else's, a finished or an unknown one: undefined. */
export async function findRunningSessionOfOwner(
  db: Db,
  ownerId: string,
  id: string,
): Promise<UploadSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.ownerId, ownerId), isNull(uploadSessions.completedFileId)));
  return row;
}

/**
 * The owner's row, locked until the transaction ends: quota checks and the bytes they admit are
 * then decided one upload at a time, so parallel uploads cannot overshoot together.
 */
export async function lockOwner(db: Db, ownerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, ownerId)).for('update');
  return row;
}

/**
 * The owners' rows, locked until the transaction ends (`lockOwner` for several at once), in the
 * order of their ids, so that two transactions locking overlapping owners cannot deadlock.
 */
export async function lockOwners(db: Db, ownerIds: readonly string[]): Promise<UserRow[]> {
  if (ownerIds.length === 0) return [];
  if (ownerIds.length === 1) {
    const row = await lockOwner(db, ownerIds[0] as string);
    return row ? [row] : [];
  }
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ownerIds]))
    .orderBy(users.id)
    .for('update');
}

/**
 * `lockOwners` for a batch of uploads into `folderIds` by users `homes`: their own rows and the rows
 * of the team folders' owners those folders belong to (where the members' files go: ADR 0029), in
 * one statement, in the order of their ids. Only owners of a team some of `homes` are members of
 * are locked; the access policy decides each folder after.
 */
export async function lockUploadOwners(
  db: Db,
  homes: readonly string[],
  memberIds: readonly string[],
  folderIds: readonly string[],
): Promise<UserRow[]> {
  if (!memberIds.length || !folderIds.length) return lockOwners(db, homes);
  return db
    .select()
    .from(users)
    .where(
      sql`${users.id} = any(${arrayParam([...homes])}::uuid[]) or ${users.id} in (${teamOwnersForUploads(memberIds, folderIds)})`,
    )
    .orderBy(users.id)
    .for('update');
}

/** `reservedBytes` of several owners in one statement (no session left out); owners with none are absent. */
export async function reservedBytesOf(db: Db, ownerIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ ownerId: uploadSessions.ownerId, total: sql<string | number>`sum(${uploadSessions.size})` })
    .from(uploadSessions)
    .where(and(inArray(uploadSessions.ownerId, [...ownerIds]), isNull(uploadSessions.completedFileId)))
    .groupBy(uploadSessions.ownerId);
  return new Map(rows.map((r) => [r.ownerId, Number(r.total)]));
}

import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { outboxEvents } from './outbox.table.js';

/** An outbox row as it travels to the sockets (and between nodes): plain JSON, the id as text. */
export interface OutboxMessage {
  id: string;
  userId: string;
  name: string;
  payload: unknown;
}

const toMessage = (row: { id: bigint; userId: string; name: string; payload: unknown }): OutboxMessage => ({
  id: row.id.toString(),
  userId: row.userId,
  name: row.name,
  payload: row.payload,
});

/**
 * One dispatcher at a time in the whole cluster (a transaction-scoped advisory lock): the rows go
 * out in id order, so a user's events arrive in the order they were written. A node that finds it
 * taken leaves the work to the holder, which also hears the notification and runs again.
 */
const DISPATCH_LOCK = sql`pg_try_advisory_xact_lock(${0x6f7574626f78})`;

/**
 * In one transaction: takes up to `limit` undelivered rows in id order, hands them to `send`, then
 * marks them delivered. If the process dies before the commit the rows stay undelivered and go out
 * again (at least once: clients drop ids they have seen). Answers how many rows went, or null when
 * another node holds the dispatch lock.
 */
export async function dispatchBatch(
  db: Db,
  limit: number,
  send: (messages: OutboxMessage[]) => void | Promise<void>,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select ${DISPATCH_LOCK} as locked`));
    if (!lock?.locked) return null;
    const rows = await tx
      .select({
        id: outboxEvents.id,
        userId: outboxEvents.userId,
        name: outboxEvents.name,
        payload: outboxEvents.payload,
      })
      .from(outboxEvents)
      .where(isNull(outboxEvents.deliveredAt))
      .orderBy(asc(outboxEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    await send(rows.map(toMessage));
    await tx
      .update(outboxEvents)
      .set({ deliveredAt: new Date() })
      .where(
        inArray(
          outboxEvents.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/**
 * A user's events after `afterId` written since `since`, delivered or not, oldest first: what a
 * socket that reconnects missed (bounded by the window and `limit`).
 */
export async function eventsSince(
  db: Db,
  userId: string,
  afterId: bigint,
  since: Date,
  limit: number,
): Promise<OutboxMessage[]> {
  const rows = await db
    .select({
      id: outboxEvents.id,
      userId: outboxEvents.userId,
      name: outboxEvents.name,
      payload: outboxEvents.payload,
    })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.userId, userId), gt(outboxEvents.id, afterId), gt(outboxEvents.createdAt, since)))
    .orderBy(asc(outboxEvents.id))
    .limit(limit);
  return rows.map(toMessage);
}

/**
 * Deletes up to `limit` rows delivered before `deliveredBefore`, and rows never delivered written
 * before `staleBefore` (no dispatcher ran for that long: nobody waits for them any more).
 */
export async function purgeOutbox(db: Db, deliveredBefore: Date, staleBefore: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      sql`(${lt(outboxEvents.deliveredAt, deliveredBefore)}) or (${and(isNull(outboxEvents.deliveredAt), lt(outboxEvents.createdAt, staleBefore))})`,
    )
    .limit(limit);
  const gone = await db.delete(outboxEvents).where(inArray(outboxEvents.id, old)).returning({ id: outboxEvents.id });
  return gone.length;
}

/**
 * The newest event id written so far (0 when there is none): what a page reads with its data, so
 * that its socket's first connection is sent every event written after that read.
 */
export async function latestEventId(db: Db): Promise<bigint> {
  const [row] = await db.select({ id: sql<string | null>`max(${outboxEvents.id})::text` }).from(outboxEvents);
  return row?.id ? BigInt(row.id) : 0n;
}

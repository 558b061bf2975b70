import { NOTIFICATIONS_COUNT_CAP, USER_NOTIFICATIONS_LISTED, type UserNotifications } from '@filestore/contract';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { validationFailed } from '../../lib/errors.js';
import { presentNotification } from './notify.js';
import { notifications, type NotificationRow } from './notifications.table.js';

const DEFAULT_PAGE = 30;

/** A page's last row, as the next page's starting point: its time and id, in base64url. */
const encodeCursor = (row: NotificationRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime()))
    throw validationFailed({ cursor: ['This cursor is not valid for this listing.'] });
  return { at: date, id };
}

/**
 * One page of a user's notifications, newest first, read and unread. Keyset pagination on
 * (created_at, id), the index's own order: a notification arriving meanwhile does not shift the
 * next page.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  query: { per_page?: number | undefined; cursor?: string | undefined },
): Promise<{ rows: NotificationRow[]; nextCursor: string | null }> {
  const perPage = query.per_page ?? DEFAULT_PAGE;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(perPage + 1);
  const more = rows.length > perPage;
  const page = more ? rows.slice(0, perPage) : rows;
  return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]!) : null };
}

/** Every unread notification of the user becomes read; how many did. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes all of the user's notifications; how many went. */
export async function clearAll(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * What `GET /api/user` carries (ADR 0026): the newest few unread and read notifications and how
 * many of each, counted only up to the cap, so the cost stays the same however many a user keeps.
 */
export async function notificationSummary(
  db: Db,
  userId: string,
): Promise<{ unread: UserNotifications; read: UserNotifications }> {
  const latest = (unread: boolean) =>
    db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId), unread ? isNull(notifications.readAt) : isNotNull(notifications.readAt)),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(USER_NOTIFICATIONS_LISTED);
  // One after another: GET /api/user is frequent, and three connections of the pool for it are not worth it.
  const unreadRows = await latest(true);
  const readRows = await latest(false);
  const counted = await db.execute(sql`
      select
        (select count(*)::int from (select 1 from notifications
           where user_id = ${userId}::uuid and read_at is null limit ${NOTIFICATIONS_COUNT_CAP + 1}) u) as unread,
        (select count(*)::int from (select 1 from notifications
           where user_id = ${userId}::uuid and read_at is not null limit ${NOTIFICATIONS_COUNT_CAP + 1}) r) as read`);
  const counts = rowsOf<{ unread: number; read: number }>(counted)[0] ?? { unread: 0, read: 0 };
  const summary = (rows: NotificationRow[], count: number): UserNotifications => ({
    data: rows.map(presentNotification),
    meta: { count: Math.min(count, NOTIFICATIONS_COUNT_CAP), capped: count > NOTIFICATIONS_COUNT_CAP },
  });
  return { unread: summary(unreadRows, counts.unread), read: summary(readRows, counts.read) };
}

import type { NotificationAction, NotificationCategory, NotificationResource } from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { publishEvent } from '../realtime/index.js';
import { notifications, type NotificationRow } from './notifications.table.js';

export interface NewNotification {
  category: NotificationCategory;
  title: string;
  description: string;
  action: NotificationAction | null;
}

export function presentNotification(row: NotificationRow): NotificationResource {
  return {
    data: {
      id: row.id,
      type: 'notification',
      attributes: {
        category: row.category,
        title: row.title,
        description: row.description,
        action: row.action ?? null,
        created_at: row.createdAt.toISOString(),
        read_at: row.readAt ? row.readAt.toISOString() : null,
      },
    },
  };
}

/**
 * Stores a notification for a user and, in the same transaction, the `notification` event that
 * brings it to their open sockets.
 */
export async function notify(db: Db, userId: string, input: NewNotification): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, ...input })
    .returning();
  if (!row) throw new Error('the notification was not stored');
  await publishEvent(db, [userId], 'notification', presentNotification(row));
  return row;
}

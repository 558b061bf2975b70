import { en, type NotificationAction, type NotificationCategory, type NotificationResource } from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { translatorOf } from '../languages/index.js';
import { publishEvent } from '../realtime/index.js';
import { notifications, type NotificationRow } from './notifications.table.js';

/** An action as its maker gives it: a button's label comes from the catalogue (`notification.<key>.button`). */
export type NotificationActionInput =
  | Extract<NotificationAction, { type: 'invitation' }>
  | { type: 'route'; params: Omit<Extract<NotificationAction, { type: 'route' }>['params'], 'button'> }
  | { type: 'url'; params: Omit<Extract<NotificationAction, { type: 'url' }>['params'], 'button'> };

export interface NewNotification {
  category: NotificationCategory;
  /**
   * The kind (`notification.<key>.*` in the catalogues) and its values: never a finished sentence,
   * so each reader sees it in their own language (ADR 0073). `count` picks a plural form.
   */
  message: { key: string; params: Record<string, string | number> };
  action: NotificationActionInput | null;
}

const english = translatorOf('en', en);

/** The English text of a message: stored beside the key, for clients that do not render it. */
export function englishText(message: NewNotification['message']) {
  const base = `notification.${message.key}`;
  return {
    title: english(`${base}.title`, message.params),
    description: english(`${base}.description`, message.params),
    button: english(`${base}.button`, message.params),
  };
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
        message: row.messageKey ? { key: row.messageKey, params: row.messageParams ?? {} } : null,
        action: row.action ?? null,
        created_at: row.createdAt.toISOString(),
        read_at: row.readAt ? row.readAt.toISOString() : null,
      },
    },
  };
}

/**
 * Stores a notification for a user and, in the same transaction, the `notification` event that
 * brings it to their open sockets. Both carry the message's key and values; the English text is
 * stored beside them.
 */
export async function notify(db: Db, userId: string, input: NewNotification): Promise<NotificationRow> {
  const text = englishText(input.message);
  const action: NotificationAction | null =
    input.action === null || input.action.type === 'invitation'
      ? input.action
      : input.action.type === 'route'
        ? { type: 'route', params: { ...input.action.params, button: text.button } }
        : { type: 'url', params: { ...input.action.params, button: text.button } };
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      category: input.category,
      title: text.title,
      description: text.description,
      messageKey: input.message.key,
      messageParams: input.message.params,
      action,
    })
    .returning();
  if (!row) throw new Error('the notification was not stored');
  await publishEvent(db, [userId], 'notification', presentNotification(row));
  return row;
}

import type {
  MessageResponse,
  NotificationResource,
  NotificationsResponse,
  UserNotifications,
} from '@filestore/contract';
import { USER_NOTIFICATIONS_LISTED } from '@filestore/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';
import type { TFunction } from '../../lib/i18n';
import { userQueryKey, type User } from '../user/user.api';

export type Notification = NotificationResource['data'];
export const notificationsQueryKey = ['notifications'] as const;
type Pages = InfiniteData<NotificationsResponse, string | null>;

export const PAGE_SIZE = 20;

export async function fetchNotifications(cursor: string | null): Promise<NotificationsResponse> {
  const query = new URLSearchParams({ per_page: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<NotificationsResponse>(`/api/notifications?${query}`);
}
export const readAllNotifications = () => api.post<MessageResponse>('/api/notifications/read');
export const clearAllNotifications = () => request<MessageResponse>('DELETE', '/api/notifications');
/** Team invitations (spec §7; the endpoint arrives with the teams feature). */
export const answerInvitation = (id: string, accept: boolean) =>
  request<MessageResponse>(accept ? 'PUT' : 'DELETE', `/api/teams/invitations/${encodeURIComponent(id)}`);

/**
 * What a notification says, in the reader's language now (ADR 0073): its message's kind from the
 * catalogue with its values. A notification stored before (no message), or of a kind this
 * catalogue lacks, shows the text the server stored.
 */
export function notificationText(
  t: TFunction,
  { title, description, message, action }: Notification['attributes'],
): { title: string; description: string; button: string | null } {
  const stored = action && action.type !== 'invitation' ? action.params.button : null;
  if (!message) return { title, description, button: stored };
  const base = `notification.${message.key}`;
  return {
    title: t(`${base}.title`, { ...message.params, defaultValue: title }),
    description: t(`${base}.description`, { ...message.params, defaultValue: description }),
    button: stored === null ? null : t(`${base}.button`, { ...message.params, defaultValue: stored }),
  };
}

/** The bell's number: the unread count, "99+" above 99 (the server counts only up to its cap). */
export function unreadBadge(user: User | undefined): { count: number; label: string } {
  const meta = user?.relationships.unreadNotifications.meta;
  const count = meta?.count ?? 0;
  return { count, label: meta?.capped || count > 99 ? '99+' : String(count) };
}

function patchUserNotifications(
  client: QueryClient,
  patch: (lists: { read: UserNotifications; unread: UserNotifications }) => {
    read: UserNotifications;
    unread: UserNotifications;
  },
) {
  client.setQueryData<User>(userQueryKey, (user) => {
    if (!user) return user;
    const { read, unread } = patch({
      read: user.relationships.readNotifications,
      unread: user.relationships.unreadNotifications,
    });
    return { ...user, relationships: { ...user.relationships, readNotifications: read, unreadNotifications: unread } };
  });
}

function patchPages(
  client: QueryClient,
  patch: (items: NotificationResource[], page: number) => NotificationResource[],
) {
  client.setQueryData<Pages>(notificationsQueryKey, (pages) =>
    pages ? { ...pages, pages: pages.pages.map((p, i) => ({ ...p, data: patch(p.data, i) })) } : pages,
  );
}

/** A live notification: at the top of the list (once), and one more unread on the bell. */
export function addLiveNotification(client: QueryClient, notification: NotificationResource) {
  const id = notification.data.id;
  let known = false;
  patchPages(client, (items, page) => {
    if (items.some((n) => n.data.id === id)) known = true;
    return page === 0 && !known ? [notification, ...items] : items;
  });
  patchUserNotifications(client, ({ read, unread }) => {
    if (unread.data.some((n) => n.data.id === id)) return { read, unread };
    return {
      read,
      unread: {
        data: [notification, ...unread.data].slice(0, USER_NOTIFICATIONS_LISTED),
        meta: { ...unread.meta, count: unread.meta.count + 1 },
      },
    };
  });
}

/** Opening the center read them all: nothing unread on the bell; the list keeps its order. */
export function markAllReadLocally(client: QueryClient, at = new Date().toISOString()) {
  const read = (n: NotificationResource): NotificationResource =>
    n.data.attributes.read_at ? n : { data: { ...n.data, attributes: { ...n.data.attributes, read_at: at } } };
  patchPages(client, (items) => items.map(read));
  patchUserNotifications(client, ({ read: before, unread }) => ({
    read: {
      data: [...unread.data.map(read), ...before.data].slice(0, USER_NOTIFICATIONS_LISTED),
      meta: { count: before.meta.count + unread.meta.count, capped: before.meta.capped || unread.meta.capped },
    },
    unread: { data: [], meta: { count: 0, capped: false } },
  }));
}

export function clearAllLocally(client: QueryClient) {
  client.setQueryData<Pages>(notificationsQueryKey, (pages) =>
    pages ? { pages: [{ data: [], meta: { next_cursor: null } }], pageParams: [null] } : pages,
  );
  const empty = { data: [], meta: { count: 0, capped: false } };
  patchUserNotifications(client, () => ({ read: empty, unread: empty }));
}

/** An invitation answered: its buttons go (spec §4: the action data is cleared). */
export function clearActionLocally(client: QueryClient, id: string) {
  patchPages(client, (items) =>
    items.map((n) =>
      n.data.id === id ? { data: { ...n.data, attributes: { ...n.data.attributes, action: null } } } : n,
    ),
  );
}

/** An invitation answered elsewhere (its page): the notifications carrying it lose their buttons. */
export function clearInvitationAction(client: QueryClient, invitationId: string) {
  patchPages(client, (items) =>
    items.map((n) => {
      const action = n.data.attributes.action;
      return action?.type === 'invitation' && action.params.id === invitationId
        ? { data: { ...n.data, attributes: { ...n.data.attributes, action: null } } }
        : n;
    }),
  );
}

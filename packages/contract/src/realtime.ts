import { z } from 'zod';
import { NOTIFICATIONS_PAGE_MAX } from './limits.js';

/**
 * Real time (issue 13): notifications and the events a signed-in user's socket receives. Every
 * event goes only to the private room of the user it names (`user:{id}`), delivered from the
 * transactional outbox (`outbox_events`), so an event exists only if the change that caused it
 * committed.
 */

/** Spec §3: each category has its own icon in the notification center. */
export const notificationCategories = [
  'gift',
  'team-invitation',
  'subscription-created',
  'billing-alert',
  'insufficient-balance',
  'payment-alert',
  'file-request',
  'remote-upload-done',
] as const;
export const notificationCategory = z.enum(notificationCategories);
export type NotificationCategory = z.infer<typeof notificationCategory>;

/** Spec §3: what the notification's button does. */
export const notificationAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invitation'), params: z.object({ id: z.string() }) }),
  z.object({
    type: z.literal('route'),
    params: z.object({ route: z.string(), id: z.string().nullable(), button: z.string() }),
  }),
  z.object({
    type: z.literal('url'),
    params: z.object({ url: z.string(), target: z.enum(['blank', 'self']), button: z.string() }),
  }),
]);
export type NotificationAction = z.infer<typeof notificationAction>;

/**
 * What a notification says, as the catalogue's kind and its values (ADR 0073): the reader's
 * language renders `notification.<key>.title`, `.description` (a plural by `count` where it has
 * one) and a button's `.button` when shown, whatever language it was made in. `title`,
 * `description` and an action's `button` beside it hold the English text, for clients that do not
 * render, and for notifications stored before (their `message` is null).
 */
export const notificationMessage = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type NotificationMessage = z.infer<typeof notificationMessage>;

export const notificationResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('notification'),
    attributes: z.object({
      category: notificationCategory,
      title: z.string(),
      description: z.string(),
      message: notificationMessage.nullable(),
      action: notificationAction.nullable(),
      created_at: z.string(),
      read_at: z.string().nullable(),
    }),
  }),
});
export type NotificationResource = z.infer<typeof notificationResource>;

/** `GET /api/notifications`: newest first, read and unread; `cursor` is the previous page's `next_cursor`. */
export const notificationsQuery = z.object({
  per_page: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).optional(),
  cursor: z.string().max(200).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const notificationsResponse = z.object({
  data: z.array(notificationResource),
  meta: z.object({
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** A remote upload batch's progress (spec §2 progress bar: processed and total, failed if above 0). */
export const remoteUploadProgress = z.object({
  batch_id: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  /** The file this step created, when it created one (spec §3 "plus the created file"). */
  file: z.object({ id: z.string(), name: z.string(), parent_id: z.string().nullable() }).nullable(),
});

/** Every event a socket may receive, by name. */
export const realtimeEvents = {
  notification: notificationResource,
  'remote-upload.progress': remoteUploadProgress,
  'remote-upload.done': remoteUploadProgress.omit({ file: true }).extend({
    failures: z.array(z.object({ url: z.string(), reason: z.string() })),
  }),
  'websocket.test': z.object({ at: z.string() }),
  /**
   * The caller's access to a team folder ended (removed by its owner, left from another device,
   * dissolved): a screen showing it or anything inside closes with a message (ADR 0029).
   */
  'team.access_ended': z.object({
    folder_id: z.string(),
    name: z.string(),
    reason: z.enum(['removed', 'left', 'dissolved']),
  }),
  /**
   * A listing changed (an upload, rename, move, trash or restore by anyone with access): the
   * folders whose content changed; `null` is the owner's top level. The screen refetches them.
   * The trash, recent files and search results may have changed with any of them; an empty list
   * means only the trash changed (emptied).
   */
  'items.changed': z.object({ folders: z.array(z.string().nullable()) }),
} as const;
export type RealtimeEventName = keyof typeof realtimeEvents;
export type RealtimeEventPayload<N extends RealtimeEventName> = z.infer<(typeof realtimeEvents)[N]>;
/** What arrives on the socket: the outbox row's id (increasing; a client drops ids it has seen) with the payload. */
export type RealtimeEnvelope<N extends RealtimeEventName = RealtimeEventName> = {
  id: string;
  payload: RealtimeEventPayload<N>;
};

/** POST /broadcasting/auth (spec §7): may the signed-in caller listen on this channel? */
export const broadcastingAuthRequest = z.object({ channel_name: z.string().min(1).max(200) });
/** 200: the room the caller's socket is in (`user:{id}`); 403 for any other channel, 401 without a session. */
export const broadcastingAuthResponse = z.object({ channel: z.string() });

/** The real-time endpoint the web connects to (`/api/config` `broadcasting`). */
export const broadcastingConfig = z.object({
  driver: z.literal('socket.io'),
  /** Socket.IO's path on the app's own origin. */
  path: z.string(),
  authEndpoint: z.string(),
});
export type BroadcastingConfig = z.infer<typeof broadcastingConfig>;

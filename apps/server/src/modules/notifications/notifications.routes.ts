import {
  messageResponse,
  notificationsQuery,
  notificationsResponse,
  type MessageResponse,
  type NotificationsResponse,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { clearAll, listNotifications, markAllRead } from './notifications.repository.js';
import { presentNotification } from './notify.js';

/**
 * The notification center's calls (spec §7, reference §1.11), each on the signed-in user's own
 * notifications only: the user id comes from the session, never from the request.
 */
export function notificationsRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: { querystring: notificationsQuery, response: { 200: notificationsResponse } },
    },
    async (request): Promise<NotificationsResponse> => {
      const user = requireUser(request);
      const { rows, nextCursor } = await listNotifications(ctx.db, user.id, request.query);
      return { data: rows.map(presentNotification), meta: { next_cursor: nextCursor } };
    },
  );

  app.post(
    '/api/notifications/read',
    { config: { access: 'user' }, schema: { response: { 200: messageResponse } } },
    async (request): Promise<MessageResponse> => {
      await markAllRead(ctx.db, requireUser(request).id);
      return { type: 'success', message: 'All your notifications were marked as read.' };
    },
  );

  app.delete(
    '/api/notifications',
    { config: { access: 'user' }, schema: { response: { 200: messageResponse } } },
    async (request) => {
      await clearAll(ctx.db, requireUser(request).id);
      return { type: 'success' as const, message: 'All your notifications were deleted.' };
    },
  );
}

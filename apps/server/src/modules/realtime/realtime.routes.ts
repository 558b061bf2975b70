import { broadcastingAuthRequest, broadcastingAuthResponse } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { forbidden } from '../../lib/errors.js';
import { requireUser } from '../auth/index.js';
import { mayListen, userRoom } from './channels.js';
import { OUTBOX_CHANNEL, OUTBOX_DISPATCH_JOB, outboxCleanupJob, outboxDispatchJob } from './dispatcher.job.js';
import { SOCKET_PATH, startSocketServer } from './socket-server.js';

/** What `/api/config` says about the socket: where it is on this origin. */
export const broadcasting = { driver: 'socket.io', path: SOCKET_PATH, authEndpoint: '/broadcasting/auth' } as const;

/**
 * The Socket.IO server on the app's port, the outbox dispatcher it is fed by (woken by the
 * database's notification at each commit, and every 2 s in case one was lost), the clean-up of
 * delivered events, and `/broadcasting/auth`.
 */
export async function realtimeModule(app: TypedApp, ctx: AppContext): Promise<void> {
  const server = await startSocketServer(app, ctx);
  ctx.jobs.register(outboxDispatchJob(ctx, server));
  ctx.jobs.register(outboxCleanupJob(ctx));
  const unlisten = await ctx.listen(OUTBOX_CHANNEL, () => ctx.jobs.trigger(OUTBOX_DISPATCH_JOB));
  // Events a previous process committed but never sent go out at start.
  ctx.jobs.trigger(OUTBOX_DISPATCH_JOB);
  app.addHook('preClose', async () => {
    await unlisten();
    await server.close();
  });

  app.post(
    '/broadcasting/auth',
    { schema: { body: broadcastingAuthRequest, response: { 200: broadcastingAuthResponse } } },
    async (request) => {
      const user = requireUser(request);
      if (!mayListen(user.id, request.body.channel_name)) throw forbidden('You may only listen to your own channel.');
      return { channel: userRoom(user.id) };
    },
  );
}

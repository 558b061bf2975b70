import { broadcastingAuthRequest, broadcastingAuthResponse } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { forbidden } from '../../lib/errors.js';
import { requireUser } from '../access/index.js';
import { mayListen, userRoom } from './channels.js';
import { OUTBOX_CHANNEL, OUTBOX_DISPATCH_JOB, outboxCleanupJob, outboxDispatchJob } from './dispatcher.job.js';
import { SOCKET_PATH, startSocketServer } from './socket-server.js';

/**
 * Under a stream of commits (small uploads arrive as several transactions a second) one dispatch
 * takes the events of all commits of the last few milliseconds, rather than a transaction each:
 * on the embedded database every statement waits for the one before. A lone event goes at once.
 */
const DISPATCH_GAP_MS = 20;

function wakeAtMostEvery(gapMs: number, wake: () => void): () => void {
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        last = Date.now();
        wake();
      },
      Math.max(0, last + gapMs - Date.now()),
    );
    timer.unref();
  };
}

/** What `/api/config` says about the socket: where it is on this origin. */
export const broadcasting = { driver: 'socket.io', path: SOCKET_PATH, authEndpoint: '/broadcasting/auth' } as const;

/**
 * The Socket.IO server on the app's port, the outbox dispatcher it is fed by (woken by the
 * database's notification at each commit, and every 2 s in case one was lost), the clean-up of
 * delivered events, and `/broadcasting/auth`.
 */
/** Notified by a trigger on `sessions` (migration 0013) when sessions are deleted. */
const SESSIONS_ENDED_CHANNEL = 'sessions_ended';
const SESSIONS_ENDED_GAP_MS = 250;

export async function realtimeModule(app: TypedApp, ctx: AppContext): Promise<void> {
  const server = await startSocketServer(app, ctx);
  ctx.jobs.register(outboxDispatchJob(ctx, server));
  ctx.jobs.register(outboxCleanupJob(ctx));
  const unlisten = await ctx.listen(
    OUTBOX_CHANNEL,
    wakeAtMostEvery(DISPATCH_GAP_MS, () => ctx.jobs.trigger(OUTBOX_DISPATCH_JOB)),
  );
  // A session deleted anywhere (sign-out, revocation, expiry) closes its sockets on every node at
  // once; the sweep also runs every SESSION_SWEEP_MS in case a notification was lost.
  const unlistenSessions = await ctx.listen(
    SESSIONS_ENDED_CHANNEL,
    wakeAtMostEvery(SESSIONS_ENDED_GAP_MS, () => void server.sweepSessions()),
  );
  // Events a previous process committed but never sent go out at start.
  ctx.jobs.trigger(OUTBOX_DISPATCH_JOB);
  app.addHook('preClose', async () => {
    await unlisten();
    await unlistenSessions();
    await server.close();
  });

  app.post(
    '/broadcasting/auth',
    {
      config: { access: 'user' },
      schema: { body: broadcastingAuthRequest, response: { 200: broadcastingAuthResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!mayListen(user.id, request.body.channel_name)) throw forbidden('You may only listen to your own channel.');
      return { channel: userRoom(user.id) };
    },
  );
}

import type { IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { liveSessionTokens, SESSION_COOKIE, userFromSession } from '../auth/index.js';
import { mayListen, userRoom } from './channels.js';
import { ConnectionLedger } from './delivery.js';
import { eventsSince, type OutboxMessage } from './outbox.repository.js';

export const SOCKET_PATH = '/socket.io';
/** A reconnecting socket gets what it missed from the outbox: written at most this long ago… */
export const REPLAY_WINDOW_MS = 60 * 60_000;
/** …and at most this many events (a client away longer refetches its screens anyway). */
export const REPLAY_LIMIT = 500;
/** The event servers send each other with the Redis adapter: outbox rows for their own sockets. */
const NODE_EVENT = 'outbox';

/** How often each node checks that its sockets' sessions still live (signed out elsewhere, revoked, expired). */
export const SESSION_SWEEP_MS = 30_000;

interface SocketData {
  userId: string;
  /** The session cookie the socket opened with: when its session ends, so does the socket. */
  sessionToken: string;
}

export interface RealtimeServer {
  readonly io: Server;
  /** Hands outbox rows to the sockets of their users, on this node and (with Redis) on the others. */
  deliver(messages: OutboxMessage[]): void;
  /** Closes the sockets whose session ended (runs every SESSION_SWEEP_MS; sign-out runs it at once); never rejects. */
  sweepSessions(): Promise<void>;
  close(): Promise<void>;
}

/** The refusal a client reads in `connect_error`: `err.message`, and `err.data.code` as in HTTP errors. */
function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code, message } });
}

/**
 * A browser sends Origin with every handshake: only the app's own origin (APP_URL, else the host
 * the request came to) may open a socket with the user's cookie. Clients that are not browsers
 * send none and still need a session.
 */
export function originAllowed(ctx: AppContext, request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  if (ctx.config.appUrl && sent.origin === new URL(ctx.config.appUrl).origin) return true;
  const forwarded = ctx.config.env.TRUST_PROXY ? request.headers['x-forwarded-host'] : undefined;
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0]?.trim()) ?? request.headers.host;
  return host !== undefined && sent.host === host;
}

function idOf(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) return null;
  return BigInt(value);
}

/**
 * Where the socket's events resume: after the last id it saw (`lastId`, a reconnection), or on its
 * first connection after the cursor its page read with its data (`after`, from `GET /api/user`),
 * so an event written between that read and this connection is not lost. Null: nothing to replay.
 */
function resumeAfter(auth: unknown): bigint | null {
  const sent = auth as { lastId?: unknown; after?: unknown } | undefined;
  const lastId = idOf(sent?.lastId);
  if (lastId !== null && lastId > 0n) return lastId;
  return idOf(sent?.after);
}

/**
 * The Socket.IO server on Fastify's own HTTP server (same port, `/socket.io`). A socket opens only
 * with a live session (the cookie the HTTP API reads, checked the same way), joins its user's room
 * and no other, and receives the outbox's events for that user, each once per connection.
 */
export async function startSocketServer(app: TypedApp, ctx: AppContext): Promise<RealtimeServer> {
  // Event names come from the outbox rows (typed by the contract where they are written).
  type Events = Record<string, (...args: unknown[]) => void>;
  const io = new Server<Events, Events, Events, SocketData>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // Same origin only (see originAllowed); no CORS headers are ever sent.
    allowRequest: (request, callback) => {
      if (originAllowed(ctx, request)) callback(null, true);
      else callback('This origin may not open a socket.', false);
    },
    // A closed laptop lid is noticed within a minute, and its socket's memory goes.
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 16_384,
  });

  const ledgers = new WeakMap<Socket<Events, Events, Events, SocketData>, ConnectionLedger>();
  let redis: { pub: import('ioredis').Redis; sub: import('ioredis').Redis } | null = null;
  if (ctx.config.env.REDIS_URL) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const options = { retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000) };
    const pub = new Redis(ctx.config.env.REDIS_URL, options);
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => ctx.outages.report('redis', error));
      client.on('ready', () => ctx.outages.recovered('redis'));
    }
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub, { key: 'filestore-socket.io' }));
  }

  io.use((socket, next) => {
    const token = app.parseCookie(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    userFromSession(ctx, token).then(
      (user) => {
        if (!user) return next(refusal('auth.unauthenticated', 'You must sign in first.'));
        socket.data.userId = user.id;
        socket.data.sessionToken = token ?? '';
        next();
      },
      (error: unknown) => {
        ctx.log.warn({ err: error }, 'socket handshake failed');
        next(refusal('server.unavailable', 'The server cannot check your session right now.'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const after = resumeAfter(socket.handshake.auth);
    const ledger = new ConnectionLedger(after ?? 0n, (m) => socket.emit(m.name, { id: m.id, payload: m.payload }));
    ledgers.set(socket, ledger);
    void socket.join(userRoom(userId));
    // Rooms are joined by the server only; a client asking for one gets an answer, never another user's.
    socket.on('subscribe', (channel: unknown, ack?: unknown) => {
      const allowed = typeof channel === 'string' && mayListen(userId, channel);
      if (typeof ack !== 'function') return;
      (ack as (answer: unknown) => void)(
        allowed
          ? { ok: true, channel: userRoom(userId) }
          : { ok: false, error: { code: 'auth.forbidden', message: 'You may only listen to your own channel.' } },
      );
    });
    if (after !== null) {
      ledger.startReplay();
      eventsSince(ctx.db, userId, after, new Date(Date.now() - REPLAY_WINDOW_MS), REPLAY_LIMIT).then(
        (missed) => ledger.replayed(missed),
        (error: unknown) => {
          ctx.log.warn({ err: error }, 'could not replay missed events');
          ledger.replayed([]);
        },
      );
    }
  });

  const deliverHere = (messages: readonly OutboxMessage[]) => {
    const sockets = io.of('/').sockets;
    const rooms = io.of('/').adapter.rooms;
    for (const message of messages) {
      for (const id of rooms.get(userRoom(message.userId)) ?? []) {
        const socket = sockets.get(id);
        if (socket) ledgers.get(socket)?.offer(message);
      }
    }
  };
  if (redis) io.on(NODE_EVENT, (messages: unknown) => deliverHere(messages as OutboxMessage[]));

  /** Disconnects the sockets whose session ended since their handshake, on this node. */
  const closeEndedSessions = async () => {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    const live = await liveSessionTokens(ctx.db, [...new Set(sockets.map((s) => s.data.sessionToken))]);
    for (const socket of sockets) {
      if (live.has(socket.data.sessionToken)) continue;
      socket.emit('session.ended', { code: 'auth.unauthenticated' });
      socket.disconnect(true);
    }
  };
  // One sweep at a time; a call during one runs another after it (the session may have ended
  // after that one read the table). Failures are logged here: callers need not handle them.
  let sweeping = false;
  let sweepAgain = false;
  const sweepSessions = async () => {
    if (sweeping) {
      sweepAgain = true;
      return;
    }
    sweeping = true;
    try {
      do {
        sweepAgain = false;
        await closeEndedSessions().catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'could not check the sessions of open sockets'),
        );
      } while (sweepAgain);
    } finally {
      sweeping = false;
    }
  };
  const sweepTimer = setInterval(() => void sweepSessions(), SESSION_SWEEP_MS);
  sweepTimer.unref();

  return {
    io: io as unknown as Server,
    deliver(messages) {
      deliverHere(messages);
      if (redis) io.serverSideEmit(NODE_EVENT, messages);
    },
    sweepSessions,
    async close() {
      clearInterval(sweepTimer);
      io.local.disconnectSockets(true);
      io.engine.close();
      if (redis) {
        // quit() waits for a reconnection while Redis is away (the offline queue): then just disconnect.
        for (const client of [redis.pub, redis.sub]) {
          if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
          else client.disconnect();
        }
      }
    },
  };
}

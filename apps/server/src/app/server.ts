import { sql } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pino, { type Logger } from 'pino';
import { openDatabase, type DatabaseTarget } from '../lib/db/database.js';
import { rateLimiterUnavailable } from '../lib/errors.js';
import { Outages } from '../lib/outages.js';
import { failingClosed, memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../lib/rate-limit.js';
import { autoSetupFromEnv } from '../modules/setup/index.js';
import type { AppConfigFile } from './config.js';
import { AppContext, databaseEvents, prepareDatabase } from './context.js';
import { buildHttpApp, type HttpAppOptions } from './http.js';
import type { RemoteNetwork } from '../modules/remote-uploads/index.js';
import type { TypedApp } from './types.js';

export interface Server {
  app: TypedApp;
  ctx: AppContext;
  /**
   * Stops taking requests at once (new ones are answered 503, then the port closes), lets running
   * requests and jobs finish for up to `graceMs`, then closes the connections still open (WebSockets
   * too) and everything behind them (ADR 0064). Without `graceMs` it waits for them however long.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  /** Ends a running close's grace now (a second signal): what is still open is closed at once. */
  endGrace(): void;
}

export interface ServerOptions {
  /** Overrides the database the configuration names (tests use an in-memory PGlite). */
  database?: DatabaseTarget;
  logger?: Logger;
  /** Background jobs run on timers unless false; tests run them with `ctx.jobs.drain()`. */
  startJobs?: boolean;
  /** Tests only: the remote uploads' resolver and allowed loopback test server (ADR 0027). */
  remoteNetwork?: RemoteNetwork;
  /** Tests only: told of every route Fastify registers. */
  onRoute?: HttpAppOptions['onRoute'];
}

const REDIS_READY_WAIT_MS = 3_000;

/**
 * Redis guards the sign-in limits, so while it is away those requests fail at once with 503 rather
 * than queue (no offline queue) or pass unchecked; the client reconnects on its own, at most every
 * 2 s, and the outage is logged once (an `error` nobody listens to would be logged per attempt).
 */
async function connectRedis(url: string, outages: Outages) {
  // Loaded only when asked for: an embedded install never pays for the client's memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error: unknown) => outages.report('redis', error));
  redis.on('ready', () => outages.recovered('redis'));
  // Start-up waits a moment for the first connection, not for Redis: it may come back later.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Opens the database, migrates it, finishes an unattended setup, and builds the HTTP app. */
export async function createServer(config: AppConfigFile, options: ServerOptions = {}): Promise<Server> {
  const log = options.logger ?? pino({ level: config.env.LOG_LEVEL });
  const outages = new Outages(log);
  const database = await openDatabase(options.database ?? config.database, databaseEvents(outages));
  const closers: (() => Promise<void>)[] = [];
  let rateLimiter: RateLimiter = memoryRateLimiter();
  let redis: Awaited<ReturnType<typeof connectRedis>> | null = null;
  if (config.env.REDIS_URL) {
    const client = (redis = await connectRedis(config.env.REDIS_URL, outages));
    rateLimiter = failingClosed(redisRateLimiter(client), rateLimiterUnavailable);
    closers.push(async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  const ctx = new AppContext(config, database, rateLimiter, log, closers, outages);
  if (redis) ctx.redisPing = () => redis.ping();
  if (database.driver === 'postgres' && !config.env.REDIS_URL) {
    // PostgreSQL is what lets several nodes serve one installation; without Redis each of them
    // would count sign-in attempts, and reach sockets, on its own.
    log.warn(
      'REDIS_URL is not set: rate limits are counted, and real-time events delivered, in this process only. Set it when several nodes share this database (docs/multi-node.md).',
    );
  }
  try {
    const applied = await prepareDatabase(ctx.db);
    if (applied.length) log.info({ applied }, 'database migrated');
    // The embedded database has no autovacuum and keeps no statistics between runs: the planner
    // needs them from the start, and rows written since the last vacuum (an import, a crash) are
    // not yet all-visible, so every index scan would also visit the table. A vacuum skips pages it
    // has already seen, so only the first start after such writes pays for them.
    if (ctx.databaseDriver === 'pglite') await ctx.db.execute(sql`vacuum (analyze)`);
    await autoSetupFromEnv(ctx);
  } catch (e) {
    await ctx.close();
    throw e;
  }
  const app = await buildHttpApp(ctx, { remoteNetwork: options.remoteNetwork, onRoute: options.onRoute });
  if (options.startJobs !== false) ctx.jobs.start();
  // Node's closeAllConnections() leaves upgraded sockets (the WebSockets) alone, and a client that
  // never answers the close frame would keep one for 30 s (ws' close timeout): the grace's end closes them.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  let graceTimer: NodeJS.Timeout | undefined;
  let graceOver = false;
  const endGrace = () => {
    if (graceOver) return;
    graceOver = true;
    clearTimeout(graceTimer);
    app.server.getConnections((error, count) => {
      if (!error && count > 0) log.warn({ connections: count }, 'closing the connections still open');
    });
    app.server.closeAllConnections();
    for (const socket of upgraded) socket.destroy();
    ctx.jobs.stopWaiting();
  };
  return {
    app,
    ctx,
    async close({ graceMs } = {}) {
      if (graceMs !== undefined) graceTimer = setTimeout(endGrace, graceMs);
      // From now on no job starts; the running ones share the requests' grace.
      const jobsStopped = ctx.jobs.stop(graceMs);
      try {
        await app.close();
        await jobsStopped;
      } finally {
        clearTimeout(graceTimer);
      }
      await ctx.close();
    },
    endGrace,
  };
}

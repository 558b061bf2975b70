import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import { causeChain } from '../outages.js';
import { nameEmbeddedStatements } from './pglite-named.js';
import { unpackTemplateInto } from './pglite-template.js';
import { nameStatements, StatementNames } from './prepared.js';

export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  | { driver: 'pglite'; dir: string; cacheMb?: number; namedStatements?: boolean; template?: string }
  /** `image`: a data directory dumped by PGlite's `dumpDataDir`, loaded instead of a new one (the tests' migrated copy). */
  | { driver: 'pglite-memory'; cacheMb?: number; namedStatements?: boolean; image?: Blob }
  | { driver: 'postgres'; url: string };

/**
 * PGlite's own start parameters, with a smaller page cache. Its default shared_buffers (128 MB) is
 * touched at start-up (WebAssembly memory never returns a page it touched) and alone made an idle
 * server 400 MB; the files are in the OS page cache anyway, so a small cache costs little: at 8 MB
 * (1,024 pages; 32 MB before) the listing benchmark on a 100,000-item folder keeps its ratios and
 * the server touches 26 MB less (bench/README.md, idle memory, upload and listing).
 */
export const EMBEDDED_CACHE_MB = 8;

/**
 * Shared memory sized for the one backend PGlite runs rather than PostgreSQL's 100 connections,
 * 10 WAL senders and 16 autovacuum workers (none of which exist here): 3–4 MB less memory touched
 * at start-up. The shared lock table is max_locks_per_transaction × the backend slots: 256 × 7 =
 * ~1,800 locks one transaction may hold (64 × 128 = ~8,200 before), far more than the migrations
 * or any statement here take; raise it if "out of shared memory" ever names it.
 */
const EMBEDDED_SETTINGS = [
  'max_connections=4',
  'max_wal_senders=0',
  'max_replication_slots=0',
  'autovacuum_worker_slots=1',
  'max_locks_per_transaction=256',
].flatMap((setting) => ['-c', setting]);

/** Called for each notification on a channel, and once after a lost listening connection came back (some may be missed). */
export type NotificationHandler = () => void;

export interface Database {
  readonly driver: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * LISTENs on `channel` until the returned function is called: on PostgreSQL on a dedicated
   * connection of its own (not the pool's), re-made with a backoff when it is lost; on PGlite
   * through its `listen`. Resolves once listening started (PostgreSQL away: at once, retrying).
   */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * A dedicated node-postgres client that LISTENs on `channel` and comes back after PostgreSQL
 * dropped it (restart, failover, pg_terminate_backend): each new connection calls `handler` once,
 * since notifications sent while it was away are lost.
 */
async function listenPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  handler: NotificationHandler,
  events: ConnectionEvents,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = LISTEN_RETRY_MIN_MS;
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!stopped) events.lost(error);
      void next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost(new Error('the listening connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) handler();
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = LISTEN_RETRY_MIN_MS;
    handler();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

/** PGlite is single-process: a second process on the same folder would corrupt it. */
function acquireDirLock(dir: string): () => void {
  const lockFile = path.join(dir, '.filestore.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop it, or set DATABASE_URL to run several processes on PostgreSQL.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the PostgreSQL pool tells about its connections: lost (once per outage is enough) and back. */
export interface ConnectionEvents {
  lost(error: unknown): void;
  established(): void;
}

const ignoreEvents: ConnectionEvents = { lost: () => undefined, established: () => undefined };

/** The pool could not hand out a connection: PostgreSQL is down, refuses us, or every connection is busy. */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
  constructor(cause: unknown) {
    super('The database cannot be reached.', { cause });
  }
}

// Class 08 (connection exception, but not 08P01, a protocol violation we caused), the server shutting
// down or starting (57P01–57P03: pg_terminate_backend, a restart, a failover) and too many connections.
const CONNECTION_LOST_STATES = /^(08(000|003|006|001|004|007)|57P0[123]|53300)$/;
// node-postgres' own errors for a connection that ended under a query or a checked-out client.
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** The database (not the statement) failed: the request may work again once PostgreSQL is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    if (e instanceof DatabaseUnreachableError) return true;
    if (!(e instanceof Error)) continue;
    const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
    if (code !== undefined && CONNECTION_LOST_STATES.test(code)) return true;
    if (code === undefined && CONNECTION_LOST_MESSAGES.some((m) => e.message.startsWith(m))) return true;
  }
  return false;
}

/**
 * A connection PostgreSQL drops (restart, failover, pg_terminate_backend) makes its client emit
 * `error`. pg-pool listens only while the client is idle, and an `error` nobody listens to ends the
 * process, so every client gets a listener of its own for its whole life: the query it was running
 * fails (and its request answers 503), the pool drops the dead client on release, and the next
 * request gets a new connection.
 */
function watchConnections(pool: Pool, events: ConnectionEvents): void {
  pool.on('error', (error) => events.lost(error));
  pool.on('connect', (client: PoolClient) => {
    client.on('error', (error) => events.lost(error));
    events.established();
  });
  // Failing to connect is not an event: mark it on the error so the request answers 503.
  const connect = pool.connect.bind(pool) as (callback: (err: Error | undefined, ...rest: unknown[]) => void) => void;
  const connectMarked = (callback: (err: Error | undefined, ...rest: unknown[]) => void) =>
    connect((err, ...rest) => callback(err && new DatabaseUnreachableError(err), ...rest));
  pool.connect = ((callback?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) return connectMarked(callback);
    return new Promise<PoolClient>((resolve, reject) =>
      connectMarked((err, client) => (err ? reject(err) : resolve(client as PoolClient))),
    );
  }) as Pool['connect'];
}

export async function openDatabase(target: DatabaseTarget, events: ConnectionEvents = ignoreEvents): Promise<Database> {
  if (target.driver === 'postgres') {
    // Each driver is loaded only when used: the other one's code and memory stay out of the process.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
    watchConnections(pool, events);
    const names = new StatementNames();
    pool.on('connect', (client: PoolClient) => nameStatements(client, names));
    return {
      driver: 'postgres',
      db: drizzlePg(pool),
      listen: (channel, handler) => listenPostgres(pg, target.url, channel, handler, events),
      close: () => pool.end(),
    };
  }
  let release = () => undefined as void;
  let dataDir: string | undefined;
  if (target.driver === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    release = acquireDirLock(target.dir);
    dataDir = target.dir;
  }
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    const cacheMb = target.cacheMb ?? EMBEDDED_CACHE_MB;
    // A fresh folder starts from the build's copy of initdb's output, unpacked to disk
    // (pglite-template.ts, ADRs 0063 and 0069): PGlite then opens it as an existing database.
    if (target.driver === 'pglite') await unpackTemplateInto(target.dir, target.template);
    const client = await PGlite.create({
      dataDir,
      ...(target.driver === 'pglite-memory' && target.image ? { loadDataDir: target.image } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS, '-c', `shared_buffers=${cacheMb}MB`],
    });
    // On by default (ADR 0052); PGLITE_NAMED_STATEMENTS=false runs PGlite's own path.
    if (target.namedStatements) nameEmbeddedStatements(client);
    return {
      driver: 'pglite',
      db: drizzlePglite(client),
      listen: async (channel, handler) => {
        const unlisten = await client.listen(channel, () => handler());
        return () => unlisten();
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** Checks that a PostgreSQL URL answers, within a few seconds, without keeping a connection. */
export async function probePostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

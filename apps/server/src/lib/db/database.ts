import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  | { driver: 'pglite'; dir: string; cacheMb?: number }
  | { driver: 'pglite-memory'; cacheMb?: number }
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

export interface Database {
  readonly driver: 'pglite' | 'postgres';
  readonly db: Db;
  close(): Promise<void>;
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

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.driver === 'postgres') {
    // Each driver is loaded only when used: the other one's code and memory stay out of the process.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle client error (server restart) must not crash the process; the pool replaces the client.
    pool.on('error', () => undefined);
    return { driver: 'postgres', db: drizzlePg(pool), close: () => pool.end() };
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
    const client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS, '-c', `shared_buffers=${cacheMb}MB`],
    });
    return {
      driver: 'pglite',
      db: drizzlePglite(client),
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

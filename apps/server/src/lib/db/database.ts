import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseTarget =
  { driver: 'pglite'; dir: string } | { driver: 'pglite-memory' } | { driver: 'postgres'; url: string };

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
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
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
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

import { readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HealthStatus, ServerHealth } from '@filestore/contract';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type AppContext } from '../../app/context.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { jobsHealth } from './heartbeats.js';

/** A check that takes longer than this counts as down: the status page must answer. */
const CHECK_TIMEOUT_MS = 3_000;
/** Below either, the data folder's disk is a warning; below a tenth of them, down. */
const DISK_WARN_RATIO = 0.1;
const DISK_WARN_BYTES = 2 * 1024 ** 3;

const { version: APP_VERSION } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/** Runs `check` with a time limit, answering its latency or the reason it failed. */
async function timed(check: () => Promise<unknown>): Promise<{ latency: number | null; error: string | null }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 3 s')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { latency: Math.round((performance.now() - started) * 10) / 10, error: null };
  } catch (error) {
    // A short reason only: driver messages can be long, and none of this is for clients.
    return { latency: null, error: error instanceof Error ? error.message.slice(0, 200) : 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

function migrationsTotal(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function databaseHealth(ctx: AppContext): Promise<ServerHealth['database']> {
  const { latency, error } = await timed(() => ctx.db.execute(sql`select 1`));
  let applied = 0;
  if (!error) {
    const rows = rowsOf<{ n: number | string }>(await ctx.db.execute(sql`select count(*) as n from schema_migrations`));
    applied = Number(rows[0]?.n ?? 0);
  }
  const total = migrationsTotal();
  const status: HealthStatus = error ? 'down' : applied < total ? 'warning' : 'ok';
  return {
    status,
    driver: ctx.databaseDriver,
    latency_ms: latency,
    migrations_applied: applied,
    migrations_total: total,
    error,
  };
}

async function diskHealth(ctx: AppContext): Promise<ServerHealth['disk']> {
  const dir = ctx.config.dataDir;
  try {
    const fs = await statfs(dir);
    const free = fs.bavail * fs.bsize;
    const total = fs.blocks * fs.bsize;
    const low = Math.min(DISK_WARN_BYTES, total * DISK_WARN_RATIO);
    const status: HealthStatus = free < low / 10 ? 'down' : free < low ? 'warning' : 'ok';
    return { status, path: path.resolve(dir), free_bytes: free, total_bytes: total };
  } catch {
    return { status: 'down', path: path.resolve(dir), free_bytes: null, total_bytes: null };
  }
}

const worst = (statuses: HealthStatus[]): HealthStatus =>
  statuses.includes('down') ? 'down' : statuses.includes('warning') ? 'warning' : 'ok';

/**
 * Every dependency checked for real, in parallel: the database answers a query, the storage takes,
 * returns and deletes a small blob (the wizard's probe), Redis answers PING, the jobs' heartbeats
 * are recent, the data folder's disk has room.
 */
export async function serverHealth(ctx: AppContext, now = new Date()): Promise<ServerHealth> {
  const [database, storageCheck, redisCheck, jobs, disk] = await Promise.all([
    databaseHealth(ctx),
    timed(() => ctx.storage.probe()),
    ctx.redisPing ? timed(ctx.redisPing) : Promise.resolve(null),
    jobsHealth(ctx, now).catch(() => []),
    diskHealth(ctx),
  ]);
  const mail = ctx.config.mail;
  return {
    database,
    storage: {
      status: storageCheck.error ? 'down' : 'ok',
      driver: ctx.config.storage.driver,
      latency_ms: storageCheck.latency,
      error: storageCheck.error,
    },
    // Mail is not sent to test it; the outbox driver keeps mails in a folder nobody receives.
    mail: {
      status: mail.driver === 'smtp' ? 'ok' : 'warning',
      driver: mail.driver,
      host: mail.driver === 'smtp' ? `${mail.smtp.host}:${mail.smtp.port}` : null,
    },
    redis: redisCheck
      ? {
          status: redisCheck.error ? 'down' : 'ok',
          configured: true,
          latency_ms: redisCheck.latency,
          error: redisCheck.error,
        }
      : { status: 'ok', configured: false, latency_ms: null, error: null },
    jobs: { status: jobs.length ? worst(jobs.map((j) => j.status)) : 'down', items: jobs },
    disk,
    runtime: {
      status: 'ok',
      node_version: process.version,
      app_version: APP_VERSION,
      uptime_seconds: Math.round((now.getTime() - ctx.startedAt.getTime()) / 1000),
      started_at: ctx.startedAt.toISOString(),
    },
  };
}

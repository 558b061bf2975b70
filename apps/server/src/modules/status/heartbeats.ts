import type { JobHealth } from '@filestore/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { JobBeat, JobDefinition } from '../../lib/jobs.js';
import { jobHeartbeats } from './job-heartbeats.table.js';

export const JOB_HEARTBEATS_JOB = 'job-heartbeats';
/** How often this node writes its jobs' heartbeats: a beat may be this much older in the table. */
export const HEARTBEAT_WRITE_MS = 15_000;
/** A job is late once its last success is older than twice its interval plus this. */
const GRACE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes this node's heartbeats in one upsert; the latest run of any node wins. */
export function jobHeartbeatsJob(ctx: AppContext): JobDefinition {
  return {
    name: JOB_HEARTBEATS_JOB,
    intervalMs: HEARTBEAT_WRITE_MS,
    async run() {
      const beats = ctx.jobs.beats().filter((b) => b.lastRunAt);
      if (!beats.length) return { more: false };
      await ctx.db
        .insert(jobHeartbeats)
        .values(
          beats.map((b) => ({
            name: b.name,
            intervalMs: b.intervalMs,
            lastRunAt: b.lastRunAt as Date,
            lastSuccessAt: b.lastSuccessAt,
            lastError: b.lastError,
          })),
        )
        .onConflictDoUpdate({
          target: jobHeartbeats.name,
          set: {
            intervalMs: sql`excluded.interval_ms`,
            lastError: sql`case when excluded.last_run_at >= ${jobHeartbeats.lastRunAt} then excluded.last_error else ${jobHeartbeats.lastError} end`,
            lastRunAt: sql`greatest(${jobHeartbeats.lastRunAt}, excluded.last_run_at)`,
            lastSuccessAt: sql`greatest(${jobHeartbeats.lastSuccessAt}, excluded.last_success_at)`,
          },
        });
      return { more: false };
    },
  };
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Each job's health from the table and this node's own beats: ok while it succeeds on time (or has
 * not had its first turn since start-up), warning when its last run failed or it is late, down when
 * it has not succeeded for a day or never ran when it should have.
 */
export async function jobsHealth(ctx: AppContext, now: Date): Promise<JobHealth[]> {
  const stored = new Map((await ctx.db.select().from(jobHeartbeats)).map((r) => [r.name, r]));
  const uptimeMs = now.getTime() - ctx.startedAt.getTime();
  return ctx.jobs.beats().map((beat: JobBeat): JobHealth => {
    const row = stored.get(beat.name);
    const lastRunAt = later(beat.lastRunAt, row?.lastRunAt ?? null);
    const lastSuccessAt = later(beat.lastSuccessAt, row?.lastSuccessAt ?? null);
    const mine = beat.lastRunAt && (!row || beat.lastRunAt >= row.lastRunAt);
    const lastError = mine ? beat.lastError : (row?.lastError ?? null);
    const due = 2 * beat.intervalMs + GRACE_MS;
    let status: JobHealth['status'];
    if (!lastSuccessAt) status = uptimeMs < due && !lastError ? 'ok' : 'down';
    else if (now.getTime() - lastSuccessAt.getTime() > Math.max(due, DAY_MS)) status = 'down';
    else if (lastError || now.getTime() - lastSuccessAt.getTime() > due) status = 'warning';
    else status = 'ok';
    return {
      name: beat.name,
      status,
      interval_seconds: Math.round(beat.intervalMs / 1000),
      last_run_at: lastRunAt?.toISOString() ?? null,
      last_success_at: lastSuccessAt?.toISOString() ?? null,
      last_error: lastError,
    };
  });
}

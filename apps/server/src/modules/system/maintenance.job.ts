import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';

export const MAINTENANCE_JOB = 'database-maintenance';
const EVERY_MS = 15 * 60_000;

/**
 * The embedded PostgreSQL has no autovacuum: without this its planner never learns how big the
 * tables are (and picks nested loops that turn a subtree walk quadratic), and dead rows of every
 * trash, restore and move would pile up, slowing every later one and every listing. A PostgreSQL
 * server does this on its own. A vacuum skips the pages that did not change since the last one
 * (the visibility map), so a run every quarter hour costs little when little changed.
 */
export function databaseMaintenanceJob(ctx: AppContext): JobDefinition {
  return {
    name: MAINTENANCE_JOB,
    intervalMs: EVERY_MS,
    async run() {
      if (ctx.databaseDriver !== 'pglite') return { more: false };
      await ctx.db.execute(sql`vacuum (analyze)`);
      return { more: false };
    },
  };
}

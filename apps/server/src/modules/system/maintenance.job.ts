import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';

export const MAINTENANCE_JOB = 'database-maintenance';
const EVERY_MS = 15 * 60_000;
/** Every 24th run (six hours) also vacuums, which blocks the one embedded connection a little longer. */
const VACUUM_EVERY = 24;

/**
 * The embedded PostgreSQL has no autovacuum: without this its planner never learns how big the
 * tables are (and picks nested loops that turn a subtree walk quadratic), and dead rows of every
 * trash, restore and move would pile up. A PostgreSQL server does this on its own.
 */
export function databaseMaintenanceJob(ctx: AppContext): JobDefinition {
  let runs = 0;
  return {
    name: MAINTENANCE_JOB,
    intervalMs: EVERY_MS,
    async run() {
      if (ctx.databaseDriver !== 'pglite') return { more: false };
      runs += 1;
      await ctx.db.execute(runs % VACUUM_EVERY === 0 ? sql`vacuum (analyze)` : sql`analyze`);
      return { more: false };
    },
  };
}

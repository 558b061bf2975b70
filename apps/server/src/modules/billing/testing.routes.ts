import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { DAY_MS, SettableClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { findUserById } from '../users/index.js';
import { creditBalance } from './ledger.js';
import { runMeteredDay } from './metered.jobs.js';

/**
 * FOR TESTS ONLY (browser journeys of metered billing): registered only when the server starts with
 * BILLING_TEST_CLOCK=true, which also makes the server's clock a `SettableClock`. Otherwise these
 * routes do not exist (404). Admin only.
 */
export function billingTestingRoutes(app: TypedApp, ctx: AppContext) {
  if (!ctx.config.env.BILLING_TEST_CLOCK) return;
  const clock = ctx.clock instanceof SettableClock ? ctx.clock : (ctx.clock = new SettableClock());

  app.post(
    '/api/admin/testing/clock',
    {
      config: { access: 'admin' },
      schema: {
        body: z.object({
          advance_days: z.number().int().min(0).max(400).default(0),
          run_jobs: z.boolean().default(true),
          /** Back to the real time first (a journey leaves the shared server's clock as it found it). */
          reset: z.boolean().default(false),
        }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      if (request.body.reset) clock.reset();
      clock.advance(request.body.advance_days * DAY_MS);
      if (request.body.run_jobs) await runMeteredDay(ctx);
      return { now: clock.now().toISOString() };
    },
  );

  app.post(
    '/api/admin/testing/users/:id/credit',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ id: z.uuid() }),
        body: z.object({ amount: z.number().int().min(1).max(100_000_000), currency: z.string().length(3) }),
        response: { 200: z.object({ credited: z.boolean() }) },
      },
    },
    async (request) => {
      const user = await findUserById(ctx.db, request.params.id);
      if (!user) throw new AppError(404, 'not_found', 'No such user.');
      const credited = await ctx.db.transaction((tx) =>
        creditBalance(tx, user.id, {
          amount: request.body.amount,
          currency: request.body.currency.toUpperCase(),
          driver: 'system',
          note: 'Credit from the administrator',
        }),
      );
      return { credited };
    },
  );
}

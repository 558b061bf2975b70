import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { failedPayments } from './billing.table.js';

const failedPaymentResource = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  source: z.enum(['balance', 'credit-card']),
  attempts: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
});

/** The caller's own unpaid metered periods (the billing page's debt), newest first. */
export function meteredRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/subscriptions/metered/failed-payments',
    { config: { access: 'user' }, schema: { response: { 200: z.object({ data: z.array(failedPaymentResource) }) } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await ctx.db
        .select()
        .from(failedPayments)
        .where(eq(failedPayments.userId, user.id))
        .orderBy(desc(failedPayments.createdAt));
      return {
        data: rows.map((r) => ({
          id: r.id,
          amount: r.amount,
          currency: r.currency,
          source: r.source,
          attempts: r.attempts,
          note: r.note,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
}

import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import {
  billingAlertRequest,
  billingAlertResource,
  creditRequest,
  subscriptionDetailResponse,
  subscriptionResource,
  subscriptionsQuery,
  transactionResource,
  transactionsQuery,
  transactionsResponse,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { requireUser } from '../access/index.js';
import { notify } from '../notifications/index.js';
import { users } from '../users/index.js';
import { balances, billingAlerts, plans } from './billing.table.js';
import { creditBalance } from './ledger.js';
import { listSubscriptions, listTransactions, presentTransaction, subscriptionOfUser } from './transactions.js';
import { transactions } from './billing.table.js';
import { desc } from 'drizzle-orm';

const userParams = z.object({ id: z.uuid() });
const userPage = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const alertResponse = z.object({ data: billingAlertResource });

async function userOr404(ctx: AppContext, id: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError(404, 'not_found', 'No such user.');
  return user;
}

/**
 * Billing's reads (issue 17): the caller's transactions, the administrator's lists and a user's
 * subscription, the administrator's credit to a balance, and the caller's billing alert.
 */
export function transactionsRoutes(app: TypedApp, ctx: AppContext) {
  for (const path of ['/api/user/transactions', '/api/subscriptions/transactions']) {
    app.get(
      path,
      { config: { access: 'user' }, schema: { querystring: userPage, response: { 200: transactionsResponse } } },
      async (request) => listTransactions(ctx.db, { userId: requireUser(request).id, page: request.query.page }),
    );
  }

  app.get(
    '/api/subscriptions/admin',
    {
      config: { access: 'admin' },
      schema: {
        querystring: subscriptionsQuery,
        response: { 200: z.object({ data: z.array(subscriptionResource), meta: transactionsResponse.shape.meta }) },
      },
    },
    async (request) => {
      return listSubscriptions(ctx.db, request.query);
    },
  );

  app.get(
    '/api/subscriptions/admin/transactions',
    {
      config: { access: 'admin' },
      schema: { querystring: transactionsQuery, response: { 200: transactionsResponse } },
    },
    async (request) => {
      return listTransactions(ctx.db, request.query);
    },
  );

  app.get(
    '/api/subscriptions/admin/users/:id/transactions',
    {
      config: { access: 'admin' },
      schema: { params: userParams, querystring: transactionsQuery, response: { 200: transactionsResponse } },
    },
    async (request) => {
      const user = await userOr404(ctx, request.params.id);
      return listTransactions(ctx.db, { ...request.query, userId: user.id });
    },
  );

  app.get(
    '/api/subscriptions/admin/users/:id/subscription',
    {
      config: { access: 'admin' },
      // A user without a subscription is an ordinary state of the tab: 200 with null (issue 41); an unknown user is 404.
      schema: { params: userParams, response: { 200: subscriptionDetailResponse } },
    },
    async (request) => {
      const user = await userOr404(ctx, request.params.id);
      return { data: await subscriptionOfUser(ctx.db, user.id) };
    },
  );

  app.post(
    '/api/subscriptions/admin/users/:id/credit',
    {
      config: { access: 'admin' },
      schema: {
        params: userParams,
        body: creditRequest,
        response: { 201: z.object({ data: transactionResource }) },
      },
    },
    async (request, reply) => {
      const user = await userOr404(ctx, request.params.id);
      const { amount } = request.body;
      const row = await ctx.db.transaction(async (tx) => {
        const [balance] = await tx.select().from(balances).where(eq(balances.userId, user.id)).limit(1);
        let currency = balance?.currency;
        if (!currency) {
          const [plan] = await tx
            .select({ currency: plans.currency })
            .from(plans)
            .where(and(eq(plans.type, 'metered'), eq(plans.status, 'active')))
            .orderBy(asc(plans.createdAt))
            .limit(1);
          currency = plan?.currency;
        }
        if (!currency) {
          throw new AppError(
            422,
            'billing.plan_unavailable',
            'There is no metered plan whose currency a credit could be in.',
          );
        }
        await creditBalance(tx, user.id, { amount, currency, driver: 'system', note: 'Bonus' });
        await notify(tx, user.id, {
          category: 'gift',
          message: { key: 'billing.credit', params: {} },
          action: { type: 'route', params: { route: 'Billing', id: null } },
        });
        const [created] = await tx
          .select()
          .from(transactions)
          .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'credit')))
          .orderBy(desc(transactions.createdAt))
          .limit(1);
        return created!;
      });
      return reply.code(201).send({ data: presentTransaction(row, user) });
    },
  );

  // The billing alert: one per user, in their balance's minor units.
  app.get(
    '/api/subscriptions/billing-alert',
    // None set is the billing page's ordinary state: 200 with null, not a 404 every visit logs (issue 41).
    { config: { access: 'user' }, schema: { response: { 200: z.object({ data: billingAlertResource.nullable() }) } } },
    async (request) => {
      const user = requireUser(request);
      const [row] = await ctx.db.select().from(billingAlerts).where(eq(billingAlerts.userId, user.id)).limit(1);
      return { data: row ? { amount: row.amount, triggered: row.triggered } : null };
    },
  );

  app.post(
    '/api/subscriptions/billing-alert',
    { config: { access: 'user' }, schema: { body: billingAlertRequest, response: { 201: alertResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      const [row] = await ctx.db
        .insert(billingAlerts)
        .values({ userId: user.id, amount: request.body.amount })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(409, 'billing.alert_exists', 'You have a billing alert already: change it instead.');
      return reply.code(201).send({ data: { amount: row.amount, triggered: row.triggered } });
    },
  );

  app.put(
    '/api/subscriptions/billing-alert',
    { config: { access: 'user' }, schema: { body: billingAlertRequest, response: { 200: alertResponse } } },
    async (request) => {
      const user = requireUser(request);
      const [row] = await ctx.db
        .update(billingAlerts)
        .set({ amount: request.body.amount, triggered: false, updatedAt: new Date() })
        .where(eq(billingAlerts.userId, user.id))
        .returning();
      if (!row) throw new AppError(404, 'not_found', 'You have no billing alert.');
      return { data: { amount: row.amount, triggered: row.triggered } };
    },
  );

  app.delete(
    '/api/subscriptions/billing-alert',
    { config: { access: 'user' }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const rows = await ctx.db.delete(billingAlerts).where(eq(billingAlerts.userId, user.id)).returning();
      if (rows.length === 0) throw new AppError(404, 'not_found', 'You have no billing alert.');
      return reply.code(204).send(null);
    },
  );
}

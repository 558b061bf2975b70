import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  gatewayDriver,
  subscriptionDetailResponse,
  subscriptionResource,
  type SubscriptionResource,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { publicUrl } from '../auth/index.js';
import { requireUser } from '../access/index.js';
import { readSettings } from '../settings/index.js';
import type { UserRow } from '../users/index.js';
import { planGatewayPlans, plans, type GatewayDriver, type SubscriptionRow } from './billing.table.js';
import { gatewayFor } from './gateways/index.js';
import { cancelSubscription, currentSubscription, swapSubscriptionPlan } from './ledger.js';

/** A subscription as the API shows it (the plan and user are added by the calls that list them). */
export function presentSubscription(row: SubscriptionRow): SubscriptionResource {
  return {
    id: row.id,
    user_id: row.userId,
    plan_id: row.planId,
    name: row.name,
    type: row.type,
    status: row.status,
    driver: row.driver,
    driver_subscription_id: row.driverSubscriptionId,
    renews_at: row.renewsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notConfigured = (driver: string) =>
  new AppError(409, 'billing.gateway_not_configured', `Payments through ${driver} are not set up.`);

async function gatewayOrFail(ctx: AppContext, driver: GatewayDriver) {
  const settings = await readSettings(ctx.db);
  const gateway = gatewayFor(ctx, settings, driver);
  if (!gateway) throw notConfigured(driver);
  return { gateway, settings };
}

/** An active, visible fixed plan and its twin at `driver`, or 422 `billing.plan_unavailable`. */
async function sellablePlan(ctx: AppContext, planId: string, driver: GatewayDriver) {
  const [found] = await ctx.db
    .select({ plan: plans, remote: planGatewayPlans })
    .from(plans)
    .innerJoin(planGatewayPlans, and(eq(planGatewayPlans.planId, plans.id), eq(planGatewayPlans.driver, driver)))
    .where(and(eq(plans.id, planId), eq(plans.status, 'active'), eq(plans.type, 'fixed')))
    .limit(1);
  if (!found) throw new AppError(422, 'billing.plan_unavailable', 'This plan cannot be bought here.');
  return found;
}

/** Where the user pays for a fixed plan at `driver` (none while a fixed subscription is active). */
export async function checkoutFixedPlan(ctx: AppContext, user: UserRow, planId: string, driver: GatewayDriver) {
  const { gateway } = await gatewayOrFail(ctx, driver);
  const { plan, remote } = await sellablePlan(ctx, planId, driver);
  const current = await currentSubscription(ctx.db, user.id);
  if (current && current.status === 'active' && current.type === 'fixed') {
    throw new AppError(409, 'billing.already_subscribed', 'You have a subscription already: change its plan instead.');
  }
  return gateway.checkout(user, plan, remote, `${await publicUrl(ctx)}/user/settings/billing`);
}

const planIdBody = z.object({ plan_id: z.uuid() });
const urlResponse = z.object({ url: z.string() });

/**
 * The calls every gateway shares (reference §1.15), each on the caller's own subscription only:
 * checkout for a fixed plan, the subscription in force, cancel, swap, and the webhooks, which each
 * gateway's adapter verifies and applies (ADR 0045).
 */
export function subscriptionsRoutes(app: TypedApp, ctx: AppContext) {
  // Webhooks: the raw bytes are what the providers sign, so this scope keeps them unparsed.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      '/api/subscriptions/:driver/webhooks',
      { config: { access: 'public', serverToServer: true } },
      async (request, reply) => {
        const parsed = gatewayDriver.safeParse((request.params as { driver: string }).driver);
        if (!parsed.success) throw new AppError(404, 'not_found', 'No such payment provider.');
        const { gateway } = await gatewayOrFail(ctx, parsed.data);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await gateway.handleWebhook(body, request.headers);
        return reply.code(200).send({ type: 'success', message: 'Webhook handled.' });
      },
    );
  });

  const checkout = (user: UserRow, planId: string, driver: GatewayDriver) =>
    checkoutFixedPlan(ctx, user, planId, driver);

  app.post(
    '/api/subscriptions/checkout',
    {
      config: { access: 'user' },
      schema: { body: planIdBody.extend({ driver: gatewayDriver }), response: { 200: urlResponse } },
    },
    async (request) => checkout(requireUser(request), request.body.plan_id, request.body.driver),
  );
  // Paystack's checkout also takes a top-up amount: payments.routes.ts.
  for (const driver of ['stripe', 'paypal'] as const) {
    app.post(
      `/api/${driver}/checkout`,
      { config: { access: 'user' }, schema: { body: planIdBody, response: { 200: urlResponse } } },
      async (request) => checkout(requireUser(request), request.body.plan_id, driver),
    );
  }

  app.get(
    '/api/subscriptions/detail',
    // No subscription is an ordinary state of the billing page, not an error: 200 with null (issue 41).
    { config: { access: 'user' }, schema: { response: { 200: subscriptionDetailResponse } } },
    async (request) => {
      const sub = await currentSubscription(ctx.db, requireUser(request).id);
      return { data: sub ? presentSubscription(sub) : null };
    },
  );

  app.post(
    '/api/subscriptions/cancel',
    { config: { access: 'user' }, schema: { response: { 200: z.object({ data: subscriptionResource }) } } },
    async (request) => {
      const user = requireUser(request);
      const sub = await currentSubscription(ctx.db, user.id);
      if (!sub || sub.status !== 'active')
        throw new AppError(404, 'billing.no_subscription', 'You have no active subscription.');
      if (sub.driver === 'system') {
        throw new AppError(409, 'billing.mode_mismatch', 'A metered subscription ends only when billing changes.');
      }
      const { gateway } = await gatewayOrFail(ctx, sub.driver);
      const { endsAt } = await gateway.cancel(sub);
      const row = await ctx.db.transaction((tx) => cancelSubscription(tx, sub, endsAt));
      return { data: presentSubscription(row) };
    },
  );

  app.post(
    '/api/subscriptions/swap/:plan',
    {
      config: { access: 'user' },
      schema: {
        params: z.object({ plan: z.uuid() }),
        response: { 200: z.object({ data: subscriptionResource, url: z.string().nullable() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const sub = await currentSubscription(ctx.db, user.id);
      if (!sub || sub.status !== 'active' || sub.driver === 'system') {
        throw new AppError(404, 'billing.no_subscription', 'You have no fixed subscription to change.');
      }
      const { gateway } = await gatewayOrFail(ctx, sub.driver);
      const { plan, remote } = await sellablePlan(ctx, request.params.plan, sub.driver);
      const { url } = await gateway.swap(sub, plan, remote);
      // Done at once at the gateway: the plan changes here too (the webhook that follows changes nothing).
      const row = url === null ? await ctx.db.transaction((tx) => swapSubscriptionPlan(tx, sub, plan.id)) : sub;
      return { data: presentSubscription(row), url };
    },
  );
}

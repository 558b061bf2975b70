import { z } from 'zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { adminPaymentsResponse, gatewayDriver, paymentKeysRequest } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { Env } from '../../app/config.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { appKey, publicUrl } from '../auth/index.js';
import { requireUser } from '../access/index.js';
import { readSettings, sealSetting, writeSettings, type Settings } from '../settings/index.js';
import type { UserRow } from '../users/index.js';
import { balances, plans, subscriptions, type GatewayDriver } from './billing.table.js';
import { gatewayKeys, type GatewayKeys } from './gateway.port.js';
import { gatewayFactories, gatewayFor } from './gateways/index.js';
import { checkoutFixedPlan } from './subscriptions.routes.js';

/** Each gateway's keys: the setting, the environment variable that wins over it, and whether it is secret. */
export const gatewayKeyFields = {
  stripe: [
    { name: 'stripe_public_key', env: 'STRIPE_PUBLIC_KEY', secret: false },
    { name: 'stripe_secret_key', env: 'STRIPE_SECRET_KEY', secret: true },
    { name: 'stripe_webhook_secret', env: 'STRIPE_WEBHOOK_SECRET', secret: true },
  ],
  paypal: [
    { name: 'paypal_client_id', env: 'PAYPAL_CLIENT_ID', secret: false },
    { name: 'paypal_client_secret', env: 'PAYPAL_CLIENT_SECRET', secret: true },
    { name: 'paypal_webhook_id', env: 'PAYPAL_WEBHOOK_ID', secret: false },
  ],
  paystack: [
    { name: 'paystack_public_key', env: 'PAYSTACK_PUBLIC_KEY', secret: false },
    { name: 'paystack_secret_key', env: 'PAYSTACK_SECRET_KEY', secret: true },
  ],
} as const satisfies Record<GatewayDriver, readonly { name: string; env: keyof Env; secret: boolean }[]>;

const allowedName = { stripe: 'allowed_stripe', paypal: 'allowed_paypal', paystack: 'allowed_paystack' } as const;

async function paymentsState(ctx: AppContext, settings: Settings) {
  const base = await publicUrl(ctx);
  const env = ctx.config.env;
  return (['stripe', 'paypal', 'paystack'] as const).map((driver) => ({
    driver,
    allowed: settings[allowedName[driver]],
    configured: gatewayKeys(driver, env, settings) !== null,
    webhookUrl: `${base}/api/subscriptions/${driver}/webhooks`,
    fields: gatewayKeyFields[driver].map((f) => {
      const fromEnv = !!env[f.env]?.trim();
      const stored = settings[f.name];
      return {
        name: f.name,
        secret: f.secret,
        fromEnv,
        // A secret never leaves the server; an environment variable's value is not shown either.
        value: f.secret || fromEnv ? null : (stored ?? null),
        set: fromEnv || !!stored,
      };
    }),
    live: driver === 'paypal' ? (env.PAYPAL_LIVE ?? settings.paypal_live) : null,
  }));
}

/** The currency a top-up is in: the balance's, else the user's metered plan's, else any active metered plan's. */
async function topUpCurrency(ctx: AppContext, userId: string): Promise<string> {
  const [balance] = await ctx.db.select().from(balances).where(eq(balances.userId, userId)).limit(1);
  if (balance) return balance.currency;
  const [own] = await ctx.db
    .select({ currency: plans.currency })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(plans.type, 'metered'),
        inArray(subscriptions.status, ['active', 'cancelled']),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (own) return own.currency;
  const [any] = await ctx.db
    .select({ currency: plans.currency })
    .from(plans)
    .where(and(eq(plans.type, 'metered'), eq(plans.status, 'active')))
    .limit(1);
  if (!any) throw new AppError(422, 'billing.plan_unavailable', 'There is no metered plan to top up a balance for.');
  return any.currency;
}

const topUpBody = z.object({
  amount: z.number().int().min(1).max(100_000_000),
  currency: z.string().length(3).optional(),
});
const urlResponse = z.object({ url: z.string() });

/**
 * Balance top-ups through PayPal and Paystack (reference §15.4), and the administrator's payments
 * screen: each provider's keys, tested with a real call before they are stored (ADR 0047).
 */
export function paymentsRoutes(app: TypedApp, ctx: AppContext) {
  const topUp = async (user: UserRow, driver: GatewayDriver, amount: number, currency: string | undefined) => {
    const settings = await readSettings(ctx.db);
    const gateway = gatewayFor(ctx, settings, driver);
    if (!gateway?.topUp)
      throw new AppError(409, 'billing.gateway_not_configured', `Payments through ${driver} are not set up.`);
    const balanceCurrency = await topUpCurrency(ctx, user.id);
    if (currency && currency.toUpperCase() !== balanceCurrency) {
      throw new AppError(422, 'billing.currency_mismatch', `The balance is kept in ${balanceCurrency}.`);
    }
    return gateway.topUp(user, amount, balanceCurrency, `${await publicUrl(ctx)}/user/settings/billing`);
  };

  app.post(
    '/api/paypal/top-up',
    { config: { access: 'user' }, schema: { body: topUpBody, response: { 200: urlResponse } } },
    async (request) => topUp(requireUser(request), 'paypal', request.body.amount, request.body.currency),
  );
  app.post(
    '/api/paystack/checkout',
    {
      config: { access: 'user' },
      schema: {
        body: z.union([z.object({ plan_id: z.uuid() }).strict(), topUpBody.strict()]),
        response: { 200: urlResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      if ('plan_id' in body) return checkoutFixedPlan(ctx, user, body.plan_id, 'paystack');
      return topUp(user, 'paystack', body.amount, body.currency);
    },
  );

  // The caller's own balance (metered billing): what a top-up adds to. Null before the first credit.
  app.get(
    '/api/subscriptions/balance',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: z.object({ data: z.object({ amount: z.number(), currency: z.string() }).nullable() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await ctx.db.select().from(balances).where(eq(balances.userId, user.id)).limit(1);
      return { data: row ? { amount: row.amount, currency: row.currency } : null };
    },
  );

  app.get(
    '/api/admin/payments',
    { config: { access: 'admin' }, schema: { response: { 200: adminPaymentsResponse } } },
    async () => ({ data: await paymentsState(ctx, await readSettings(ctx.db)) }),
  );

  app.put(
    '/api/admin/payments/:driver',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ driver: gatewayDriver }),
        body: paymentKeysRequest,
        response: { 200: adminPaymentsResponse },
      },
    },
    async (request) => {
      await appKey(ctx);
      const { driver } = request.params;
      const settings = await readSettings(ctx.db);
      const fields = gatewayKeyFields[driver];
      const update: Partial<Record<string, string | boolean | null>> = {};
      const fieldErrors: Record<string, string[]> = {};
      for (const [name, value] of Object.entries(request.body.values)) {
        const field = fields.find((f) => f.name === name);
        if (!field) {
          fieldErrors[name] = [`${name} is not a key of ${driver}.`];
          continue;
        }
        if (ctx.config.env[field.env]?.trim()) {
          fieldErrors[name] = [`${field.env} is set in the environment; change it there.`];
          continue;
        }
        const text = value?.trim() || null;
        // A secret left empty keeps the stored one (it is never shown, so the form cannot send it back).
        if (field.secret && text === null) continue;
        update[name] = field.secret ? sealSetting(settings, field.name, text) : text;
      }
      if (driver === 'paypal' && request.body.live !== undefined) update.paypal_live = request.body.live;
      if (Object.keys(fieldErrors).length > 0) {
        throw new AppError(422, 'validation.failed', 'Some keys cannot be changed here.', undefined, fieldErrors);
      }
      const next = { ...settings, ...update };
      const keys: GatewayKeys | null = gatewayKeys(driver, ctx.config.env, next);
      if (!keys) {
        throw new AppError(422, 'validation.failed', 'Every key of this provider is needed.', undefined, {
          values: ['Every key of this provider is needed.'],
        });
      }
      const gateway = gatewayFactories[driver]?.(ctx, next);
      if (!gateway) throw new AppError(409, 'billing.gateway_not_configured', `This server cannot talk to ${driver}.`);
      try {
        await gateway.testKeys(keys);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        const refused =
          e instanceof AppError && typeof e.details?.providerStatus === 'number' && e.details.providerStatus < 500;
        throw new AppError(refused ? 422 : 502, 'billing.gateway_error', message);
      }
      await writeSettings(ctx.db, update);
      return { data: await paymentsState(ctx, await readSettings(ctx.db)) };
    },
  );

  // Removes a provider's stored keys and stops offering it (keys set in the environment stay).
  app.delete(
    '/api/admin/payments/:driver',
    {
      config: { access: 'admin' },
      schema: { params: z.object({ driver: gatewayDriver }), response: { 200: adminPaymentsResponse } },
    },
    async (request) => {
      const { driver } = request.params;
      const update: Partial<Record<string, string | boolean | null>> = { [allowedName[driver]]: false };
      for (const field of gatewayKeyFields[driver]) update[field.name] = null;
      if (driver === 'paypal') update.paypal_live = false;
      await writeSettings(ctx.db, update);
      return { data: await paymentsState(ctx, await readSettings(ctx.db)) };
    },
  );
}

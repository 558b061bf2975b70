import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../app/context.js';
import type { Db } from '../../../lib/db/database.js';
import { AppError } from '../../../lib/errors.js';
import { users, type UserRow } from '../../users/index.js';
import type { Settings } from '../../settings/index.js';
import {
  planGatewayPlans,
  plans,
  subscriptions,
  type PlanGatewayPlanRow,
  type PlanRow,
  type SubscriptionRow,
} from '../billing.table.js';
import { gatewayKeys, type PaymentGateway, type PaystackKeys } from '../gateway.port.js';
import {
  activateSubscription,
  cancelSubscription,
  claimWebhookEvent,
  creditBalance,
  findSubscriptionByDriverId,
  recordSubscription,
  recordTransaction,
  renewSubscription,
} from '../ledger.js';
import { providerCall } from './http.js';

/*
 * Paystack through its documented REST API (ADR 0047: Paystack publishes no official Node SDK).
 * Webhooks must carry `x-paystack-signature`, the HMAC-SHA512 of the raw body under the secret key,
 * compared in constant time; Paystack's events have no id, so one is derived from the event's name
 * and its object's id or reference.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A payment reference: 10 random alphanumeric characters (spec §9). */
export function paystackReference(): string {
  return Array.from({ length: 10 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

interface Envelope<T> {
  status: boolean;
  message?: string;
  data: T;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null;
const dateOf = (v: unknown): Date | null => {
  const s = str(v);
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** Whether `signature` is the HMAC-SHA512 of `body` under `secret` (constant time). */
export function paystackSignatureValid(body: Buffer, signature: string | null, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export class PaystackGateway implements PaymentGateway {
  readonly driver = 'paystack' as const;
  private readonly base: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: PaystackKeys,
  ) {
    this.base = ctx.config.env.PAYSTACK_API_BASE.replace(/\/$/, '');
  }

  private async call<T>(path: string, init: { method?: string; body?: unknown } = {}, secret = this.keys.secretKey) {
    const res = await providerCall<Envelope<T>>('Paystack', `${this.base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${secret}` },
    });
    if (!res?.status)
      throw new AppError(
        502,
        'billing.gateway_error',
        `Paystack refused the request: ${res?.message ?? 'no reason given'}`,
      );
    return res.data;
  }

  async createPlan(plan: PlanRow) {
    if (plan.amount == null || !plan.interval)
      throw new AppError(422, 'billing.plan_unavailable', 'Only a fixed plan is sold at Paystack.');
    const created = await this.call<{ plan_code: string }>('/plan', {
      body: {
        name: plan.name,
        description: plan.description ?? undefined,
        amount: plan.amount,
        interval: plan.interval === 'year' ? 'annually' : 'monthly',
        currency: plan.currency,
      },
    });
    return { driverPlanId: created.plan_code, driverProductId: null };
  }

  async updatePlan(plan: PlanRow, remote: PlanGatewayPlanRow) {
    await this.call(`/plan/${encodeURIComponent(remote.driverPlanId)}`, {
      method: 'PUT',
      body: { name: plan.name, description: plan.description ?? '' },
    });
  }

  /** Paystack has no call that deletes or archives a plan: it stays there, just no longer offered here. */
  async retirePlan() {}

  async checkout(user: UserRow, plan: PlanRow, remote: PlanGatewayPlanRow, returnUrl: string) {
    const started = await this.call<{ authorization_url: string }>('/transaction/initialize', {
      body: {
        email: user.email,
        amount: plan.amount,
        plan: remote.driverPlanId,
        reference: paystackReference(),
        callback_url: returnUrl,
        metadata: { user_id: user.id, plan_id: plan.id },
      },
    });
    return { url: started.authorization_url };
  }

  /** A balance top-up: a one-off transaction; its `charge.success` (no plan) credits the balance. */
  async topUp(user: UserRow, amount: number, currency: string, returnUrl: string) {
    const started = await this.call<{ authorization_url: string }>('/transaction/initialize', {
      body: {
        email: user.email,
        amount,
        currency,
        reference: paystackReference(),
        callback_url: returnUrl,
        metadata: { user_id: user.id, top_up: true },
      },
    });
    return { url: started.authorization_url };
  }

  async cancel(sub: SubscriptionRow) {
    const code = encodeURIComponent(sub.driverSubscriptionId ?? '');
    const remote = await this.call<{ email_token: string; next_payment_date?: string | null }>(`/subscription/${code}`);
    await this.call('/subscription/disable', { body: { code: sub.driverSubscriptionId, token: remote.email_token } });
    return { endsAt: dateOf(remote.next_payment_date) ?? sub.renewsAt ?? this.ctx.clock.now() };
  }

  /** Paystack cannot move a subscription to another plan: the user cancels and subscribes anew. */
  async swap(): Promise<{ url: string | null }> {
    throw new AppError(
      409,
      'billing.gateway_error',
      'Paystack cannot change the plan of a subscription: cancel it, and subscribe to the other plan when it ends.',
    );
  }

  async testKeys(keys: Parameters<PaymentGateway['testKeys']>[0]) {
    if (keys.driver !== 'paystack') throw new Error('not Paystack keys');
    await this.call('/balance', {}, keys.secretKey);
  }

  async handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const raw = headers['x-paystack-signature'];
    const signature = (Array.isArray(raw) ? raw[0] : raw) ?? null;
    if (!paystackSignatureValid(rawBody, signature, this.keys.secretKey)) {
      throw new AppError(403, 'billing.webhook_signature', 'The webhook is not signed by Paystack.');
    }
    let event: { event?: string; data?: Record<string, unknown> };
    try {
      event = JSON.parse(rawBody.toString('utf8')) as typeof event;
    } catch {
      return;
    }
    const type = str(event.event);
    const data = event.data ?? {};
    const key = str(data.id) ?? str(data.reference) ?? str(data.subscription_code);
    if (!type || !key) return;
    await this.ctx.db.transaction(async (tx) => {
      if (!(await claimWebhookEvent(tx, 'paystack', `${type}:${key}`, type))) return;
      await this.apply(tx, type, data);
    });
  }

  private async apply(tx: Db, type: string, data: Record<string, unknown>) {
    const metadata = (typeof data.metadata === 'object' && data.metadata ? data.metadata : {}) as Record<
      string,
      unknown
    >;
    const customer = (data.customer ?? {}) as { email?: string };
    const planCode = str((data.plan as { plan_code?: string } | undefined)?.plan_code);
    const userId = await this.userOf(tx, str(metadata.user_id), str(customer.email));
    if (type === 'subscription.create') {
      const code = str(data.subscription_code);
      const planId = await localPlanId(tx, planCode);
      if (!code || !planId || !userId) return;
      const sub = await recordSubscription(tx, {
        userId,
        planId,
        driver: 'paystack',
        driverSubscriptionId: code,
        renewsAt: dateOf(data.next_payment_date),
      });
      await activateSubscription(tx, sub, dateOf(data.next_payment_date));
      return;
    }
    if (type === 'subscription.not_renew' || type === 'subscription.disable') {
      const code = str(data.subscription_code);
      const sub = code ? await findSubscriptionByDriverId(tx, 'paystack', code) : null;
      if (!sub) return;
      await cancelSubscription(tx, sub, dateOf(data.next_payment_date) ?? sub.renewsAt ?? this.ctx.clock.now());
      return;
    }
    if (type !== 'charge.success' || !userId) return;
    const reference = str(data.reference);
    const amount = typeof data.amount === 'number' ? data.amount : null;
    const currency = str(data.currency);
    if (!reference || amount === null || !currency) return;
    if (planCode) {
      const sub = await this.subscriptionOf(tx, userId, planCode);
      if (sub) {
        await renewSubscription(tx, sub, null, { amount, currency, reference });
      } else {
        // The first payment may come before `subscription.create`: recorded now, once by its reference.
        const planId = await localPlanId(tx, planCode);
        const [plan] = planId ? await tx.select().from(plans).where(eq(plans.id, planId)).limit(1) : [];
        await recordTransaction(tx, {
          userId,
          type: 'charge',
          status: 'completed',
          driver: 'paystack',
          amount,
          currency,
          note: plan?.name ?? null,
          reference,
          metadata: plan ? [{ label: plan.name, usage: null, amount, currency }] : null,
        });
      }
      return;
    }
    await creditBalance(tx, userId, { amount, currency, driver: 'paystack', reference, note: 'Account Fund' });
  }

  /** The user a Paystack object is about: our id in its metadata, else the customer's email. */
  private async userOf(tx: Db, id: string | null, email: string | null): Promise<string | null> {
    if (id && /^[0-9a-f-]{36}$/i.test(id)) {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      if (row) return row.id;
    }
    if (!email) return null;
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row?.id ?? null;
  }

  private async subscriptionOf(tx: Db, userId: string, planCode: string): Promise<SubscriptionRow | null> {
    const planId = await localPlanId(tx, planCode);
    if (!planId) return null;
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.userId, userId), eq(subscriptions.driver, 'paystack'), eq(subscriptions.planId, planId)),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row ?? null;
  }
}

async function localPlanId(tx: Db, code: string | null): Promise<string | null> {
  if (!code) return null;
  const [row] = await tx
    .select({ planId: planGatewayPlans.planId })
    .from(planGatewayPlans)
    .where(and(eq(planGatewayPlans.driver, 'paystack'), eq(planGatewayPlans.driverPlanId, code)))
    .limit(1);
  return row?.planId ?? null;
}

export function paystackGateway(ctx: AppContext, settings: Settings): PaystackGateway | null {
  const keys = gatewayKeys('paystack', ctx.config.env, settings);
  return keys ? new PaystackGateway(ctx, keys) : null;
}

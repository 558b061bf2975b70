import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../app/context.js';
import { DAY_MS } from '../../../lib/clock.js';
import type { Db } from '../../../lib/db/database.js';
import { AppError } from '../../../lib/errors.js';
import { users, type UserRow } from '../../users/index.js';
import type { Settings } from '../../settings/index.js';
import {
  planGatewayPlans,
  plans,
  type PlanGatewayPlanRow,
  type PlanRow,
  type SubscriptionRow,
} from '../billing.table.js';
import { gatewayKeys, type PaymentGateway, type PaypalKeys } from '../gateway.port.js';
import {
  activateSubscription,
  cancelSubscription,
  claimWebhookEvent,
  creditBalance,
  expireSubscription,
  findSubscriptionByDriverId,
  recordSubscription,
  renewSubscription,
  swapSubscriptionPlan,
} from '../ledger.js';
import { addMonth, renewalDayOf } from '../calendar.js';
import { decimalToMinor, minorToDecimal, providerCall } from './http.js';

/*
 * PayPal through its documented REST API (ADR 0047): OAuth client-credentials tokens, the catalog
 * and billing plans, subscriptions, orders for balance top-ups, and webhooks verified by PayPal's
 * own verify-webhook-signature call before anything is applied.
 */

const SANDBOX = 'https://api-m.sandbox.paypal.com';
const LIVE = 'https://api-m.paypal.com';

interface Link {
  href: string;
  rel: string;
}
interface PaypalSubscription {
  id: string;
  plan_id?: string;
  custom_id?: string;
  status?: string;
  billing_info?: { next_billing_time?: string };
  links?: Link[];
}
interface PaypalEvent {
  id?: string;
  event_type?: string;
  resource?: Record<string, unknown>;
}

const tokens = new Map<string, { token: string; expires: number }>();

export function paypalBase(ctx: AppContext, keys: PaypalKeys): string {
  return (ctx.config.env.PAYPAL_API_BASE ?? (keys.live ? LIVE : SANDBOX)).replace(/\/$/, '');
}

async function accessToken(base: string, keys: PaypalKeys, fresh = false): Promise<string> {
  const cacheKey = `${base} ${keys.clientId} ${keys.clientSecret}`;
  const cached = tokens.get(cacheKey);
  if (!fresh && cached && cached.expires > Date.now()) return cached.token;
  const res = await providerCall<{ access_token: string; expires_in?: number }>('PayPal', `${base}/v1/oauth2/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${keys.clientId}:${keys.clientSecret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
  tokens.set(cacheKey, {
    token: res.access_token,
    expires: Date.now() + Math.max(0, (res.expires_in ?? 300) - 60) * 1000,
  });
  return res.access_token;
}

const approveLink = (links: Link[] | undefined): string => {
  const link = links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
  if (!link) throw new AppError(502, 'billing.gateway_error', 'PayPal gave no approval link.');
  return link.href;
};

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.length > 0 ? s : null;
};

const refused = () => new AppError(403, 'billing.webhook_signature', 'The webhook is not signed by PayPal.');

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const dateOf = (v: unknown): Date | null => {
  const s = str(v);
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

async function localPlanId(tx: Db, driverPlanId: string | null): Promise<string | null> {
  if (!driverPlanId) return null;
  const [row] = await tx
    .select({ planId: planGatewayPlans.planId })
    .from(planGatewayPlans)
    .where(and(eq(planGatewayPlans.driver, 'paypal'), eq(planGatewayPlans.driverPlanId, driverPlanId)))
    .limit(1);
  return row?.planId ?? null;
}

async function userExists(tx: Db, id: string | null): Promise<boolean> {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return !!row;
}

export class PaypalGateway implements PaymentGateway {
  readonly driver = 'paypal' as const;
  private readonly base: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: PaypalKeys,
  ) {
    this.base = paypalBase(ctx, keys);
  }

  private async call<T>(path: string, init: { method?: string; body?: unknown; requestId?: string } = {}): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${await accessToken(this.base, this.keys)}` };
    if (init.requestId) headers['paypal-request-id'] = init.requestId;
    return providerCall<T>('PayPal', `${this.base}${path}`, { method: init.method, body: init.body, headers });
  }

  async createPlan(plan: PlanRow) {
    if (plan.amount == null || !plan.interval)
      throw new AppError(422, 'billing.plan_unavailable', 'Only a fixed plan is sold at PayPal.');
    const product = await this.call<{ id: string }>('/v1/catalogs/products', {
      body: { name: plan.name, description: plan.description ?? plan.name, type: 'SERVICE', category: 'SOFTWARE' },
      requestId: `product-${plan.id}`,
    });
    const remote = await this.call<{ id: string }>('/v1/billing/plans', {
      body: {
        product_id: product.id,
        name: plan.name,
        description: plan.description ?? plan.name,
        status: 'ACTIVE',
        billing_cycles: [
          {
            frequency: { interval_unit: plan.interval === 'year' ? 'YEAR' : 'MONTH', interval_count: 1 },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: {
              fixed_price: { value: minorToDecimal(plan.amount, plan.currency), currency_code: plan.currency },
            },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
      },
      requestId: `plan-${plan.id}`,
    });
    return { driverPlanId: remote.id, driverProductId: product.id };
  }

  async updatePlan(plan: PlanRow, remote: PlanGatewayPlanRow) {
    const patch = [{ op: 'replace', path: '/description', value: plan.description ?? plan.name }];
    if (remote.driverProductId) {
      await this.call(`/v1/catalogs/products/${encodeURIComponent(remote.driverProductId)}`, {
        method: 'PATCH',
        body: patch,
      });
    }
    await this.call(`/v1/billing/plans/${encodeURIComponent(remote.driverPlanId)}`, {
      method: 'PATCH',
      body: [...patch, { op: 'replace', path: '/name', value: plan.name }],
    });
  }

  async retirePlan(remote: PlanGatewayPlanRow) {
    await this.call(`/v1/billing/plans/${encodeURIComponent(remote.driverPlanId)}/deactivate`, { method: 'POST' });
  }

  async checkout(user: UserRow, _plan: PlanRow, remote: PlanGatewayPlanRow, returnUrl: string) {
    const sub = await this.call<PaypalSubscription>('/v1/billing/subscriptions', {
      body: {
        plan_id: remote.driverPlanId,
        custom_id: user.id,
        subscriber: { email_address: user.email },
        application_context: { return_url: returnUrl, cancel_url: returnUrl, user_action: 'SUBSCRIBE_NOW' },
      },
    });
    return { url: approveLink(sub.links) };
  }

  async cancel(sub: SubscriptionRow) {
    const id = encodeURIComponent(sub.driverSubscriptionId ?? '');
    const remote = await this.call<PaypalSubscription>(`/v1/billing/subscriptions/${id}`);
    await this.call(`/v1/billing/subscriptions/${id}/cancel`, { body: { reason: 'Cancelled by the subscriber.' } });
    const endsAt = dateOf(remote.billing_info?.next_billing_time) ?? sub.renewsAt ?? this.ctx.clock.now();
    return { endsAt };
  }

  async swap(sub: SubscriptionRow, _plan: PlanRow, remote: PlanGatewayPlanRow) {
    const id = encodeURIComponent(sub.driverSubscriptionId ?? '');
    const revised = await this.call<{ links?: Link[] }>(`/v1/billing/subscriptions/${id}/revise`, {
      body: { plan_id: remote.driverPlanId },
    });
    return { url: approveLink(revised.links) };
  }

  /** A balance top-up: a PayPal order the user approves; its capture credits the balance (webhook). */
  async topUp(user: UserRow, amount: number, currency: string, returnUrl: string) {
    const order = await this.call<{ id: string; links?: Link[] }>('/v2/checkout/orders', {
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: user.id,
            description: 'Account Fund',
            amount: { currency_code: currency, value: minorToDecimal(amount, currency) },
          },
        ],
        application_context: { return_url: returnUrl, cancel_url: returnUrl, user_action: 'PAY_NOW' },
      },
    });
    return { url: approveLink(order.links) };
  }

  async testKeys(keys: Parameters<PaymentGateway['testKeys']>[0]) {
    if (keys.driver !== 'paypal') throw new Error('not PayPal keys');
    await accessToken(paypalBase(this.ctx, keys), keys, true);
  }

  async handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const names = ['transmission-id', 'transmission-time', 'transmission-sig', 'cert-url', 'auth-algo'] as const;
    const values = names.map((n) => header(headers, `paypal-${n}`));
    if (values.some((v) => v === null)) throw refused();
    let event: PaypalEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as PaypalEvent;
    } catch {
      throw refused();
    }
    const [transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo] = values as string[];
    const verdict = await this.call<{ verification_status?: string }>('/v1/notifications/verify-webhook-signature', {
      body: {
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: this.keys.webhookId,
        webhook_event: event,
      },
    });
    if (verdict.verification_status !== 'SUCCESS') throw refused();
    const eventId = str(event.id);
    const type = str(event.event_type);
    const resource = event.resource ?? {};
    if (!eventId || !type) return;

    // A top-up's money is taken (captured) first, outside the transaction; PayPal answers a
    // repeated capture of the same request id with the same capture.
    let captured: { orderId: string; userId: string; amount: number; currency: string } | null = null;
    if (type === 'CHECKOUT.ORDER.APPROVED') {
      const orderId = str(resource.id);
      const unit = (resource.purchase_units as { custom_id?: string }[] | undefined)?.[0];
      if (!orderId || !unit?.custom_id) return;
      const capture = await this.call<{
        status?: string;
        purchase_units?: {
          payments?: { captures?: { status?: string; amount?: { value: string; currency_code: string } }[] };
        }[];
      }>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { body: {}, requestId: `capture-${orderId}` });
      const done = capture.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED');
      if (!done?.amount) return;
      captured = {
        orderId,
        userId: unit.custom_id,
        amount: decimalToMinor(done.amount.value, done.amount.currency_code),
        currency: done.amount.currency_code,
      };
    }

    // A subscription's payment: the next billing time PayPal itself holds, read back as cancel()
    // does (the day it bills on after the 28th is its own rule, and need not be the day our row was
    // made), outside the transaction. Unreachable, the renewal is estimated (nextRenewal).
    let billsNext: Date | null = null;
    const agreement = type === 'PAYMENT.SALE.COMPLETED' ? str(resource.billing_agreement_id) : null;
    if (agreement) {
      const remote = await this.call<PaypalSubscription>(
        `/v1/billing/subscriptions/${encodeURIComponent(agreement)}`,
      ).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, subscription: agreement }, 'PayPal subscription unreadable; renewal estimated');
        return null;
      });
      billsNext = dateOf(remote?.billing_info?.next_billing_time);
    }

    await this.ctx.db.transaction(async (tx) => {
      if (!(await claimWebhookEvent(tx, 'paypal', eventId, type))) return;
      await this.apply(tx, type, resource, captured, billsNext);
    });
  }

  private async apply(
    tx: Db,
    type: string,
    resource: Record<string, unknown>,
    captured: { orderId: string; userId: string; amount: number; currency: string } | null,
    billsNext: Date | null = null,
  ) {
    if (captured) {
      if (!(await userExists(tx, captured.userId))) return;
      await creditBalance(tx, captured.userId, {
        amount: captured.amount,
        currency: captured.currency,
        driver: 'paypal',
        reference: captured.orderId,
        note: 'Account Fund',
      });
      return;
    }
    if (type === 'PAYMENT.SALE.COMPLETED') {
      const saleId = str(resource.id);
      const agreement = str(resource.billing_agreement_id);
      const amount = resource.amount as { total?: string; currency?: string } | undefined;
      if (!saleId || !agreement || !amount?.total || !amount.currency) return;
      const sub = await findSubscriptionByDriverId(tx, 'paypal', agreement);
      if (!sub) return;
      // The sale carries no next billing time, the subscription read back from PayPal does: the
      // renewal moves to it once it is past the one held here. Without it, a payment of a period
      // that is due moves the renewal one interval of the plan on (the first payment, made when the
      // subscription starts, finds its renewal already a period ahead and leaves it).
      // PayPal's date counts only once it is the next period's: a sale webhook may come before PayPal
      // has moved next_billing_time on, and then it is the billing time just paid (about now).
      const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.planId)).limit(1);
      const now = this.ctx.clock.now();
      const paidUntil =
        billsNext && inNextPeriod(billsNext, now) && (!sub.renewsAt || billsNext > sub.renewsAt) ? billsNext : null;
      await renewSubscription(
        tx,
        sub,
        paidUntil ?? nextRenewal(sub.renewsAt, plan?.interval ?? 'month', now, paypalBillingDay(sub)),
        {
          amount: decimalToMinor(amount.total, amount.currency),
          currency: amount.currency,
          reference: saleId,
        },
      );
      return;
    }
    if (!type.startsWith('BILLING.SUBSCRIPTION.')) return;
    const subId = str(resource.id);
    if (!subId) return;
    const nextBilling = dateOf(
      (resource.billing_info as { next_billing_time?: string } | undefined)?.next_billing_time,
    );
    let sub = await findSubscriptionByDriverId(tx, 'paypal', subId);
    if (!sub && (type === 'BILLING.SUBSCRIPTION.CREATED' || type === 'BILLING.SUBSCRIPTION.ACTIVATED')) {
      const userId = str(resource.custom_id);
      const planId = await localPlanId(tx, str(resource.plan_id));
      if (!planId || !(await userExists(tx, userId))) return;
      sub = await recordSubscription(tx, {
        userId: userId as string,
        planId,
        driver: 'paypal',
        driverSubscriptionId: subId,
        renewsAt: nextBilling,
      });
    }
    if (!sub) return;
    switch (type) {
      case 'BILLING.SUBSCRIPTION.ACTIVATED':
        await activateSubscription(tx, sub, nextBilling);
        break;
      case 'BILLING.SUBSCRIPTION.UPDATED': {
        const planId = await localPlanId(tx, str(resource.plan_id));
        if (planId) await swapSubscriptionPlan(tx, sub, planId);
        break;
      }
      case 'BILLING.SUBSCRIPTION.CANCELLED':
        await cancelSubscription(tx, sub, nextBilling ?? sub.renewsAt ?? this.ctx.clock.now());
        break;
      case 'BILLING.SUBSCRIPTION.EXPIRED':
        await expireSubscription(tx, sub, this.ctx.clock.now());
        break;
      default:
        break;
    }
  }
}

export function paypalGateway(ctx: AppContext, settings: Settings): PaypalGateway | null {
  const keys = gatewayKeys('paypal', ctx.config.env, settings);
  return keys ? new PaypalGateway(ctx, keys) : null;
}

/**
 * Whether a renewal date belongs to the period after a payment made `now`: more than a day ahead.
 * Nearer, it is the date just paid (a payment may come a little before or after its due time).
 */
const inNextPeriod = (renewal: Date, now: Date) => renewal.getTime() > now.getTime() + DAY_MS;

/**
 * The renewal after a payment: `renewsAt` moved on by whole intervals until it is more than a day
 * ahead, each on `day` of its month or that month's last (a subscription of Jan 31 renews on Feb 28,
 * then Mar 31: `setUTCMonth` would give Mar 3 and every renewal after it on the 3rd).
 */
export function nextRenewal(
  renewsAt: Date | null,
  interval: 'month' | 'year',
  now: Date,
  day = renewsAt?.getUTCDate(),
): Date | null {
  if (!renewsAt) return null;
  const step = interval === 'year' ? 12 : 1;
  let next = renewsAt;
  for (let months = step; !inNextPeriod(next, now); months += step) {
    next = addMonth(renewsAt, months, day);
  }
  return next.getTime() === renewsAt.getTime() ? null : next;
}

/**
 * The day of the month PayPal bills on, as far as we know it: the day of the renewal it last gave,
 * unless that is a month's last day falling before the day the subscription started on (Feb 28 of a
 * subscription of the 31st, whose next renewal is Mar 31).
 */
export function paypalBillingDay(sub: { renewsAt: Date | null; createdAt: Date }): number | undefined {
  if (!sub.renewsAt) return undefined;
  const day = sub.renewsAt.getUTCDate();
  const lastOfMonth = addMonth(sub.renewsAt, 0, 31).getUTCDate();
  return day === lastOfMonth ? Math.max(day, renewalDayOf(sub)) : day;
}

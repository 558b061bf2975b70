import type Stripe from 'stripe';
import { formatMoney } from '@filestore/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../app/context.js';
import type { Db } from '../../../lib/db/database.js';
import { AppError } from '../../../lib/errors.js';
import { mailTranslator } from '../../languages/index.js';
import { actionMail } from '../../mail/index.js';
import { readSettings, type Settings } from '../../settings/index.js';
import { findUserById, fullName, type UserRow } from '../../users/index.js';
import {
  creditCards,
  dunnings,
  gatewayCustomers,
  planGatewayPlans,
  type CreditCardRow,
  type PlanGatewayPlanRow,
  type PlanRow,
  type SubscriptionRow,
} from '../billing.table.js';
import { gatewayKeys, type GatewayKeys, type PaymentGateway, type StripeKeys } from '../gateway.port.js';
import {
  activateSubscription,
  cancelSubscription,
  resumeSubscription,
  claimWebhookEvent,
  expireSubscription,
  findSubscriptionByDriverId,
  recordSubscription,
  refreshBillingRestriction,
  renewSubscription,
  swapSubscriptionPlan,
} from '../ledger.js';

/** How old a signed webhook may be (seconds), as Stripe's own libraries check. */
export const STRIPE_WEBHOOK_TOLERANCE = 300;

// The SDK is large (~260 modules) and only a server taking Stripe payments needs it: it loads with
// the first call that does (ADR 0051).
let stripeModule: Promise<typeof import('stripe')> | undefined;

/** A Stripe client at the configured API base (`STRIPE_API_BASE`: the fake in tests). */
export async function stripeClient(ctx: AppContext, secretKey: string): Promise<Stripe> {
  const base = new URL(ctx.config.env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const { default: StripeSdk } = await (stripeModule ??= import('stripe'));
  return new StripeSdk(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
  });
}

const signatureError = () =>
  new AppError(403, 'billing.webhook_signature', 'The webhook’s signature is missing, wrong or too old.');

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The end of a subscription's current period (on its items since Stripe's 2025 API versions). */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return date(sub.items.data[0]?.current_period_end ?? legacy);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function userOfCustomer(tx: Db, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await tx
    .select({ userId: gatewayCustomers.userId })
    .from(gatewayCustomers)
    .where(and(eq(gatewayCustomers.driver, 'stripe'), eq(gatewayCustomers.driverCustomerId, customerId)))
    .limit(1);
  return row?.userId ?? null;
}

async function planOfPrice(tx: Db, priceId: string | null | undefined): Promise<string | null> {
  if (!priceId) return null;
  const [row] = await tx
    .select({ planId: planGatewayPlans.planId })
    .from(planGatewayPlans)
    .where(and(eq(planGatewayPlans.driver, 'stripe'), eq(planGatewayPlans.driverPlanId, priceId)))
    .limit(1);
  return row?.planId ?? null;
}

/**
 * The Stripe adapter (ADR 0045): plans are a product with a recurring price, a user pays on Stripe's
 * hosted Checkout, and the subscription's life arrives by signed webhooks applied through the ledger.
 */
export class StripeGateway implements PaymentGateway {
  readonly driver = 'stripe' as const;
  private client: Promise<Stripe> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: StripeKeys,
  ) {}

  /** The SDK's client for these keys, made with the first call that needs it. */
  private api(): Promise<Stripe> {
    return (this.client ??= stripeClient(this.ctx, this.keys.secretKey).catch((error: unknown) => {
      this.client = undefined;
      throw error;
    }));
  }

  async createPlan(plan: PlanRow) {
    const product = await (
      await this.api()
    ).products.create({
      name: plan.name,
      ...(plan.description ? { description: plan.description } : {}),
      metadata: { plan_id: plan.id },
    });
    try {
      const price = await (
        await this.api()
      ).prices.create({
        product: product.id,
        unit_amount: plan.amount ?? 0,
        currency: plan.currency.toLowerCase(),
        recurring: { interval: plan.interval },
        metadata: { plan_id: plan.id },
      });
      return { driverPlanId: price.id, driverProductId: product.id };
    } catch (error) {
      // No product is left behind without its price (one without prices can be deleted).
      await (await this.api()).products.del(product.id).catch(() => undefined);
      throw error;
    }
  }

  async updatePlan(plan: PlanRow, remote: PlanGatewayPlanRow) {
    if (!remote.driverProductId) return;
    await (
      await this.api()
    ).products.update(remote.driverProductId, {
      name: plan.name,
      description: plan.description ?? '',
    });
  }

  async retirePlan(remote: PlanGatewayPlanRow) {
    await (await this.api()).prices.update(remote.driverPlanId, { active: false });
    if (remote.driverProductId) await (await this.api()).products.update(remote.driverProductId, { active: false });
  }

  /** The user's customer at Stripe, made once and remembered. */
  async customerOf(user: UserRow): Promise<string> {
    const [found] = await this.ctx.db
      .select()
      .from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, user.id), eq(gatewayCustomers.driver, 'stripe')))
      .limit(1);
    if (found) return found.driverCustomerId;
    const customer = await (
      await this.api()
    ).customers.create({
      email: user.email,
      name: fullName(user),
      metadata: { user_id: user.id },
    });
    const [stored] = await this.ctx.db
      .insert(gatewayCustomers)
      .values({ userId: user.id, driver: 'stripe', driverCustomerId: customer.id })
      .onConflictDoNothing()
      .returning();
    if (stored) return stored.driverCustomerId;
    // Another request made one at the same time: keep theirs.
    const [theirs] = await this.ctx.db
      .select()
      .from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, user.id), eq(gatewayCustomers.driver, 'stripe')))
      .limit(1);
    return theirs?.driverCustomerId ?? customer.id;
  }

  async checkout(user: UserRow, plan: PlanRow, remote: PlanGatewayPlanRow, returnUrl: string) {
    const customer = await this.customerOf(user);
    const session = await (
      await this.api()
    ).checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: remote.driverPlanId, quantity: 1 }],
      subscription_data: { metadata: { user_id: user.id, plan_id: plan.id } },
      success_url: `${returnUrl}?checkout=success`,
      cancel_url: `${returnUrl}?checkout=cancelled`,
    });
    if (!session.url) throw new Error('Stripe returned no checkout page');
    return { url: session.url };
  }

  /** Where the user adds a card: Checkout in setup mode (no Stripe.js on our pages). */
  async cardSetup(user: UserRow, returnUrl: string): Promise<{ url: string }> {
    const customer = await this.customerOf(user);
    const session = await (
      await this.api()
    ).checkout.sessions.create({
      mode: 'setup',
      customer,
      client_reference_id: user.id,
      success_url: `${returnUrl}?card=added`,
      cancel_url: `${returnUrl}?card=cancelled`,
    });
    if (!session.url) throw new Error('Stripe returned no setup page');
    return { url: session.url };
  }

  /** A SetupIntent's client secret, for a client confirming a card with Stripe.js (reference compat). */
  async setupIntent(user: UserRow): Promise<string> {
    const customer = await this.customerOf(user);
    const intent = await (
      await this.api()
    ).setupIntents.create({
      customer,
      automatic_payment_methods: { enabled: true },
      usage: 'off_session',
    });
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return intent.client_secret;
  }

  async detachCard(card: CreditCardRow): Promise<void> {
    await (await this.api()).paymentMethods.detach(card.reference);
  }

  async cancel(sub: SubscriptionRow) {
    if (!sub.driverSubscriptionId) throw new AppError(409, 'billing.no_subscription', 'No Stripe subscription.');
    const remote = await (
      await this.api()
    ).subscriptions.update(sub.driverSubscriptionId, { cancel_at_period_end: true });
    return { endsAt: periodEnd(remote) ?? sub.renewsAt ?? this.ctx.clock.now() };
  }

  async swap(sub: SubscriptionRow, _plan: PlanRow, remote: PlanGatewayPlanRow) {
    if (!sub.driverSubscriptionId) throw new AppError(409, 'billing.no_subscription', 'No Stripe subscription.');
    const current = await (await this.api()).subscriptions.retrieve(sub.driverSubscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error('the Stripe subscription has no item');
    await (
      await this.api()
    ).subscriptions.update(sub.driverSubscriptionId, {
      items: [{ id: item.id, price: remote.driverPlanId }],
      proration_behavior: 'create_prorations',
    });
    return { url: null };
  }

  async chargeCard(
    card: CreditCardRow,
    amount: number,
    currency: string,
    description: string,
    idempotencyKey: string,
    db: Db = this.ctx.db,
  ) {
    const [customer] = await db
      .select()
      .from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, card.userId), eq(gatewayCustomers.driver, 'stripe')))
      .limit(1);
    if (!customer) return { ok: false as const, error: 'The card’s owner has no Stripe customer.' };
    try {
      const intent = await (
        await this.api()
      ).paymentIntents.create(
        {
          amount,
          currency: currency.toLowerCase(),
          customer: customer.driverCustomerId,
          payment_method: card.reference,
          off_session: true,
          confirm: true,
          description,
        },
        { idempotencyKey },
      );
      if (intent.status !== 'succeeded') return { ok: false as const, error: `The payment is ${intent.status}.` };
      return { ok: true as const, reference: intent.id };
    } catch (error) {
      return { ok: false as const, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async testKeys(keys: GatewayKeys) {
    if (keys.driver !== 'stripe') throw new Error('not Stripe keys');
    await (await stripeClient(this.ctx, keys.secretKey)).balance.retrieve();
  }

  async handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') throw signatureError();
    let event: Stripe.Event;
    try {
      // A signature's age is measured in real time, not on the billing clock (which tests move
      // forward): a fresh event must pass whatever day the billing rules think it is.
      event = (await this.api()).webhooks.constructEvent(
        rawBody,
        signature,
        this.keys.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE,
      );
    } catch {
      throw signatureError();
    }
    const after = await this.ctx.db.transaction(async (tx) => {
      if (!(await claimWebhookEvent(tx, 'stripe', event.id, event.type))) return null;
      return this.apply(tx, event);
    });
    if (after) await after();
  }

  /** Applies one event inside its transaction; may return work for after the commit (a mail). */
  private async apply(tx: Db, event: Stripe.Event): Promise<(() => Promise<void>) | null> {
    switch (event.type) {
      case 'customer.subscription.created':
        await this.subscriptionSeen(tx, event.data.object);
        return null;
      case 'customer.subscription.updated':
        await this.subscriptionUpdated(tx, event.data.object);
        return null;
      case 'customer.subscription.deleted': {
        const local = await findSubscriptionByDriverId(tx, 'stripe', event.data.object.id);
        const ended = date(event.data.object.ended_at) ?? this.ctx.clock.now();
        if (local) await expireSubscription(tx, local, ended);
        return null;
      }
      case 'invoice.payment_succeeded':
        await this.invoicePaid(tx, event.data.object);
        return null;
      case 'invoice.payment_action_required':
        return this.actionRequired(tx, event.data.object);
      case 'payment_method.attached': {
        const userId = await this.cardAttached(tx, event.data.object);
        if (!userId) return null;
        // A new card pays what failed before (reference §15.3), once this event is committed.
        return async () => {
          const { retryFailedPayments } = await import('../metered.jobs.js');
          await retryFailedPayments(this.ctx, userId);
        };
      }
      default:
        return null;
    }
  }

  /** The local row of a Stripe subscription, recorded (inactive) when first seen. */
  private async subscriptionSeen(tx: Db, remote: Stripe.Subscription): Promise<SubscriptionRow | null> {
    const existing = await findSubscriptionByDriverId(tx, 'stripe', remote.id);
    if (existing) return existing;
    const userId = remote.metadata?.user_id || (await userOfCustomer(tx, idOf(remote.customer)));
    const planId = remote.metadata?.plan_id || (await planOfPrice(tx, remote.items.data[0]?.price.id));
    if (!userId || !planId) {
      this.ctx.log.warn({ subscription: remote.id }, 'a Stripe subscription of no known user or plan was ignored');
      return null;
    }
    if (!(await findUserById(tx, userId))) return null;
    return recordSubscription(tx, {
      userId,
      planId,
      driver: 'stripe',
      driverSubscriptionId: remote.id,
      renewsAt: periodEnd(remote),
    });
  }

  private async subscriptionUpdated(tx: Db, remote: Stripe.Subscription) {
    let local = await this.subscriptionSeen(tx, remote);
    if (!local) return;
    if (remote.status === 'incomplete_expired') {
      await expireSubscription(tx, local, this.ctx.clock.now());
      return;
    }
    if (local.status === 'completed') return;
    if ((remote.status === 'active' || remote.status === 'trialing') && local.status === 'inactive') {
      local = await activateSubscription(tx, local, periodEnd(remote));
    }
    const planId = await planOfPrice(tx, remote.items.data[0]?.price.id);
    if (planId && planId !== local.planId) local = await swapSubscriptionPlan(tx, local, planId);
    if (remote.cancel_at_period_end && local.status === 'active') {
      await cancelSubscription(tx, local, periodEnd(remote) ?? local.renewsAt ?? this.ctx.clock.now());
    } else if (!remote.cancel_at_period_end && remote.status === 'active' && local.status === 'cancelled') {
      // The cancellation was taken back at Stripe (the customer portal's "renew"): in force again.
      await resumeSubscription(tx, local);
    }
  }

  private async invoicePaid(tx: Db, invoice: Stripe.Invoice) {
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription);
    if (!subscriptionId) return;
    let local = await findSubscriptionByDriverId(tx, 'stripe', subscriptionId);
    // Stripe does not promise the order of events: a payment may come before the subscription's
    // creation. The invoice carries the subscription's metadata, enough to record it first.
    const userId = details?.metadata?.user_id;
    const planId = details?.metadata?.plan_id;
    if (!local && userId && planId && (await findUserById(tx, userId))) {
      local = await recordSubscription(tx, {
        userId,
        planId,
        driver: 'stripe',
        driverSubscriptionId: subscriptionId,
        renewsAt: null,
      });
    }
    if (!local) {
      this.ctx.log.warn({ invoice: invoice.id }, 'a Stripe payment of no known subscription was ignored');
      return;
    }
    const line = invoice.lines.data.find((l) => l.period?.end);
    await renewSubscription(tx, local, date(line?.period.end), {
      amount: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      reference: invoice.id ?? `${subscriptionId}:${invoice.created}`,
    });
  }

  private async actionRequired(tx: Db, invoice: Stripe.Invoice) {
    const userId = await userOfCustomer(tx, idOf(invoice.customer));
    const url = invoice.hosted_invoice_url;
    if (!userId || !url) return null;
    const user = await findUserById(tx, userId);
    if (!user) return null;
    const amount = { amount: invoice.amount_due, currency: invoice.currency.toUpperCase() };
    return () => sendPaymentActionMail(this.ctx, user, url, amount);
  }

  private async cardAttached(tx: Db, method: Stripe.PaymentMethod): Promise<string | null> {
    const userId = await userOfCustomer(tx, idOf(method.customer));
    const card = method.card;
    if (!userId || !card) return null;
    const expires = `${card.exp_year}-${String(card.exp_month).padStart(2, '0')}-01`;
    await tx
      .insert(creditCards)
      .values({ userId, brand: card.brand, last4: card.last4, expiresAt: expires, reference: method.id })
      .onConflictDoNothing();
    await tx.delete(dunnings).where(eq(dunnings.userId, userId));
    await refreshBillingRestriction(tx, userId);
    return userId;
  }
}

/** Stripe asks the user to confirm a payment (3-D Secure): a mail with the invoice's page. */
async function sendPaymentActionMail(
  ctx: AppContext,
  user: UserRow,
  url: string,
  money: { amount: number; currency: string },
): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  const { t, locale } = await mailTranslator(ctx.db, user);
  const amount = formatMoney(money.amount, money.currency, locale);
  await ctx.mailer.send(
    actionMail({
      to: user.email,
      appName: app_title,
      subject: t('mail.payment_action.subject', { app: app_title }),
      greeting: t('mail.greeting', { name: fullName(user) }),
      lines: [t('mail.payment_action.line', { amount })],
      action: { label: t('mail.payment_action.action'), url },
      outro: t('mail.payment_action.outro'),
    }),
  );
}

/** The factory `gatewayFactories.stripe`: null until the three Stripe keys are set. */
export function stripeGateway(ctx: AppContext, settings: Settings): StripeGateway | null {
  const keys = gatewayKeys('stripe', ctx.config.env, settings);
  return keys ? new StripeGateway(ctx, keys) : null;
}

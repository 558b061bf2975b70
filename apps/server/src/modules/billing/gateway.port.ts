import type { Db } from '../../lib/db/database.js';
import type { AppContext } from '../../app/context.js';
import type { Env } from '../../app/config.js';
import { openSealedSetting, type Settings } from '../settings/index.js';
import type { UserRow } from '../users/index.js';
import type { CreditCardRow, GatewayDriver, PlanGatewayPlanRow, PlanRow, SubscriptionRow } from './billing.table.js';

/**
 * A payment gateway as billing's use cases see it (ADR 0045). Each provider's adapter lives in
 * `gateways/<driver>.ts`, talks to its provider only through the provider's SDK (or its documented
 * HTTP API where none exists) at the configured base URL, and is listed in `gateways/index.ts`.
 * Webhooks are verified and applied by the adapter through the ledger (`ledger.ts`).
 */
export interface PaymentGateway {
  readonly driver: GatewayDriver;
  /** Creates a fixed plan at the gateway (with its product where the gateway has one). */
  createPlan(plan: PlanRow): Promise<{ driverPlanId: string; driverProductId: string | null }>;
  /** Pushes a changed name or description; never the price (a new price is a new plan). */
  updatePlan(plan: PlanRow, remote: PlanGatewayPlanRow): Promise<void>;
  /** The plan is archived or deleted here: stop offering it there (existing subscriptions go on). */
  retirePlan(remote: PlanGatewayPlanRow): Promise<void>;
  /** Where the user pays for a fixed plan (Stripe Checkout, PayPal approval, Paystack authorization). */
  checkout(user: UserRow, plan: PlanRow, remote: PlanGatewayPlanRow, returnUrl: string): Promise<{ url: string }>;
  /** Cancels at the gateway at the period's end; returns when the plan stops. */
  cancel(sub: SubscriptionRow): Promise<{ endsAt: Date }>;
  /** Moves a subscription to another plan: done at once (null) or a URL where the user approves it. */
  swap(sub: SubscriptionRow, plan: PlanRow, remote: PlanGatewayPlanRow): Promise<{ url: string | null }>;
  /** Verifies the signature, then applies the event once; throws `billing.webhook_signature` (403). */
  handleWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<void>;
  /**
   * Charges a stored card without the user present (metered settlement, Stripe only): the payment's
   * id, or why it failed (a decline is an answer, not an exception).
   */
  chargeCard?(
    card: CreditCardRow,
    amount: number,
    currency: string,
    description: string,
    /**
     * The same key for the same payment (a settlement's subscription and period, a retry's attempt):
     * a charge repeated after a crash between the gateway's answer and our commit is not taken twice.
     */
    idempotencyKey: string,
    /** The caller's transaction, when it holds one: reads go through it (PGlite has one connection). */
    db?: Db,
  ): Promise<{ ok: true; reference: string } | { ok: false; error: string }>;
  /**
   * A balance top-up of `amount` minor units (metered billing): where the user pays it. Its webhook
   * credits the balance once (PayPal, Paystack; Stripe may add it).
   */
  topUp?(user: UserRow, amount: number, currency: string, returnUrl: string): Promise<{ url: string }>;
  /** A real, harmless call with these keys: the payments screen's test before saving. */
  testKeys(keys: GatewayKeys): Promise<void>;
}

export interface StripeKeys {
  driver: 'stripe';
  secretKey: string;
  publicKey: string;
  webhookSecret: string;
}
export interface PaypalKeys {
  driver: 'paypal';
  clientId: string;
  clientSecret: string;
  webhookId: string;
  live: boolean;
}
export interface PaystackKeys {
  driver: 'paystack';
  secretKey: string;
  publicKey: string;
}
export type GatewayKeys = StripeKeys | PaypalKeys | PaystackKeys;
export type KeysOf<D extends GatewayDriver> = Extract<GatewayKeys, { driver: D }>;

const pick = (env: string | undefined, setting: string | null | undefined): string | null =>
  env?.trim() || setting?.trim() || null;

/**
 * A gateway's keys, or null while any is missing (then the gateway is not configured and not
 * offered): each environment variable wins over the payments screen's setting.
 */
export function gatewayKeys<D extends GatewayDriver>(driver: D, env: Env, settings: Settings): KeysOf<D> | null {
  if (driver === 'stripe') {
    const secretKey = pick(env.STRIPE_SECRET_KEY, openSealedSetting(settings, 'stripe_secret_key'));
    const publicKey = pick(env.STRIPE_PUBLIC_KEY, settings.stripe_public_key);
    const webhookSecret = pick(env.STRIPE_WEBHOOK_SECRET, openSealedSetting(settings, 'stripe_webhook_secret'));
    if (!secretKey || !publicKey || !webhookSecret) return null;
    return { driver, secretKey, publicKey, webhookSecret } as KeysOf<D>;
  }
  if (driver === 'paypal') {
    const clientId = pick(env.PAYPAL_CLIENT_ID, settings.paypal_client_id);
    const clientSecret = pick(env.PAYPAL_CLIENT_SECRET, openSealedSetting(settings, 'paypal_client_secret'));
    const webhookId = pick(env.PAYPAL_WEBHOOK_ID, settings.paypal_webhook_id);
    if (!clientId || !clientSecret || !webhookId) return null;
    return { driver, clientId, clientSecret, webhookId, live: env.PAYPAL_LIVE ?? settings.paypal_live } as KeysOf<D>;
  }
  const secretKey = pick(env.PAYSTACK_SECRET_KEY, openSealedSetting(settings, 'paystack_secret_key'));
  const publicKey = pick(env.PAYSTACK_PUBLIC_KEY, settings.paystack_public_key);
  if (!secretKey || !publicKey) return null;
  return { driver, secretKey, publicKey } as KeysOf<D>;
}

/** Makes a gateway's adapter for this request (keys are read anew each time: the admin may change them). */
export type GatewayFactory = (ctx: AppContext, settings: Settings) => PaymentGateway | null;

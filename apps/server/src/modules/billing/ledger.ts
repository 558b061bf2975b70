import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { GB } from '../../lib/format.js';
import { notify } from '../notifications/index.js';
import { users } from '../users/index.js';
import {
  balances,
  dunnings,
  failedPayments,
  plans,
  subscriptions,
  transactions,
  webhookEvents,
  type GatewayDriver,
  type PaymentDriver,
  type PlanRow,
  type SubscriptionRow,
  type TransactionRow,
} from './billing.table.js';
import type { TransactionLine } from '@filestore/contract';

/*
 * The ledger: the few functions every way of paying goes through (ADR 0045). Webhook handlers of
 * each gateway, the metered jobs and the admin's credit call these inside their transaction; none
 * of them talks to a gateway. Each is safe to call again with the same gateway ids (a replayed or
 * reordered event changes nothing twice).
 */

/** Stores a gateway event's id; false when it was applied before (then the caller does nothing). */
export async function claimWebhookEvent(
  tx: Db,
  driver: GatewayDriver,
  eventId: string,
  type: string,
): Promise<boolean> {
  const rows = await tx
    .insert(webhookEvents)
    .values({ driver, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}

/** The subscription in force: active, or cancelled until it ends (reference §15.3). */
export async function currentSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'cancelled'])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findSubscriptionByDriverId(
  tx: Db,
  driver: PaymentDriver,
  driverSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.driver, driver), eq(subscriptions.driverSubscriptionId, driverSubscriptionId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

async function planOf(tx: Db, planId: string): Promise<PlanRow> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).limit(1);
  if (!plan) throw new AppError(404, 'not_found', 'No such plan.');
  return plan;
}

/**
 * A fixed plan's limits become the user's (storage GB, team members); `null` puts the defaults of
 * the settings back (the columns' null). A metered plan does not limit either.
 */
export async function applyPlanLimits(tx: Db, userId: string, plan: PlanRow | null): Promise<void> {
  const fixed = plan?.type === 'fixed' ? plan : null;
  await tx
    .update(users)
    .set({
      storageCapacity: fixed?.maxStorageAmount != null ? fixed.maxStorageAmount * GB : null,
      maxTeamMembers: fixed?.maxTeamMembers ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export interface GatewaySubscription {
  userId: string;
  planId: string;
  driver: GatewayDriver;
  driverSubscriptionId: string;
  renewsAt: Date | null;
}

/**
 * A gateway told us a subscription exists (Stripe `customer.subscription.created`, PayPal
 * `BILLING.SUBSCRIPTION.CREATED`, Paystack `subscription.create`): stored inactive once, by its id.
 */
export async function recordSubscription(tx: Db, input: GatewaySubscription): Promise<SubscriptionRow> {
  const existing = await findSubscriptionByDriverId(tx, input.driver, input.driverSubscriptionId);
  if (existing) return existing;
  const plan = await planOf(tx, input.planId);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planId: plan.id,
      name: plan.name,
      type: 'fixed',
      status: 'inactive',
      driver: input.driver,
      driverSubscriptionId: input.driverSubscriptionId,
      renewsAt: input.renewsAt,
    })
    .returning();
  if (!row) throw new Error('the subscription was not stored');
  return row;
}

/**
 * The subscription is paid and in force: any other subscription of the user in force ends
 * (completed), the plan's limits become the user's, and they are told. Calling it on an active
 * subscription changes nothing.
 */
export async function activateSubscription(
  tx: Db,
  sub: SubscriptionRow,
  renewsAt?: Date | null,
): Promise<SubscriptionRow> {
  if (sub.status === 'active') return sub;
  // Lock the user's row: two activations of one user wait for each other.
  await tx.execute(sql`select id from users where id = ${sub.userId} for update`);
  await tx
    .update(subscriptions)
    .set({ status: 'completed', endsAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.userId, sub.userId),
        inArray(subscriptions.status, ['active', 'cancelled']),
        sql`${subscriptions.id} <> ${sub.id}`,
      ),
    );
  const [row] = await tx
    .update(subscriptions)
    .set({ status: 'active', endsAt: null, renewsAt: renewsAt ?? sub.renewsAt, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  if (!row) throw new Error('the subscription vanished');
  const plan = await planOf(tx, row.planId);
  await applyPlanLimits(tx, row.userId, plan);
  await notify(tx, row.userId, {
    category: 'subscription-created',
    message: { key: 'billing.subscribed', params: { plan: plan.name } },
    action: { type: 'route', params: { route: 'Billing', id: null } },
  });
  return row;
}

/** The gateway moved the subscription to another plan: its name and limits follow. */
export async function swapSubscriptionPlan(tx: Db, sub: SubscriptionRow, planId: string): Promise<SubscriptionRow> {
  if (sub.planId === planId) return sub;
  const plan = await planOf(tx, planId);
  const [row] = await tx
    .update(subscriptions)
    .set({ planId: plan.id, name: plan.name, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  if (!row) throw new Error('the subscription vanished');
  if (row.status === 'active' || row.status === 'cancelled') await applyPlanLimits(tx, row.userId, plan);
  return row;
}

/** Cancelled: the plan holds until `endsAt`, then `expireSubscription` (the daily job) ends it. */
export async function cancelSubscription(tx: Db, sub: SubscriptionRow, endsAt: Date): Promise<SubscriptionRow> {
  if (sub.status === 'completed') return sub;
  const [row] = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', endsAt, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  return row ?? sub;
}

/** A cancellation taken back at the gateway before the period ended: in force again, no end date. */
export async function resumeSubscription(tx: Db, sub: SubscriptionRow): Promise<SubscriptionRow> {
  if (sub.status !== 'cancelled') return sub;
  const [row] = await tx
    .update(subscriptions)
    .set({ status: 'active', endsAt: null, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  return row ?? sub;
}

/** The subscription is over: completed, and the user's limits fall back to the defaults. */
export async function expireSubscription(tx: Db, sub: SubscriptionRow, at: Date): Promise<SubscriptionRow> {
  if (sub.status === 'completed') return sub;
  const [row] = await tx
    .update(subscriptions)
    .set({ status: 'completed', endsAt: sub.endsAt ?? at, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  if (sub.status === 'active' || sub.status === 'cancelled') await applyPlanLimits(tx, sub.userId, null);
  return row ?? sub;
}

export interface NewTransaction {
  userId: string;
  type: TransactionRow['type'];
  status: TransactionRow['status'];
  driver: PaymentDriver;
  amount: number;
  currency: string;
  note?: string | null;
  /** The gateway's id of the payment: a second transaction with the same driver, reference and type is not made. */
  reference?: string | null;
  metadata?: TransactionLine[] | null;
}

/** Records a transaction; null when one with the same driver, reference and type exists already. */
export async function recordTransaction(tx: Db, input: NewTransaction): Promise<TransactionRow | null> {
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: input.userId,
      type: input.type,
      status: input.status,
      driver: input.driver,
      amount: input.amount,
      currency: input.currency,
      note: input.note ?? null,
      reference: input.reference ?? null,
      metadata: input.metadata ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A gateway's renewal payment: the period moves on and the charge is recorded once per payment. */
export async function renewSubscription(
  tx: Db,
  sub: SubscriptionRow,
  renewsAt: Date | null,
  payment: { amount: number; currency: string; reference: string },
): Promise<void> {
  if (renewsAt) {
    await tx.update(subscriptions).set({ renewsAt, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id));
  }
  await recordTransaction(tx, {
    userId: sub.userId,
    type: 'charge',
    status: 'completed',
    driver: sub.driver,
    amount: payment.amount,
    currency: payment.currency,
    note: sub.name,
    reference: payment.reference,
    metadata: [{ label: sub.name, usage: null, amount: payment.amount, currency: payment.currency }],
  });
}

/**
 * Recomputes why metered billing restricts the user (`users.billing_restriction`, read by
 * `restrictionsFor`): three failed payments, or a dunning at its third reminder.
 */
export async function refreshBillingRestriction(tx: Db, userId: string): Promise<void> {
  const [failed] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(failedPayments)
    .where(eq(failedPayments.userId, userId));
  const [dunning] = await tx.select().from(dunnings).where(eq(dunnings.userId, userId)).limit(1);
  const reason =
    (failed?.n ?? 0) >= 3 ? ('failed_payments' as const) : dunning && dunning.sequence >= 3 ? dunning.type : null;
  await tx.update(users).set({ billingRestriction: reason }).where(eq(users.id, userId));
}

export async function lockBalance(tx: Db, userId: string) {
  const [row] = await tx.select().from(balances).where(eq(balances.userId, userId)).for('update').limit(1);
  return row ?? null;
}

export interface Credit {
  amount: number;
  currency: string;
  driver: PaymentDriver;
  /** The gateway's payment id (a top-up credited twice is credited once). */
  reference?: string | null;
  note: string;
}

/**
 * Money into the user's balance (a top-up, the registration bonus, an admin's credit): the credit
 * transaction, then failed payments paid from it, largest first, and the dunning removed (reference
 * §15.4; an admin's credit lifts it too). Returns false when this payment was credited before.
 */
export async function creditBalance(tx: Db, userId: string, credit: Credit): Promise<boolean> {
  const recorded = await recordTransaction(tx, {
    userId,
    type: 'credit',
    status: 'completed',
    driver: credit.driver,
    amount: credit.amount,
    currency: credit.currency,
    note: credit.note,
    reference: credit.reference ?? null,
  });
  if (!recorded) return false;
  const balance = await lockBalance(tx, userId);
  if (balance && balance.currency !== credit.currency) {
    throw new AppError(409, 'billing.currency_mismatch', `The balance is kept in ${balance.currency}.`);
  }
  let amount = (balance?.amount ?? 0) + credit.amount;
  const failed = await tx
    .select()
    .from(failedPayments)
    .where(eq(failedPayments.userId, userId))
    .orderBy(desc(failedPayments.amount))
    .for('update');
  for (const payment of failed) {
    if (payment.currency !== credit.currency || payment.amount > amount) continue;
    amount -= payment.amount;
    await recordTransaction(tx, {
      userId,
      type: 'withdrawal',
      status: 'completed',
      driver: 'system',
      amount: payment.amount,
      currency: payment.currency,
      note: payment.note,
      metadata: payment.metadata,
    });
    await tx.delete(failedPayments).where(eq(failedPayments.id, payment.id));
  }
  await tx
    .insert(balances)
    .values({ userId, amount, currency: credit.currency })
    .onConflictDoUpdate({ target: balances.userId, set: { amount, updatedAt: new Date() } });
  await tx.delete(dunnings).where(eq(dunnings.userId, userId));
  await refreshBillingRestriction(tx, userId);
  return true;
}

import { and, asc, eq, isNull, lte, lt, ne, sql } from 'drizzle-orm';
import type { TransactionLine } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { DAY_MS } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import type { JobDefinition } from '../../lib/jobs.js';
import { publicUrl } from '../auth/index.js';
import { mailTranslator } from '../languages/index.js';
import { actionMail } from '../mail/index.js';
import { mailNotification, notify } from '../notifications/index.js';
import { readSettings, type Settings } from '../settings/index.js';
import { teamEmailsOf } from '../teams/index.js';
import { findUserById, fullName, users, type UserRow } from '../users/index.js';
import {
  balances,
  billingAlerts,
  creditCards,
  dunnings,
  failedPayments,
  subscriptions,
  transactions,
  usages,
  type DunningRow,
  type FailedPaymentRow,
  type SubscriptionRow,
} from './billing.table.js';
import { gatewayFor } from './gateways/index.js';
import { expireSubscription, lockBalance, recordTransaction, refreshBillingRestriction } from './ledger.js';
import { addMonth, renewalDayOf } from './calendar.js';
import { estimateFor, formatMoney, periodOf, subscribeToMetered, utcDayOf, type Estimate } from './metered.js';

/*
 * Metered billing's daily work (reference §15.3–15.4, §17), one job that several nodes may run at
 * once: every row it changes is claimed with `for update skip locked` or written under a unique key
 * (one usage row per meter per day, one dunning per user, one settlement per period), so running it
 * again on the same clock day changes nothing. Every rule reads `ctx.clock`; mails go out after the
 * transaction that decided them commits.
 */

export const METERED_JOB = 'billing.metered-daily';
const NEW_ACCOUNT_DAYS = 30;
const REMINDER_EVERY_MS = 2 * DAY_MS;
type Mail = () => Promise<void>;

const startOfDay = (d: Date) => new Date(`${utcDayOf(d)}T00:00:00.000Z`);

function periodNote(start: Date, end: Date): string {
  const f = (d: Date) =>
    `${String(d.getUTCDate()).padStart(2, '0')}. ${d.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}`;
  return `${f(start)} - ${f(end)}`;
}

const usageText = (m: Estimate['meters'][number]) =>
  m.key === 'storage' || m.key === 'bandwidth'
    ? `${Math.round(m.usage * 1000) / 1000} GB`
    : m.key === 'member'
      ? `${m.usage} members`
      : `${m.usage}`;

const meterLabels: Record<string, string> = {
  storage: 'Storage',
  bandwidth: 'Bandwidth',
  member: 'Team members',
  flatFee: 'Flat fee',
};

function lineItems(estimate: Estimate): TransactionLine[] {
  return estimate.meters.map((m) => ({
    label: meterLabels[m.key] ?? m.key,
    usage: usageText(m),
    amount: m.amount,
    currency: estimate.currency,
  }));
}

/** A mail in the user's language about their billing, through their notification mail preference. */
async function billingMail(
  ctx: AppContext,
  userId: string,
  key: string,
  vars: Record<string, string | number> = {},
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  const { app_title } = await readSettings(ctx.db);
  const { t } = await mailTranslator(ctx.db, user);
  await mailNotification(
    ctx,
    user,
    actionMail({
      to: user.email,
      appName: app_title,
      subject: t(`mail.billing.${key}.subject`, vars),
      greeting: t('mail.greeting', { name: fullName(user) }),
      lines: [t(`mail.billing.${key}.line`, vars)],
      action: { label: t('mail.billing.action'), url: `${await publicUrl(ctx)}/user/settings/billing` },
      outro: t('mail.billing.outro'),
    }),
  );
}

const billingAction = { type: 'route' as const, params: { route: 'Billing', id: null } };

/** Users without a subscription in force get the metered one when billing is metered (switching modes). */
async function subscribeExistingUsers(ctx: AppContext): Promise<void> {
  const rows = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      select u.id from users u
      where u.role <> 'admin' and u.deleting_at is null
        and not exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ('active', 'cancelled'))
      limit 500`),
  );
  for (const { id } of rows) {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update', { skipLocked: true });
      if (user) await subscribeToMetered(ctx, tx, user, { bonus: false });
    });
  }
}

/** (a) One usage row per meter per day of every active pre-paid subscription (re-runs overwrite it). */
async function recordUsages(ctx: AppContext, now: Date): Promise<void> {
  await ctx.traffic.flush();
  const day = utcDayOf(now);
  const subs = await ctx.db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.type, 'pre-paid'), eq(subscriptions.status, 'active')));
  for (const sub of subs) {
    const [row] = rowsOf<{ storage: string; bandwidth: string }>(
      await ctx.db.execute(sql`
        select u.storage_used as storage,
          coalesce((select t.upload_bytes + t.download_bytes from traffic t
            where t.user_id = u.id and t.day = ${day}::date), 0) as bandwidth
        from users u where u.id = ${sub.userId}`),
    );
    if (!row) continue;
    const members = (await teamEmailsOf(ctx.db, sub.userId)).length;
    const values = [
      { meterKey: 'storage' as const, quantity: Number(row.storage) },
      { meterKey: 'bandwidth' as const, quantity: Number(row.bandwidth) },
      { meterKey: 'member' as const, quantity: members },
      { meterKey: 'flatFee' as const, quantity: 1 },
    ].map((v) => ({ ...v, subscriptionId: sub.id, day }));
    await ctx.db
      .insert(usages)
      .values(values)
      .onConflictDoUpdate({
        target: [usages.subscriptionId, usages.meterKey, usages.day],
        set: { quantity: sql`excluded.quantity` },
      });
  }
}

type ChargeResult = { ok: true; reference: string } | { ok: false; error: string };

async function chargeStoredCard(
  ctx: AppContext,
  tx: Db,
  userId: string,
  amount: number,
  currency: string,
  description: string,
  idempotencyKey: string,
): Promise<ChargeResult | null> {
  const [card] = await tx.select().from(creditCards).where(eq(creditCards.userId, userId)).limit(1);
  if (!card) return null;
  const gateway = gatewayFor(ctx, await readSettings(tx), 'stripe');
  if (!gateway?.chargeCard) return { ok: false, error: 'card payments are not set up' };
  try {
    return await gateway.chargeCard(card, amount, currency, description, idempotencyKey, tx);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * (b) Settles one period whose renewal has come: the estimate is taken from the balance when it
 * covers it, else from the stored card; what cannot be paid becomes a failed payment. The period then
 * moves a month on and the billing alert re-arms. Returns false when no period was due.
 */
async function settleOne(ctx: AppContext, now: Date, mails: Mail[]): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.type, 'pre-paid'), eq(subscriptions.status, 'active'), lte(subscriptions.renewsAt, now)),
      )
      .orderBy(asc(subscriptions.renewsAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!sub) return false;
    const period = periodOf(sub);
    const estimate = await estimateFor(tx, sub, period);
    const note = periodNote(period.start, period.end);
    const reference = `settlement:${sub.id}:${utcDayOf(period.end)}`;
    await tx
      .update(subscriptions)
      .set({ renewsAt: addMonth(period.end, 1, renewalDayOf(sub)), updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id));
    await tx
      .update(billingAlerts)
      .set({ triggered: false, updatedAt: new Date() })
      .where(eq(billingAlerts.userId, sub.userId));
    if (estimate.amount <= 0) return true;
    const metadata = lineItems(estimate);
    const balance = await lockBalance(tx, sub.userId);
    const { amount, currency } = estimate;
    if (balance && balance.currency === currency && balance.amount >= amount) {
      const done = await recordTransaction(tx, {
        userId: sub.userId,
        type: 'withdrawal',
        status: 'completed',
        driver: 'system',
        amount,
        currency,
        note,
        reference,
        metadata,
      });
      if (done) {
        await tx
          .update(balances)
          .set({ amount: balance.amount - amount, updatedAt: new Date() })
          .where(eq(balances.userId, sub.userId));
      }
      return true;
    }
    const charged = await chargeStoredCard(ctx, tx, sub.userId, amount, currency, `${sub.name} ${note}`, reference);
    if (charged?.ok) {
      await recordTransaction(tx, {
        userId: sub.userId,
        type: 'charge',
        status: 'completed',
        driver: 'stripe',
        amount,
        currency,
        note,
        reference: charged.reference,
        metadata,
      });
      return true;
    }
    const source = charged ? ('credit-card' as const) : ('balance' as const);
    await recordTransaction(tx, {
      userId: sub.userId,
      type: charged ? 'charge' : 'withdrawal',
      status: 'error',
      driver: charged ? 'stripe' : 'system',
      amount,
      currency,
      note,
      reference,
      metadata,
    });
    await tx.insert(failedPayments).values({
      userId: sub.userId,
      amount,
      currency,
      source,
      note,
      metadata,
      updatedAt: now,
    });
    const money = formatMoney(amount, currency);
    await notify(tx, sub.userId, {
      category: source === 'balance' ? 'insufficient-balance' : 'payment-alert',
      message: {
        key: source === 'balance' ? 'billing.balance_low' : 'billing.card_failed',
        params: { amount: money, period: note },
      },
      action: billingAction,
    });
    await refreshBillingRestriction(tx, sub.userId);
    const key = source === 'balance' ? 'insufficient' : 'payment_failed';
    mails.push(() => billingMail(ctx, sub.userId, key, { amount: money, period: note }));
    return true;
  });
}

/** Retries one failed card payment; mails the user when this was its third failure. */
async function retryOne(ctx: AppContext, tx: Db, payment: FailedPaymentRow, now: Date, mails: Mail[]): Promise<void> {
  const charged = await chargeStoredCard(
    ctx,
    tx,
    payment.userId,
    payment.amount,
    payment.currency,
    payment.note ?? '',
    `retry:${payment.id}:${payment.attempts}`,
  );
  if (charged?.ok) {
    await recordTransaction(tx, {
      userId: payment.userId,
      type: 'charge',
      status: 'completed',
      driver: 'stripe',
      amount: payment.amount,
      currency: payment.currency,
      note: payment.note,
      reference: charged.reference,
      metadata: payment.metadata,
    });
    await tx.delete(failedPayments).where(eq(failedPayments.id, payment.id));
  } else {
    const attempts = payment.attempts + 1;
    await tx.update(failedPayments).set({ attempts, updatedAt: now }).where(eq(failedPayments.id, payment.id));
    if (attempts === 3) {
      const money = formatMoney(payment.amount, payment.currency);
      await notify(tx, payment.userId, {
        category: 'payment-alert',
        message: { key: 'billing.card_failed_again', params: { amount: money, period: payment.note ?? '' } },
        action: billingAction,
      });
      mails.push(() => billingMail(ctx, payment.userId, 'failed_again', { amount: money, period: payment.note ?? '' }));
    }
  }
  await refreshBillingRestriction(tx, payment.userId);
}

/** (c) Failed card payments not yet tried this clock day, one claimed row at a time. */
async function retryDueCardPayments(ctx: AppContext, now: Date, mails: Mail[]): Promise<void> {
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(failedPayments)
        .where(and(eq(failedPayments.source, 'credit-card'), lt(failedPayments.updatedAt, startOfDay(now))))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!payment) return true;
      await retryOne(ctx, tx, payment, now, mails);
      return false;
    });
    if (done) return;
  }
}

/** Retries a user's failed card payments now (after they attached a card). */
export async function retryFailedPayments(ctx: AppContext, userId: string): Promise<void> {
  const mails: Mail[] = [];
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(failedPayments)
      .where(eq(failedPayments.userId, userId))
      .for('update', { skipLocked: true });
    for (const payment of rows) await retryOne(ctx, tx, payment, now, mails);
  });
  for (const mail of mails) await mail();
}

/** (d) An estimate above the user's alert amount triggers the alert once a period. */
async function checkAlerts(ctx: AppContext, mails: Mail[]): Promise<void> {
  const alerts = await ctx.db.select().from(billingAlerts).where(eq(billingAlerts.triggered, false));
  for (const alert of alerts) {
    const [sub] = await ctx.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, alert.userId),
          eq(subscriptions.type, 'pre-paid'),
          eq(subscriptions.status, 'active'),
        ),
      )
      .limit(1);
    if (!sub) continue;
    const estimate = await estimateFor(ctx.db, sub);
    if (estimate.amount <= alert.amount) continue;
    await ctx.db.transaction(async (tx) => {
      const [won] = await tx
        .update(billingAlerts)
        .set({ triggered: true, updatedAt: new Date() })
        .where(and(eq(billingAlerts.userId, alert.userId), eq(billingAlerts.triggered, false)))
        .returning();
      if (!won) return;
      const money = formatMoney(estimate.amount, estimate.currency);
      const limit = formatMoney(alert.amount, estimate.currency);
      await notify(tx, alert.userId, {
        category: 'billing-alert',
        message: { key: 'billing.alert', params: { amount: money, limit } },
        action: billingAction,
      });
      mails.push(() => billingMail(ctx, alert.userId, 'alert', { amount: money, limit }));
    });
  }
}

async function sendReminder(ctx: AppContext, tx: Db, dunning: DunningRow, mails: Mail[]): Promise<void> {
  const key = dunning.type === 'limit_usage_in_new_accounts' ? 'dunning_new' : 'dunning_balance';
  await notify(tx, dunning.userId, {
    category: 'billing-alert',
    message: {
      key: dunning.type === 'limit_usage_in_new_accounts' ? 'billing.reminder_new' : 'billing.reminder_balance',
      params: { sequence: dunning.sequence },
    },
    action: billingAction,
  });
  if (dunning.sequence >= 3) await refreshBillingRestriction(tx, dunning.userId);
  mails.push(() => billingMail(ctx, dunning.userId, key, { sequence: dunning.sequence }));
}

/**
 * (e) The dunning rules, with the admin's settings read here (the reference's job ignored them: not
 * copied). New accounts without a card or a real payment whose estimate reaches the limit, and older
 * accounts without a card whose estimate reaches their balance, get reminder 1; reminders follow
 * every two days until the third, which restricts the account.
 */
async function dunningScan(ctx: AppContext, settings: Settings, now: Date, mails: Mail[]): Promise<void> {
  const candidates = await ctx.db
    .select({ sub: subscriptions, user: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(dunnings, eq(dunnings.userId, subscriptions.userId))
    .where(and(eq(subscriptions.type, 'pre-paid'), eq(subscriptions.status, 'active'), isNull(dunnings.userId)));
  for (const { sub, user } of candidates) {
    const type = await dunningTypeFor(ctx, settings, sub, user, now);
    if (!type) continue;
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dunnings)
        .values({ userId: user.id, type, sequence: 1, remindedAt: now })
        .onConflictDoNothing()
        .returning();
      if (row) await sendReminder(ctx, tx, row, mails);
    });
  }
  const due = await ctx.db
    .select()
    .from(dunnings)
    .where(and(lt(dunnings.sequence, 3), lte(dunnings.remindedAt, new Date(now.getTime() - REMINDER_EVERY_MS))));
  for (const dunning of due) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(dunnings)
        .set({ sequence: dunning.sequence + 1, remindedAt: now })
        .where(and(eq(dunnings.userId, dunning.userId), eq(dunnings.sequence, dunning.sequence)))
        .returning();
      if (row) await sendReminder(ctx, tx, row, mails);
    });
  }
}

async function dunningTypeFor(
  ctx: AppContext,
  settings: Settings,
  sub: SubscriptionRow,
  user: UserRow,
  now: Date,
): Promise<DunningRow['type'] | null> {
  const [card] = await ctx.db
    .select({ id: creditCards.id })
    .from(creditCards)
    .where(eq(creditCards.userId, user.id))
    .limit(1);
  if (card) return null;
  const isNew = now.getTime() - user.createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
  if (isNew && !settings.limit_usage_in_new_accounts) return null;
  if (!isNew && !settings.usage_bigger_than_balance) return null;
  const estimate = await estimateFor(ctx.db, sub);
  if (estimate.amount <= 0) return null;
  if (isNew) {
    const [paid] = await ctx.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, user.id),
          eq(transactions.type, 'credit'),
          eq(transactions.status, 'completed'),
          ne(transactions.driver, 'system'),
        ),
      )
      .limit(1);
    if (paid) return null;
    return estimate.amount >= settings.limit_usage_in_new_accounts_amount ? 'limit_usage_in_new_accounts' : null;
  }
  const [balance] = await ctx.db.select().from(balances).where(eq(balances.userId, user.id)).limit(1);
  return estimate.amount >= (balance?.amount ?? 0) ? 'usage_bigger_than_balance' : null;
}

/** (f) Fixed subscriptions cancelled whose end has come: completed, limits back to the defaults. */
async function expireCancelled(ctx: AppContext, now: Date): Promise<void> {
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.endsAt, now)))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!sub) return true;
      await expireSubscription(tx, sub, now);
      return false;
    });
    if (done) return;
  }
}

/** Runs the whole day's work once (the job, and the test clock's "run the jobs now"). */
export async function runMeteredDay(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const mails: Mail[] = [];
  try {
    await expireCancelled(ctx, now);
    const settings = await readSettings(ctx.db);
    if (settings.subscription_type !== 'metered') return;
    await subscribeExistingUsers(ctx);
    await recordUsages(ctx, now);
    while (await settleOne(ctx, now, mails)) {
      /* one period at a time */
    }
    await retryDueCardPayments(ctx, now, mails);
    await checkAlerts(ctx, mails);
    await dunningScan(ctx, settings, now, mails);
  } finally {
    for (const mail of mails) await mail();
  }
}

export const meteredBillingJob = (ctx: AppContext): JobDefinition => ({
  name: METERED_JOB,
  // Hourly: a missed day (a node down) is caught up, and the day's usage rows stay current.
  intervalMs: 60 * 60 * 1000,
  run: async () => {
    await runMeteredDay(ctx);
    return { more: false };
  },
});

import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { formatMoney as formatMinorUnits, type UserResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { GB } from '../../lib/format.js';
import { notify } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import type { UserRow } from '../users/index.js';
import {
  balances,
  planMeters,
  plans,
  subscriptions,
  usages,
  type MeterTierStored,
  type PlanMeterRow,
  type PlanRow,
  type SubscriptionRow,
} from './billing.table.js';
import { addMonth, renewalDayOf } from './calendar.js';
import { creditBalance, currentSubscription } from './ledger.js';

/*
 * Metered billing's engine (issue 17, reference §15.3–15.4, ADR 0045): the pre-paid subscription a
 * new account gets, the period's estimate over EVERY tier of each meter (the reference billed only
 * the first tier: not copied), and what GET /api/user shows of it.
 */

export type MeterKey = PlanMeterRow['key'];

/** Units inside a tier are counted in billionths (a GB is 10^9 bytes), so sums stay exact integers. */
const NANO = 1_000_000_000n;
const E4 = 10_000n;

/** A meter's usage in billionths of its unit: bytes for storage and bandwidth, people × 10^9, 1 × 10^9. */
export function nanoUnits(key: MeterKey, quantity: number): bigint {
  const q = BigInt(Math.max(0, Math.round(quantity)));
  return key === 'storage' || key === 'bandwidth' ? q : q * NANO;
}

/**
 * A meter's price for `nano` billionths of a unit, in 10^-13 of a minor unit (e4 × nano): each
 * tier bills the units inside [first_unit, last_unit] at its price, plus its flat fee once the
 * usage enters it (goes past first_unit − 1). Units are counted from 1: a tier stored with
 * first_unit 0 (accepted before the contract required 1) starts at 1 too, so no usage costs nothing.
 */
export function meterPriceScaled(tiers: readonly MeterTierStored[], nano: bigint): bigint {
  let total = 0n;
  if (nano <= 0n) return total;
  for (const tier of tiers) {
    const lo = BigInt(Math.max(1, tier.first_unit) - 1) * NANO;
    if (nano <= lo) continue;
    const hi = tier.last_unit === null ? nano : BigInt(tier.last_unit) * NANO;
    const inside = (nano < hi ? nano : hi) - lo;
    if (inside > 0n) total += BigInt(tier.per_unit_e4) * inside;
    if (tier.flat_fee) total += BigInt(tier.flat_fee) * E4 * NANO;
  }
  return total;
}

/** Half-up to minor units, once. */
export const toMinor = (scaled: bigint): number => Number((scaled + (E4 * NANO) / 2n) / (E4 * NANO));

export interface Period {
  start: Date;
  end: Date;
}

export const utcDayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** The period a pre-paid subscription is in: the month before its renewal. */
export function periodOf(sub: Pick<SubscriptionRow, 'renewsAt' | 'createdAt'>): Period {
  const end = sub.renewsAt ?? addMonth(sub.createdAt);
  // One renewal back on the same day of the month: each period starts where the one before ended.
  return { start: addMonth(end, -1, renewalDayOf(sub)), end };
}

export interface MeterEstimate {
  key: MeterKey;
  /** GB for storage and bandwidth, people for members, 1 for the flat fee. */
  usage: number;
  amount: number;
}
export interface Estimate {
  amount: number;
  currency: string;
  period: Period;
  meters: MeterEstimate[];
}

/** The estimate of a subscription's usage days in [from, to): every meter of its plan, every tier. */
export async function estimateFor(db: Db, sub: SubscriptionRow, period: Period = periodOf(sub)): Promise<Estimate> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, sub.planId)).limit(1);
  const meters = await db
    .select()
    .from(planMeters)
    .where(eq(planMeters.planId, sub.planId))
    .orderBy(asc(planMeters.key));
  const days = await db
    .select()
    .from(usages)
    .where(
      and(
        eq(usages.subscriptionId, sub.id),
        gte(usages.day, utcDayOf(period.start)),
        lt(usages.day, utcDayOf(period.end)),
      ),
    );
  // The total is the sum of the lines as shown (each rounded once), so an invoice adds up.
  let total = 0;
  const out: MeterEstimate[] = [];
  for (const meter of meters) {
    const quantities = days.filter((d) => d.meterKey === meter.key).map((d) => d.quantity);
    const aggregated =
      meter.aggregateStrategy === 'sum_of_usage'
        ? quantities.reduce((a, b) => a + b, 0)
        : quantities.reduce((a, b) => Math.max(a, b), 0);
    const amount = toMinor(meterPriceScaled(meter.tiers, nanoUnits(meter.key, aggregated)));
    total += amount;
    const usage = meter.key === 'storage' || meter.key === 'bandwidth' ? aggregated / GB : aggregated;
    out.push({ key: meter.key, usage, amount });
  }
  return { amount: total, currency: plan?.currency ?? 'USD', period, meters: out };
}

/** Minor units as text in the currency's own digits (¥500, $5.00): the contract's rule. */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  try {
    return formatMinorUnits(amount, currency, locale);
  } catch {
    // Not a currency Intl knows (not stored through the contract): two digits, as most have.
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

/** The first active metered plan (the one new accounts are put on), or null. */
export async function activeMeteredPlan(db: Db): Promise<PlanRow | null> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.type, 'metered'), eq(plans.status, 'active')))
    .orderBy(asc(plans.createdAt))
    .limit(1);
  return plan ?? null;
}

/**
 * Puts a user on the metered plan (reference §15.3): a balance in its currency, a pre-paid
 * subscription renewing a month from the clock's now, and the registration bonus when allowed.
 * Does nothing for an admin, without a metered plan, or when the user has a subscription in force.
 */
export async function subscribeToMetered(
  ctx: AppContext,
  tx: Db,
  user: UserRow,
  opts: { bonus: boolean } = { bonus: true },
): Promise<SubscriptionRow | null> {
  if (user.role === 'admin') return null;
  const settings = await readSettings(tx);
  if (settings.subscription_type !== 'metered') return null;
  const plan = await activeMeteredPlan(tx);
  if (!plan) return null;
  if (await currentSubscription(tx, user.id)) return null;
  const [existing] = await tx.select().from(balances).where(eq(balances.userId, user.id)).limit(1);
  if (!existing) {
    await tx.insert(balances).values({ userId: user.id, amount: 0, currency: plan.currency }).onConflictDoNothing();
  }
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      userId: user.id,
      planId: plan.id,
      name: plan.name,
      type: 'pre-paid',
      status: 'active',
      driver: 'system',
      renewsAt: addMonth(ctx.clock.now()),
    })
    // Another node subscribed them meanwhile (the one-current-subscription index): nothing more.
    .onConflictDoNothing()
    .returning();
  if (!sub) return null;
  if (opts.bonus && settings.allowed_registration_bonus && settings.registration_bonus_amount > 0) {
    const amount = settings.registration_bonus_amount;
    await creditBalance(tx, user.id, {
      amount,
      currency: existing?.currency ?? plan.currency,
      driver: 'system',
      reference: `registration-bonus:${user.id}`,
      note: 'Registration bonus',
    });
    await notify(tx, user.id, {
      category: 'gift',
      message: { key: 'billing.bonus', params: { amount: formatMoney(amount, plan.currency) } },
      action: { type: 'route', params: { route: 'Billing', id: null } },
    });
  }
  return sub;
}

/** The `userCreated` hook: new accounts join the metered plan in the transaction that creates them. */
export const meteredUserCreated = (ctx: AppContext) => async (tx: Db, user: UserRow) => {
  await subscribeToMetered(ctx, tx, user);
};

type Meta = UserResource['data']['meta'];

/** What GET /api/user shows of metered billing: the estimate and the balance (null otherwise). */
export async function meteredMeta(ctx: AppContext, user: UserRow): Promise<Pick<Meta, 'usages' | 'balance'>> {
  const settings = await readSettings(ctx.db);
  if (settings.subscription_type !== 'metered') return { usages: null, balance: null };
  const [balance] = await ctx.db.select().from(balances).where(eq(balances.userId, user.id)).limit(1);
  const sub = await currentSubscription(ctx.db, user.id);
  const presentBalance = balance ? { amount: balance.amount, currency: balance.currency } : null;
  if (!sub || sub.type !== 'pre-paid') return { usages: null, balance: presentBalance };
  const estimate = await estimateFor(ctx.db, sub);
  return {
    usages: {
      costEstimate: formatMoney(estimate.amount, estimate.currency),
      amount: estimate.amount,
      currency: estimate.currency,
      period: { start: estimate.period.start.toISOString(), end: estimate.period.end.toISOString() },
      meters: estimate.meters,
    },
    balance: presentBalance,
  };
}

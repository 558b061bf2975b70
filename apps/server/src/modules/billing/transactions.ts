import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  EarningsPerCurrency,
  SubscriptionResource,
  SubscriptionsSort,
  TransactionResource,
  TransactionsSort,
} from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { fullName, users, type UserRow } from '../users/index.js';
import { subscriptions, transactions, type TransactionRow } from './billing.table.js';
import { loadPlans } from './plans.js';
import { plans } from './billing.table.js';
import { presentSubscription } from './subscriptions.routes.js';

/** Twenty a page, as the reference's lists. */
export const PER_PAGE = 20;

const userSummary = (u: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>) => ({
  id: u.id,
  email: u.email,
  name: fullName(u),
});

export function presentTransaction(row: TransactionRow, user?: UserRow): TransactionResource {
  return {
    id: row.id,
    user_id: row.userId,
    type: row.type,
    status: row.status,
    note: row.note,
    driver: row.driver,
    reference: row.reference,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata ?? null,
    created_at: row.createdAt.toISOString(),
    ...(user ? { user: userSummary(user) } : {}),
  };
}

export const paginate = (page: number, total: number) => ({
  currentPage: page,
  perPage: PER_PAGE,
  total,
  lastPage: Math.max(1, Math.ceil(total / PER_PAGE)),
});

const transactionOrder: Record<TransactionsSort, SQL | typeof transactions.amount> = {
  note: sql`lower(coalesce(${transactions.note}, ''))`,
  user: sql`lower(${users.email})`,
  status: sql`${transactions.status}`,
  type: sql`${transactions.type}`,
  amount: sql`${transactions.amount}`,
  created_at: sql`${transactions.createdAt}`,
  driver: sql`${transactions.driver}`,
};

/** A page of transactions, the user's only when `userId` is given, with their owner. */
export async function listTransactions(
  db: Db,
  options: { userId?: string; page: number; sort?: TransactionsSort; direction?: 'asc' | 'desc' },
) {
  const where = options.userId ? eq(transactions.userId, options.userId) : undefined;
  const by = transactionOrder[options.sort ?? 'created_at'];
  const dir = options.direction === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(transactions).where(where);
  const rows = await db
    .select({ t: transactions, u: users })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(where)
    .orderBy(dir(by), dir(transactions.createdAt), dir(transactions.id))
    .limit(PER_PAGE)
    .offset((options.page - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  return { data: rows.map((r) => presentTransaction(r.t, r.u)), meta: { paginate: paginate(options.page, n) } };
}

const subscriptionOrder: Record<SubscriptionsSort, SQL> = {
  name: sql`lower(${subscriptions.name})`,
  user: sql`lower(${users.email})`,
  status: sql`${subscriptions.status}`,
  driver: sql`${subscriptions.driver}`,
  renews_at: sql`${subscriptions.renewsAt}`,
  created_at: sql`${subscriptions.createdAt}`,
};

/** Every subscription with its user and plan, a page at a time. */
export async function listSubscriptions(
  db: Db,
  options: { page: number; sort: SubscriptionsSort; direction: 'asc' | 'desc' },
): Promise<{ data: SubscriptionResource[]; meta: { paginate: ReturnType<typeof paginate> } }> {
  const dir = options.direction === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(subscriptions);
  const rows = await db
    .select({ s: subscriptions, u: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(dir(subscriptionOrder[options.sort]), dir(subscriptions.id))
    .limit(PER_PAGE)
    .offset((options.page - 1) * PER_PAGE);
  const planIds = [...new Set(rows.map((r) => r.s.planId))];
  const planRows = planIds.length ? await db.select().from(plans).where(inArray(plans.id, planIds)) : [];
  const loaded = new Map((await loadPlans(db, planRows)).map((p) => [p.id, p]));
  return {
    data: rows.map((r) => ({
      ...presentSubscription(r.s),
      plan: loaded.get(r.s.planId),
      user: userSummary(r.u),
    })),
    meta: { paginate: paginate(options.page, total?.n ?? 0) },
  };
}

/** A plan's subscribers (in force: active or cancelled until they end), newest first, each with its user. */
export async function listPlanSubscribers(
  db: Db,
  planId: string,
  page: number,
  perPage: number,
): Promise<{ data: SubscriptionResource[]; meta: { paginate: ReturnType<typeof paginate> } }> {
  const where = and(eq(subscriptions.planId, planId), inArray(subscriptions.status, ['active', 'cancelled']));
  const [total] = await db.select({ n: count() }).from(subscriptions).where(where);
  const rows = await db
    .select({ s: subscriptions, u: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const n = total?.n ?? 0;
  return {
    data: rows.map((r) => ({ ...presentSubscription(r.s), user: userSummary(r.u) })),
    meta: { paginate: { currentPage: page, perPage, total: n, lastPage: Math.max(1, Math.ceil(n / perPage)) } },
  };
}

/** The user's latest subscription (in force first), with its plan; null when none. */
export async function subscriptionOfUser(db: Db, userId: string): Promise<SubscriptionResource | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(
      sql`case when ${subscriptions.status} in ('active', 'cancelled') then 0 else 1 end`,
      desc(subscriptions.createdAt),
    )
    .limit(1);
  if (!row) return null;
  const [plan] = await db.select().from(plans).where(eq(plans.id, row.planId)).limit(1);
  return { ...presentSubscription(row), plan: plan ? (await loadPlans(db, [plan]))[0] : undefined };
}

/** Money taken: completed charges and withdrawals summed per currency (largest first). */
export async function earningsPerCurrency(db: Db): Promise<EarningsPerCurrency> {
  const rows = await db
    .select({ currency: transactions.currency, amount: sql<string>`sum(${transactions.amount})` })
    .from(transactions)
    .where(and(eq(transactions.status, 'completed'), inArray(transactions.type, ['charge', 'withdrawal'])))
    .groupBy(transactions.currency);
  return rows
    .map((r) => ({ currency: r.currency, amount: Number(r.amount) }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

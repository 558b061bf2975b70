import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MeterTier, TransactionLine } from '@filestore/contract';
import { users } from '../users/users.table.js';

/*
 * Billing (issue 17, ADR 0045). Every amount is an integer in the currency's minor units (cents)
 * beside its ISO 4217 code; a metered tier's price per unit is kept in ten-thousandths of a minor
 * unit (`*_e4`), so 0.029 $ per GB is 2.9 cents = 29 000. Gateway objects are named by their driver
 * and the gateway's id; webhook events are stored by id in the transaction that applies them, so a
 * replay finds its row and changes nothing.
 */

export const paymentDrivers = ['stripe', 'paypal', 'paystack', 'system'] as const;
export type PaymentDriver = (typeof paymentDrivers)[number];
export type GatewayDriver = Exclude<PaymentDriver, 'system'>;

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    type: text('type', { enum: ['fixed', 'metered'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Fixed plans: the price per interval in minor units; null for metered plans. */
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['month', 'year'] })
      .notNull()
      .default('month'),
    visible: boolean('visible').notNull().default(true),
    /** Fixed plans' features: storage in GB, team members (-1 unlimited). */
    maxStorageAmount: integer('max_storage_amount'),
    maxTeamMembers: integer('max_team_members'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plans_status_type_idx').on(t.status, t.type)],
);
export type PlanRow = typeof plans.$inferSelect;

/** A fixed plan's twin at a gateway (Stripe product + price, PayPal product + plan, Paystack plan). */
export const planGatewayPlans = pgTable(
  'plan_gateway_plans',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    driver: text('driver', { enum: ['stripe', 'paypal', 'paystack'] }).notNull(),
    /** The id checkout names: Stripe's price, PayPal's plan, Paystack's plan code. */
    driverPlanId: text('driver_plan_id').notNull(),
    /** Stripe's and PayPal's product behind it; null at Paystack. */
    driverProductId: text('driver_product_id'),
    /** The name and description last pushed, so the sync job knows what changed. */
    syncedName: text('synced_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.driver] }),
    uniqueIndex('plan_gateway_plans_driver_plan_unique').on(t.driver, t.driverPlanId),
  ],
);
export type PlanGatewayPlanRow = typeof planGatewayPlans.$inferSelect;

/** A metered plan's meters, each with all its tiers (every tier is billed, not only the first). */
export const planMeters = pgTable(
  'plan_meters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    key: text('key', { enum: ['storage', 'bandwidth', 'member', 'flatFee'] }).notNull(),
    aggregateStrategy: text('aggregate_strategy', { enum: ['sum_of_usage', 'maximum_usage'] }).notNull(),
    /** Ordered tiers: `per_unit_e4` and `flat_fee` in minor units (per unit ×10 000). */
    tiers: jsonb('tiers').$type<MeterTierStored[]>().notNull(),
  },
  (t) => [uniqueIndex('plan_meters_plan_key_unique').on(t.planId, t.key)],
);
export type PlanMeterRow = typeof planMeters.$inferSelect;
export interface MeterTierStored {
  first_unit: number;
  last_unit: number | null;
  per_unit_e4: number;
  flat_fee: number | null;
}
export type { MeterTier };

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    /** The plan's name when subscribed (the plan may be renamed later). */
    name: text('name').notNull(),
    type: text('type', { enum: ['fixed', 'pre-paid'] }).notNull(),
    status: text('status', { enum: ['inactive', 'active', 'cancelled', 'completed'] }).notNull(),
    driver: text('driver', { enum: paymentDrivers }).notNull(),
    /** The gateway's subscription id; null for the system driver (metered, pre-paid). */
    driverSubscriptionId: text('driver_subscription_id'),
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    /** Set when cancelled: the plan holds until then, then a daily job completes it. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_plan_idx').on(t.planId),
    uniqueIndex('subscriptions_driver_id_unique').on(t.driver, t.driverSubscriptionId),
    // A user has at most one subscription in force (active, or cancelled until it ends).
    uniqueIndex('subscriptions_one_current_per_user')
      .on(t.userId)
      .where(sql`status in ('active', 'cancelled')`),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's customer record at a gateway. */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    driver: text('driver', { enum: ['stripe', 'paypal', 'paystack'] }).notNull(),
    driverCustomerId: text('driver_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.driver] }),
    uniqueIndex('gateway_customers_driver_id_unique').on(t.driver, t.driverCustomerId),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['charge', 'credit', 'withdrawal'] }).notNull(),
    status: text('status', { enum: ['completed', 'error', 'cancelled'] }).notNull(),
    note: text('note'),
    driver: text('driver', { enum: paymentDrivers }).notNull(),
    /** The gateway's id of the payment (invoice, sale, charge reference): one transaction per payment. */
    reference: text('reference'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The invoice's line items (a settled period's meters, a plan's charge). */
    metadata: jsonb('metadata').$type<TransactionLine[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_created_idx').on(t.createdAt),
    uniqueIndex('transactions_driver_reference_unique')
      .on(t.driver, t.reference, t.type)
      .where(sql`reference is not null`),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;

/** The system provider: a prepaid balance in one currency (the metered plan's). */
export const balances = pgTable('balances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type BalanceRow = typeof balances.$inferSelect;

/** A settlement that could not be paid; retried daily (cards) and at every top-up (largest first). */
export const failedPayments = pgTable(
  'failed_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    attempts: integer('attempts').notNull().default(1),
    source: text('source', { enum: ['balance', 'credit-card'] }).notNull(),
    note: text('note'),
    metadata: jsonb('metadata').$type<TransactionLine[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_payments_user_idx').on(t.userId)],
);
export type FailedPaymentRow = typeof failedPayments.$inferSelect;

export const billingAlerts = pgTable('billing_alerts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  triggered: boolean('triggered').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cards stored at Stripe (the only card provider); `reference` is the payment method's id. */
export const creditCards = pgTable(
  'credit_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    driver: text('driver', { enum: ['stripe'] })
      .notNull()
      .default('stripe'),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_cards_user_idx').on(t.userId), uniqueIndex('credit_cards_reference_unique').on(t.reference)],
);
export type CreditCardRow = typeof creditCards.$inferSelect;

/** Reminders to pay (reference §15.4): at sequence 3 the metered restrictions apply. */
export const dunnings = pgTable('dunnings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['limit_usage_in_new_accounts', 'usage_bigger_than_balance'] }).notNull(),
  sequence: integer('sequence').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the last reminder went out (the clock's time): the next one follows two days later. */
  remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull(),
});
export type DunningRow = typeof dunnings.$inferSelect;

/**
 * A metered subscription's usage of one meter on one day (the clock's UTC day), in base units:
 * bytes for storage (the day's total) and bandwidth (the day's traffic), people for members, 1 for
 * the flat fee. One row per day, so a job run twice on a day changes nothing.
 */
export const usages = pgTable(
  'usages',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    meterKey: text('meter_key', { enum: ['storage', 'bandwidth', 'member', 'flatFee'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.meterKey, t.day] })],
);
export type UsageRow = typeof usages.$inferSelect;

/** Gateway events already applied, stored in the transaction that applied them. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    driver: text('driver', { enum: ['stripe', 'paypal', 'paystack'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.driver, t.eventId] })],
);

import { z } from 'zod';
import { pagination, subscriptionResource, transactionResource } from './billing.js';

/*
 * Billing's read calls (issue 17): the caller's transactions, the administrator's lists of
 * subscriptions and transactions, a user's subscription and credit, the billing alert, earnings.
 */

export const transactionsSort = z.enum(['note', 'user', 'status', 'type', 'amount', 'created_at', 'driver']);
export type TransactionsSort = z.infer<typeof transactionsSort>;
export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: transactionsSort.default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type TransactionsQuery = z.input<typeof transactionsQuery>;

export const subscriptionsSort = z.enum(['name', 'user', 'status', 'driver', 'renews_at', 'created_at']);
export type SubscriptionsSort = z.infer<typeof subscriptionsSort>;
export const subscriptionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: subscriptionsSort.default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type SubscriptionsQuery = z.input<typeof subscriptionsQuery>;

export const transactionsResponse = z.object({
  data: z.array(transactionResource),
  meta: z.object({ paginate: pagination }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponse>;
/**
 * One subscription, the caller's (`/api/subscriptions/detail`) or a user's for the administrator
 * (`/api/subscriptions/admin/users/{id}/subscription`): null when there is none, an ordinary state
 * of both screens rather than a 404 the browser logs on every visit (issue 41).
 */
export const subscriptionDetailResponse = z.object({ data: subscriptionResource.nullable() });
export type SubscriptionDetailResponse = z.infer<typeof subscriptionDetailResponse>;
export type SubscriptionsResponse = {
  data: z.infer<typeof subscriptionResource>[];
  meta: { paginate: z.infer<typeof pagination> };
};

export const billingAlertResource = z.object({ amount: z.number().int(), triggered: z.boolean() });
export type BillingAlertResource = z.infer<typeof billingAlertResource>;

/** Completed charges and withdrawals, summed per currency (the dashboard's earnings). */
export const earningsPerCurrency = z.array(z.object({ currency: z.string(), amount: z.number().int() }));
export type EarningsPerCurrency = z.infer<typeof earningsPerCurrency>;

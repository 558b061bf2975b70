import { z } from 'zod';

/*
 * Billing (issue 17, ADR 0045). Every amount is an integer number of the currency's minor units
 * (cents) next to its ISO 4217 code; only a metered tier's `per_unit` may carry up to four decimals
 * of a minor unit (0.029 $ per GB = 2.9). Helpers format them with `Intl.NumberFormat`.
 */

export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD')
  .refine((c) => (supportedCurrencies as readonly string[]).includes(c), 'a currency of the list (ISO 4217)');
/**
 * Spec §9's currencies: the ISO 4217 codes in use (about 160), USD, EUR and GBP first, the rest by
 * code. Only codes travel; names come from `Intl.DisplayNames` in the reader's language. Whether a
 * payment provider takes one is its own matter: the server says which refuse it (ADR 0045).
 */
export const supportedCurrencies = [
  'USD', 'EUR', 'GBP',
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN',
  'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF',
  'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB',
  'FJD', 'FKP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR',
  'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW',
  'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK',
  'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR',
  'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF',
  'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP',
  'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'UYU', 'UZS',
  'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWL',
] as const; // prettier-ignore

/** Digits after the decimal point of a currency (JPY 0, most 2), from the platform's ICU data. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units → "$12.34" in the reader's locale. */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 10 ** digits);
}

export const minorAmount = z.number().int().min(0).max(1_000_000_000_00);
export const money = z.object({ amount: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof money>;

export const planStatus = z.enum(['active', 'archived']);
export const planType = z.enum(['fixed', 'metered']);
export const planInterval = z.enum(['month', 'year']);
export const meterKey = z.enum(['storage', 'bandwidth', 'member', 'flatFee']);
export type MeterKey = z.infer<typeof meterKey>;
export const aggregateStrategy = z.enum(['sum_of_usage', 'maximum_usage']);
/** What each meter adds up (reference §15.2): bandwidth sums the period, the others take its peak. */
export const meterStrategies: Record<MeterKey, z.infer<typeof aggregateStrategy>> = {
  bandwidth: 'sum_of_usage',
  storage: 'maximum_usage',
  member: 'maximum_usage',
  flatFee: 'maximum_usage',
};

/**
 * A tier of a meter: units `first_unit`..`last_unit` (null: no end) cost `per_unit` minor units each
 * (up to 4 decimals) plus `flat_fee` once when the usage reaches the tier. Units: GB for storage and
 * bandwidth, people for members, 1 for the flat fee; they are counted from 1 (no usage costs nothing).
 */
export const meterTier = z.object({
  first_unit: z.number().int().min(1, 'units start at 1'),
  last_unit: z.number().int().min(1).nullable(),
  per_unit: z.number().min(0).max(100_000_000).multipleOf(0.0001),
  flat_fee: minorAmount.nullable(),
});
export type MeterTier = z.infer<typeof meterTier>;

export const planMeterInput = z.object({
  key: meterKey,
  aggregate_strategy: aggregateStrategy.optional(),
  tiers: z.array(meterTier).min(1).max(10),
});

const planText = {
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(1000).nullable().optional(),
};
export const fixedPlanFeatures = z.object({
  max_storage_amount: z.number().int().min(1).max(1_000_000),
  max_team_members: z.number().int().min(-1).max(10_000),
});

export const createPlanRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('fixed'),
    ...planText,
    amount: minorAmount.min(1),
    currency: currencyCode,
    interval: planInterval,
    features: fixedPlanFeatures,
    visible: z.boolean().default(true),
  }),
  z.object({
    type: z.literal('metered'),
    ...planText,
    currency: currencyCode,
    meters: z.array(planMeterInput).min(1).max(4),
    visible: z.boolean().default(true),
  }),
]);
export type CreatePlanRequest = z.infer<typeof createPlanRequest>;

/** What may change on a plan (no mass assignment): its text and visibility, and a fixed plan's features. */
export const updatePlanRequest = z
  .object({
    name: planText.name.optional(),
    description: planText.description,
    visible: z.boolean().optional(),
    features: fixedPlanFeatures.partial().optional(),
  })
  .strict();
export type UpdatePlanRequest = z.infer<typeof updatePlanRequest>;

export const planResource = z.object({
  id: z.string(),
  type: planType,
  status: planStatus,
  name: z.string(),
  description: z.string().nullable(),
  /** Fixed plans: price per interval (minor units); null for metered. */
  amount: z.number().int().nullable(),
  currency: z.string(),
  interval: planInterval,
  visible: z.boolean(),
  features: fixedPlanFeatures.nullable(),
  meters: z
    .array(z.object({ key: meterKey, aggregate_strategy: aggregateStrategy, tiers: z.array(meterTier) }))
    .nullable(),
  /** The gateways this plan exists at, with the id checkout names (fixed plans). */
  drivers: z.array(z.object({ driver: z.enum(['stripe', 'paypal', 'paystack']), plan_id: z.string() })),
  subscribers: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanResource = z.infer<typeof planResource>;

export const paymentDriver = z.enum(['stripe', 'paypal', 'paystack', 'system']);
export type PaymentDriverName = z.infer<typeof paymentDriver>;
export const gatewayDriver = z.enum(['stripe', 'paypal', 'paystack']);
export type GatewayDriverName = z.infer<typeof gatewayDriver>;

export const subscriptionStatus = z.enum(['inactive', 'active', 'cancelled', 'completed']);
export const subscriptionKind = z.enum(['fixed', 'pre-paid']);
export const subscriptionResource = z.object({
  id: z.string(),
  user_id: z.string(),
  plan_id: z.string(),
  name: z.string(),
  type: subscriptionKind,
  status: subscriptionStatus,
  driver: paymentDriver,
  driver_subscription_id: z.string().nullable(),
  renews_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  plan: planResource.optional(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).optional(),
});
export type SubscriptionResource = z.infer<typeof subscriptionResource>;

export const transactionType = z.enum(['charge', 'credit', 'withdrawal']);
export const transactionStatus = z.enum(['completed', 'error', 'cancelled']);
/** One line of an invoice: a meter's usage in its period, or the plan's charge. */
export const transactionLine = z.object({
  label: z.string(),
  /** e.g. "12.5 GB", "3 members"; null for a plan's charge. */
  usage: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
});
export type TransactionLine = z.infer<typeof transactionLine>;
export const transactionResource = z.object({
  id: z.string(),
  user_id: z.string(),
  type: transactionType,
  status: transactionStatus,
  note: z.string().nullable(),
  driver: paymentDriver,
  reference: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  metadata: z.array(transactionLine).nullable(),
  created_at: z.string(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).optional(),
});
export type TransactionResource = z.infer<typeof transactionResource>;

export const billingRestrictionReason = z.enum([
  'limit_usage_in_new_accounts',
  'usage_bigger_than_balance',
  'failed_payments',
]);
export type BillingRestrictionReason = z.infer<typeof billingRestrictionReason>;

export const billingAlertRequest = z.object({ amount: minorAmount.min(1) });
export const creditRequest = z.object({ amount: minorAmount.min(1) });
export const creditCardResource = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expires_at: z.string(),
  driver: z.literal('stripe'),
});
export type CreditCardResource = z.infer<typeof creditCardResource>;

export const plansPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const pagination = z.object({
  currentPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});
export const plansResponse = z.object({ data: z.array(planResource), meta: z.object({ paginate: pagination }) });
export const publicPlansResponse = z.object({ data: z.array(planResource) });
export const subscriptionsResponse = z.object({
  data: z.array(subscriptionResource),
  meta: z.object({ paginate: pagination }),
});

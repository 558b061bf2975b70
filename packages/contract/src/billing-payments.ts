import { z } from 'zod';
import { gatewayDriver } from './billing.js';

/**
 * The administrator's payments screen (ADR 0047): each provider's state and keys. A secret's value
 * never comes back (`set` only); a key set by an environment variable shows `fromEnv` and no value.
 */
export const paymentKeyField = z.object({
  name: z.string(),
  secret: z.boolean(),
  fromEnv: z.boolean(),
  value: z.string().nullable(),
  set: z.boolean(),
});
export type PaymentKeyField = z.infer<typeof paymentKeyField>;

export const paymentProviderState = z.object({
  driver: gatewayDriver,
  allowed: z.boolean(),
  configured: z.boolean(),
  /** The address to paste at the provider: `{APP_URL}/api/subscriptions/{driver}/webhooks`. */
  webhookUrl: z.string(),
  fields: z.array(paymentKeyField),
  /** PayPal only: live rather than sandbox. */
  live: z.boolean().nullable(),
});
export type PaymentProviderState = z.infer<typeof paymentProviderState>;

export const adminPaymentsResponse = z.object({ data: z.array(paymentProviderState) });
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponse>;

/** `PUT /api/admin/payments/{driver}`: the keys typed (an empty secret keeps the stored one), tested first. */
export const paymentKeysRequest = z
  .object({
    values: z.record(z.string(), z.string().max(2_000).nullable()),
    live: z.boolean().optional(),
  })
  .strict();
export type PaymentKeysRequest = z.infer<typeof paymentKeysRequest>;

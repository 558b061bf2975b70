import { z } from 'zod';
import { countryCode } from '@filestore/contract';

/**
 * Billing's settings (issue 17, ADR 0045; reference §16.3 Payments and Billings). Amounts are
 * integers in the metered plan's minor units. The gateways' secrets are `sealed` (stored under the
 * app key, shown to the admin only as set or not); environment variables win over all of these keys.
 */
const line = z.string().trim().max(200).nullable();

export const billingSettings = {
  /** Seller on invoices. */
  billing_name: { schema: line, default: null },
  billing_address: { schema: line, default: null },
  billing_city: { schema: line, default: null },
  billing_state: { schema: line, default: null },
  billing_postal_code: { schema: z.string().trim().max(20).nullable(), default: null },
  billing_country: { schema: countryCode.nullable(), default: null },
  billing_phone_number: { schema: z.string().trim().max(40).nullable(), default: null },
  billing_vat_number: { schema: z.string().trim().max(40).nullable(), default: null },
  /** The line under each provider's button at checkout. */
  stripe_payment_description: { schema: z.string().max(300), default: 'Available credit card or Apple Pay.' },
  paypal_payment_description: {
    schema: z.string().max(300),
    default: 'Available PayPal Credit, Debit or Credit Card.',
  },
  paystack_payment_description: {
    schema: z.string().max(300),
    default: 'Available Bank Account, USSD, Mobile Money, Apple Pay.',
  },
  /** Metered: the balance a new account starts with. */
  allowed_registration_bonus: { schema: z.boolean(), default: false },
  registration_bonus_amount: { schema: z.number().int().min(0).max(100_000_000), default: 0 },
  /** Metered dunning rules (reference §15.4), read by the daily jobs themselves. */
  usage_bigger_than_balance: { schema: z.boolean(), default: true },
  limit_usage_in_new_accounts: { schema: z.boolean(), default: true },
  limit_usage_in_new_accounts_amount: { schema: z.number().int().min(0).max(100_000_000), default: 2000 },
  /** Gateways' keys, as typed on the payments screen (tested with a real call before saving). */
  stripe_public_key: { schema: z.string().max(300).nullable(), default: null },
  stripe_secret_key: { schema: z.string().nullable(), default: null, sealed: true },
  stripe_webhook_secret: { schema: z.string().nullable(), default: null, sealed: true },
  paypal_client_id: { schema: z.string().max(300).nullable(), default: null },
  paypal_client_secret: { schema: z.string().nullable(), default: null, sealed: true },
  paypal_webhook_id: { schema: z.string().max(300).nullable(), default: null },
  paypal_live: { schema: z.boolean(), default: false },
  paystack_public_key: { schema: z.string().max(300).nullable(), default: null },
  paystack_secret_key: { schema: z.string().nullable(), default: null, sealed: true },
} as const;

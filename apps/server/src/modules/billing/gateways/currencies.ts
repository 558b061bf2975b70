import type { GatewayDriver } from '../billing.table.js';

/*
 * Which currencies each provider sells a plan in, as the providers document them (checked
 * December 2026). The plan form offers every currency of spec §9; a plan is refused before any
 * provider is called when a configured one would not take its currency, so the administrator is
 * told which and why instead of reading a provider's error after a half-made plan. A provider that
 * refuses anyway still answers `billing.gateway_error` with its own reason.
 */

/** PayPal's currency codes for payments and subscriptions (its REST API reference). */
const PAYPAL = new Set([
  'AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD',
  'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD',
]); // prettier-ignore

/** Paystack's currencies (its merchants in Nigeria, Ghana, South Africa, Kenya, Côte d'Ivoire, Egypt). */
const PAYSTACK = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD', 'XOF', 'EGP']);

/** Stripe takes nearly every currency; these it does not settle at all. */
const STRIPE_REFUSES = new Set([
  'BTN', 'CUP', 'ERN', 'IQD', 'IRR', 'KPW', 'LYD', 'SDG', 'SSP', 'SYP', 'TMT', 'ZWL',
]); // prettier-ignore

export function gatewayAcceptsCurrency(driver: GatewayDriver, currency: string): boolean {
  if (driver === 'paypal') return PAYPAL.has(currency);
  if (driver === 'paystack') return PAYSTACK.has(currency);
  if (driver === 'stripe') return !STRIPE_REFUSES.has(currency);
  return true;
}

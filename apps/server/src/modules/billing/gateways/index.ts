import type { AppContext } from '../../../app/context.js';
import type { Settings } from '../../settings/index.js';
import type { GatewayDriver } from '../billing.table.js';
import type { GatewayFactory, PaymentGateway } from '../gateway.port.js';
import { stripeGateway } from './stripe.js';
import { paypalGateway } from './paypal.js';
import { paystackGateway } from './paystack.js';

/**
 * Every gateway's adapter factory, by driver. Each returns null while its keys are incomplete.
 * Filled in by the adapters (stripe.ts, paypal.ts, paystack.ts).
 */
export const gatewayFactories: Partial<Record<GatewayDriver, GatewayFactory>> = {
  stripe: stripeGateway,
  paypal: paypalGateway,
  paystack: paystackGateway,
};

/** The gateway of `driver` when it is configured, else null. */
export function gatewayFor(ctx: AppContext, settings: Settings, driver: GatewayDriver): PaymentGateway | null {
  return gatewayFactories[driver]?.(ctx, settings) ?? null;
}

/** Every configured gateway (the ones fixed plans are created and kept in sync at). */
export function configuredGateways(ctx: AppContext, settings: Settings): PaymentGateway[] {
  return (['stripe', 'paypal', 'paystack'] as const).flatMap((d) => gatewayFor(ctx, settings, d) ?? []);
}

import type { AppConfig, PlanResource } from '@filestore/contract';

export const PROVIDERS = ['stripe', 'paypal', 'paystack'] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * The providers a user can pay with right now, from the server's public configuration: payments
 * on, the provider switched on, and every one of its keys set (issue 41 point 11). Nothing is
 * offered that the server would refuse.
 */
export function usableProviders(payments: AppConfig['payments']): Provider[] {
  if (!payments.allowed) return [];
  return PROVIDERS.filter((p) => payments[p].allowed && payments[p].configured);
}

/** The providers `plan` can be bought through: usable ones where the plan exists (fixed plans). */
export function providersFor(plan: PlanResource, payments: AppConfig['payments']): Provider[] {
  const usable = usableProviders(payments);
  if (plan.type !== 'fixed') return usable;
  return usable.filter((p) => plan.drivers.some((d) => d.driver === p));
}

/**
 * The plans someone can buy on this server now: those of the billing mode in force (active and
 * visible, as the public list gives them) that at least one usable provider can take payment for.
 * Empty when billing is off, no provider is ready, or no plan is active.
 */
export function buyablePlans(plans: readonly PlanResource[], config: Pick<AppConfig, 'subscriptionType' | 'payments'>) {
  if (config.subscriptionType === 'none') return [];
  return plans.filter(
    (plan) => plan.type === config.subscriptionType && providersFor(plan, config.payments).length > 0,
  );
}

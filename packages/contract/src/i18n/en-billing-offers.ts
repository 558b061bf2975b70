/** What billing offers only when the server can do it, and the pricing table's cards (issue 41 point 11). */
export const enBillingOffers: Record<string, string> = {
  'billing.plan.storage': '{{storage}} GB of storage',
  'billing.plan.members_zero': 'No team members',
  'billing.plan.members_one': '{{count}} team member',
  'billing.plan.members_other': '{{count}} team members',
  'billing.plan.members_unlimited': 'Unlimited team members',
  'billing.subscription.unavailable':
    'Plans can’t be bought on this server at the moment: payments aren’t set up yet. Please ask the administrator.',
  'home.pricing_cta': 'Get started',
  'home.pricing_cta_label': 'Get started with {{name}}',
  'admin.billing_ready.title_fixed': 'Fixed plans can’t be sold yet',
  'admin.billing_ready.title_metered': 'Metered billing can’t take payments yet',
  'admin.billing_ready.switch_warning': 'You can switch now, but users can’t pay until this is fixed:',
  'admin.billing_ready.no_provider':
    'No payment provider is ready: turn on payments and at least one of Stripe, PayPal or Paystack, with all its keys.',
  'admin.billing_ready.no_plans_fixed': 'There is no active fixed plan.',
  'admin.billing_ready.no_plans_metered': 'There is no active metered plan.',
  'admin.billing_ready.consequence': 'Until then users are offered no plan and the homepage shows no pricing.',
  'admin.billing_ready.payments_link': 'Set up payments',
  'admin.billing_ready.plans_link': 'Create a plan',
};

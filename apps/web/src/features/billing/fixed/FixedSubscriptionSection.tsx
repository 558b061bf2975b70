/** Fixed plans: the plan in force, its status and renewal or end, payment method, change and cancel. */
export function FixedSubscriptionSection() {
  return null;
}

/** Metered billing: the usage and running estimate, balance and top-ups, the billing alert. */
export function MeteredBillingSection() {
  return null;
}

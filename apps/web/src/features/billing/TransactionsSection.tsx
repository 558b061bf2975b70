/** The user's transactions, each linking to its invoice. */
export function TransactionsSection() {
  return null;
}

/** Stripe's texts (issue 17): the mail asking the user to confirm a payment. */
export const enBillingStripe: Record<string, string> = {
  'mail.payment_action.subject': 'Confirm your payment for {{app}}',
  'mail.payment_action.line':
    'Your bank asks you to confirm the payment of {{amount}} for your subscription. Until you confirm it, the payment is not made.',
  'mail.payment_action.action': 'Confirm the payment',
  'mail.payment_action.outro': 'If you have already confirmed it, you can ignore this mail.',
};

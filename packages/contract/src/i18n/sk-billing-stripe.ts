/** Texty Stripe (issue 17): e-mail so žiadosťou o potvrdenie platby. */
export const skBillingStripe: Record<string, string> = {
  'mail.payment_action.subject': 'Potvrďte svoju platbu pre {{app}}',
  'mail.payment_action.line':
    'Vaša banka vás žiada o potvrdenie platby {{amount}} za vaše predplatné. Kým ju nepotvrdíte, platba sa nevykoná.',
  'mail.payment_action.action': 'Potvrdiť platbu',
  'mail.payment_action.outro': 'Ak ste ju už potvrdili, tento e-mail môžete ignorovať.',
};

/** Stripes Texte (Issue 17): die Mail, die um die Bestätigung einer Zahlung bittet. */
export const deBillingStripe: Record<string, string> = {
  'mail.payment_action.subject': 'Bestätigen Sie Ihre Zahlung für {{app}}',
  'mail.payment_action.line':
    'Ihre Bank bittet Sie, die Zahlung von {{amount}} für Ihr Abonnement zu bestätigen. Bis Sie sie bestätigen, wird die Zahlung nicht ausgeführt.',
  'mail.payment_action.action': 'Zahlung bestätigen',
  'mail.payment_action.outro': 'Wenn Sie sie bereits bestätigt haben, können Sie diese Mail ignorieren.',
};

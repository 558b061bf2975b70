/** German: what billing offers only when the server can do it, and the pricing table's cards (issue 41 point 11). */
export const deBillingOffers: Record<string, string> = {
  'billing.plan.storage': '{{storage}} GB Speicherplatz',
  'billing.plan.members_zero': 'Keine Teammitglieder',
  'billing.plan.members_one': '{{count}} Teammitglied',
  'billing.plan.members_other': '{{count}} Teammitglieder',
  'billing.plan.members_unlimited': 'Unbegrenzt viele Teammitglieder',
  'billing.subscription.unavailable':
    'Auf diesem Server können derzeit keine Tarife gekauft werden: Zahlungen sind noch nicht eingerichtet. Bitte wenden Sie sich an die Administration.',
  'home.pricing_cta': 'Loslegen',
  'home.pricing_cta_label': 'Loslegen mit {{name}}',
  'admin.billing_ready.title_fixed': 'Feste Tarife können noch nicht verkauft werden',
  'admin.billing_ready.title_metered': 'Die nutzungsbasierte Abrechnung kann noch keine Zahlungen annehmen',
  'admin.billing_ready.switch_warning':
    'Sie können jetzt umstellen, aber Nutzer können erst zahlen, wenn Folgendes behoben ist:',
  'admin.billing_ready.no_provider':
    'Kein Zahlungsanbieter ist bereit: Schalten Sie Zahlungen und mindestens einen von Stripe, PayPal oder Paystack mit allen Schlüsseln ein.',
  'admin.billing_ready.no_plans_fixed': 'Es gibt keinen aktiven festen Tarif.',
  'admin.billing_ready.no_plans_metered': 'Es gibt keinen aktiven nutzungsbasierten Tarif.',
  'admin.billing_ready.consequence':
    'Bis dahin wird Nutzern kein Tarif angeboten und die Startseite zeigt keine Preise.',
  'admin.billing_ready.payments_link': 'Zahlungen einrichten',
  'admin.billing_ready.plans_link': 'Tarif erstellen',
};

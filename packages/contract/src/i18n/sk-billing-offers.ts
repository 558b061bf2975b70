/** Slovak: what billing offers only when the server can do it, and the pricing table's cards (issue 41 point 11). */
export const skBillingOffers: Record<string, string> = {
  'billing.plan.storage': '{{storage}} GB úložiska',
  'billing.plan.members_zero': 'Bez členov tímu',
  'billing.plan.members_one': '{{count}} člen tímu',
  'billing.plan.members_few': '{{count}} členovia tímu',
  'billing.plan.members_many': '{{count}} člena tímu',
  'billing.plan.members_other': '{{count}} členov tímu',
  'billing.plan.members_unlimited': 'Neobmedzený počet členov tímu',
  'billing.subscription.unavailable':
    'Na tomto serveri momentálne nemožno kúpiť žiadny plán: platby ešte nie sú nastavené. Obráťte sa na správcu.',
  'home.pricing_cta': 'Začať',
  'home.pricing_cta_label': 'Začať s plánom {{name}}',
  'admin.billing_ready.title_fixed': 'Pevné plány sa zatiaľ nedajú predávať',
  'admin.billing_ready.title_metered': 'Platby podľa spotreby zatiaľ nemôžu prijímať platby',
  'admin.billing_ready.switch_warning':
    'Prepnúť môžete hneď, ale používatelia nebudú môcť platiť, kým neodstránite toto:',
  'admin.billing_ready.no_provider':
    'Žiadny poskytovateľ platieb nie je pripravený: zapnite platby a aspoň jedného zo Stripe, PayPal alebo Paystack so všetkými kľúčmi.',
  'admin.billing_ready.no_plans_fixed': 'Nie je žiadny aktívny pevný plán.',
  'admin.billing_ready.no_plans_metered': 'Nie je žiadny aktívny plán podľa spotreby.',
  'admin.billing_ready.consequence': 'Dovtedy sa používateľom neponúkne žiadny plán a domovská stránka nezobrazí ceny.',
  'admin.billing_ready.payments_link': 'Nastaviť platby',
  'admin.billing_ready.plans_link': 'Vytvoriť plán',
};

/** Abrechnung nach Verbrauch (Issue 17): Abschnitt, Gründe der Hinweisleiste und E-Mails. */
export const deBillingMetered: Record<string, string> = {
  'billing.metered.title': 'Verbrauch in diesem Zeitraum',
  'billing.metered.period': '{{start}} – {{end}}',
  'billing.metered.meter': 'Zähler',
  'billing.metered.usage': 'Verbrauch',
  'billing.metered.cost': 'Kosten',
  'billing.metered.meter.storage': 'Speicher',
  'billing.metered.meter.bandwidth': 'Bandbreite',
  'billing.metered.meter.member': 'Teammitglieder',
  'billing.metered.meter.flatFee': 'Grundgebühr',
  'billing.metered.estimate': 'Geschätzte Kosten',
  'billing.metered.balance': 'Guthaben',
  'billing.metered.no_subscription': 'Ihr Verbrauchstarif beginnt mit dem ersten Tag der Nutzung.',
  'billing.metered.top_up': 'Guthaben aufladen',
  'billing.metered.top_up_amount': 'Betrag ({{currency}})',
  'billing.metered.top_up_with': 'Mit {{provider}} bezahlen',
  'billing.metered.top_up_none': 'Für das Aufladen ist noch kein Zahlungsanbieter eingerichtet.',
  'billing.metered.top_up_failed': 'Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es später erneut.',
  'billing.metered.debt': 'Unbezahlter Verbrauch',
  'billing.metered.debt_line': '{{period}}: {{amount}}',
  'billing.metered.alert': 'Kostenwarnung',
  'billing.metered.alert_help':
    'Wir benachrichtigen Sie, wenn die Schätzung dieses Zeitraums diesen Betrag übersteigt.',
  'billing.metered.alert_amount': 'Warnbetrag ({{currency}})',
  'billing.metered.alert_set': 'Warnung festlegen',
  'billing.metered.alert_change': 'Warnung ändern',
  'billing.metered.alert_remove': 'Warnung entfernen',
  'billing.metered.alert_current': 'Warnung bei {{amount}}',
  'billing.metered.restriction.limit_usage_in_new_accounts':
    'Bitte leisten Sie Ihre erste Zahlung, um Ihren Verbrauch zu decken.',
  'billing.metered.restriction.usage_bigger_than_balance':
    'Bitte erhöhen Sie Ihr Guthaben über Ihren monatlichen Verbrauch.',
  'billing.metered.restriction.failed_payments':
    'Bitte aktualisieren Sie Ihre Kreditkarte, um Ihren Verbrauch zu bezahlen.',
  'errors.billing.restricted':
    'Ihr Konto ist eingeschränkt, bis Ihr Verbrauch bezahlt ist. Öffnen Sie die Abrechnung, um ihn zu begleichen.',
  'errors.link.owner_restricted': 'Dieser Link ist nicht verfügbar, bis sein Inhaber seine Abrechnung beglichen hat.',
  'mail.billing.action': 'Abrechnung öffnen',
  'mail.billing.outro': 'Sie erhalten diese E-Mail, weil Sie nach Verbrauch abgerechnet werden.',
  'mail.billing.insufficient.subject': 'Ihr Guthaben hat Ihren Verbrauch nicht gedeckt',
  'mail.billing.insufficient.line':
    'Wir konnten {{amount}} für {{period}} nicht von Ihrem Guthaben abbuchen. Bitte laden Sie es auf.',
  'mail.billing.payment_failed.subject': 'Ihre Kartenzahlung ist fehlgeschlagen',
  'mail.billing.payment_failed.line':
    'Wir konnten {{amount}} für {{period}} nicht von Ihrer Karte abbuchen. Bitte aktualisieren Sie sie.',
  'mail.billing.failed_again.subject': 'Ihre Kartenzahlung ist erneut fehlgeschlagen',
  'mail.billing.failed_again.line':
    'Wir haben es erneut versucht und konnten {{amount}} für {{period}} nicht von Ihrer Karte abbuchen. Bitte aktualisieren Sie Ihre Karte.',
  'mail.billing.alert.subject': 'Ihr Verbrauch hat Ihre Kostenwarnung überschritten',
  'mail.billing.alert.line':
    'Ihre Schätzung für diesen Zeitraum beträgt {{amount}} und liegt über Ihrer Warnung von {{limit}}.',
  'mail.billing.dunning_new.subject': 'Zahlungserinnerung {{sequence}} von 3',
  'mail.billing.dunning_new.line':
    'Bitte leisten Sie Ihre erste Zahlung, um Ihren Verbrauch zu decken. Nach der dritten Erinnerung werden Uploads, Downloads und Ihre geteilten Links gesperrt.',
  'mail.billing.dunning_balance.subject': 'Zahlungserinnerung {{sequence}} von 3',
  'mail.billing.dunning_balance.line':
    'Ihr Verbrauch ist höher als Ihr Guthaben. Bitte laden Sie es auf. Nach der dritten Erinnerung werden Uploads, Downloads und Ihre geteilten Links gesperrt.',
};

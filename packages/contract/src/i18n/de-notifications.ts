/** German texts of the notifications (ADR 0073); see en-notifications.ts. */
export const deNotifications: Record<string, string> = {
  'notification.team.invited.title': 'Neue Team-Einladung',
  'notification.team.invited.description': '{{name}} lädt Sie in den Teamordner „{{folder}}“ ein.',
  'notification.team.joined.title': '{{name}} ist „{{folder}}“ beigetreten',
  'notification.team.joined.description':
    '{{name}} ({{email}}) hat Ihre Einladung in den Teamordner „{{folder}}“ angenommen.',
  'notification.team.joined.button': 'Teamordner öffnen',

  'notification.file_request.filled.title': 'Upload-Anfrage „{{folder}}“ ist abgeschlossen',
  'notification.file_request.filled.description_one': '1 Datei ist eingegangen. Der Link nimmt keine Uploads mehr an.',
  'notification.file_request.filled.description_other':
    '{{count}} Dateien sind eingegangen. Der Link nimmt keine Uploads mehr an.',
  'notification.file_request.filled.button': 'Dateien anzeigen',
  'notification.file_request.first_upload.title': 'In „{{folder}}“ kommen Dateien an',
  'notification.file_request.first_upload.description': 'Jemand hat begonnen, über Ihre Upload-Anfrage hochzuladen.',
  'notification.file_request.first_upload.button': 'Dateien anzeigen',
  'notification.file_request.requested.title': '{{name}} bittet Sie, Dateien hochzuladen',
  'notification.file_request.requested.description':
    'Öffnen Sie die Upload-Seite, um Ihre Dateien zu senden. Sie landen direkt in dem Ordner.',
  'notification.file_request.requested.button': 'Dateien hochladen',
  'notification.file_request.requested_note.title': '{{name}} bittet Sie, Dateien hochzuladen',
  'notification.file_request.requested_note.description': 'Nachricht: „{{note}}“',
  'notification.file_request.requested_note.button': 'Dateien hochladen',

  'notification.remote_upload.done.title': 'Upload über Links abgeschlossen',
  'notification.remote_upload.done.description_one': '{{stored}} von {{count}} Datei wurde über Links hochgeladen.',
  'notification.remote_upload.done.description_other':
    '{{stored}} von {{count}} Dateien wurden über Links hochgeladen.',
  'notification.remote_upload.done.button': 'Dateien anzeigen',
  'notification.remote_upload.done_failures.title': 'Upload über Links mit Fehlern abgeschlossen',
  'notification.remote_upload.done_failures.description_one':
    '{{stored}} von {{count}} Datei wurde über Links hochgeladen. Fehlgeschlagen:\n{{failures}}',
  'notification.remote_upload.done_failures.description_other':
    '{{stored}} von {{count}} Dateien wurden über Links hochgeladen. Fehlgeschlagen:\n{{failures}}',
  'notification.remote_upload.done_failures.button': 'Dateien anzeigen',

  'notification.billing.bonus.title': 'Sie haben einen Registrierungsbonus erhalten',
  'notification.billing.bonus.description': 'Sie haben {{amount}} für Ihren Verbrauch erhalten.',
  'notification.billing.bonus.button': 'Abrechnung anzeigen',
  'notification.billing.credit.title': 'Sie haben ein Guthaben erhalten',
  'notification.billing.credit.description': 'Ein Administrator hat Ihrem Konto Guthaben gutgeschrieben.',
  'notification.billing.credit.button': 'Abrechnung anzeigen',
  'notification.billing.subscribed.title': 'Ihr Abonnement ist aktiv',
  'notification.billing.subscribed.description': 'Danke, dass Sie {{plan}} abonniert haben.',
  'notification.billing.subscribed.button': 'Abonnement anzeigen',
  'notification.billing.balance_low.title': 'Ihr Guthaben reicht nicht aus',
  'notification.billing.balance_low.description':
    'Ihr Guthaben hat {{amount}} für {{period}} nicht gedeckt. Bitte laden Sie Ihr Guthaben auf.',
  'notification.billing.balance_low.button': 'Abrechnung anzeigen',
  'notification.billing.card_failed.title': 'Ihre Kartenzahlung ist fehlgeschlagen',
  'notification.billing.card_failed.description':
    'Wir konnten {{amount}} für {{period}} nicht von Ihrer Karte abbuchen. Bitte aktualisieren Sie Ihre Karte.',
  'notification.billing.card_failed.button': 'Abrechnung anzeigen',
  'notification.billing.card_failed_again.title': 'Ihre Kartenzahlung ist erneut fehlgeschlagen',
  'notification.billing.card_failed_again.description':
    'Wir konnten {{amount}} für {{period}} erneut nicht von Ihrer Karte abbuchen.',
  'notification.billing.card_failed_again.button': 'Abrechnung anzeigen',
  'notification.billing.alert.title': 'Ihr Verbrauch hat Ihren Abrechnungsalarm überschritten',
  'notification.billing.alert.description':
    'Ihre Schätzung für diesen Zeitraum beträgt {{amount}} und liegt über Ihrem Alarm von {{limit}}.',
  'notification.billing.alert.button': 'Abrechnung anzeigen',
  'notification.billing.reminder_new.title': 'Zahlungserinnerung {{sequence}} von 3',
  'notification.billing.reminder_new.description':
    'Bitte leisten Sie Ihre erste Zahlung, um Ihren Verbrauch zu decken.',
  'notification.billing.reminder_new.button': 'Abrechnung anzeigen',
  'notification.billing.reminder_balance.title': 'Zahlungserinnerung {{sequence}} von 3',
  'notification.billing.reminder_balance.description':
    'Bitte laden Sie Ihr Guthaben über Ihren monatlichen Verbrauch hinaus auf.',
  'notification.billing.reminder_balance.button': 'Abrechnung anzeigen',
};

/** Slovak texts of the notifications (ADR 0073); see en-notifications.ts. */
export const skNotifications: Record<string, string> = {
  'notification.team.invited.title': 'Nová pozvánka do tímu',
  'notification.team.invited.description': '{{name}} vás pozýva do tímového priečinka „{{folder}}“.',
  'notification.team.joined.title': '{{name}} sa pridal(a) k „{{folder}}“',
  'notification.team.joined.description':
    '{{name}} ({{email}}) prijal(a) vašu pozvánku do tímového priečinka „{{folder}}“.',
  'notification.team.joined.button': 'Otvoriť tímový priečinok',

  'notification.file_request.filled.title': 'Žiadosť o nahranie „{{folder}}“ je dokončená',
  'notification.file_request.filled.description_one': 'Prišiel 1 súbor. Odkaz už neprijíma nahrávanie.',
  'notification.file_request.filled.description_few': 'Prišli {{count}} súbory. Odkaz už neprijíma nahrávanie.',
  'notification.file_request.filled.description_many': 'Prišlo {{count}} súboru. Odkaz už neprijíma nahrávanie.',
  'notification.file_request.filled.description_other': 'Prišlo {{count}} súborov. Odkaz už neprijíma nahrávanie.',
  'notification.file_request.filled.button': 'Zobraziť súbory',
  'notification.file_request.first_upload.title': 'Do „{{folder}}“ prichádzajú súbory',
  'notification.file_request.first_upload.description': 'Niekto začal nahrávať cez vašu žiadosť o nahranie.',
  'notification.file_request.first_upload.button': 'Zobraziť súbory',
  'notification.file_request.requested.title': '{{name}} vás žiada o nahranie súborov',
  'notification.file_request.requested.description':
    'Otvorte stránku na nahrávanie a pošlite svoje súbory. Pôjdu priamo do priečinka.',
  'notification.file_request.requested.button': 'Nahrať súbory',
  'notification.file_request.requested_note.title': '{{name}} vás žiada o nahranie súborov',
  'notification.file_request.requested_note.description': 'Správa: „{{note}}“',
  'notification.file_request.requested_note.button': 'Nahrať súbory',

  'notification.remote_upload.done.title': 'Nahrávanie z odkazov je dokončené',
  'notification.remote_upload.done.description_one': 'Z odkazov sa nahral {{stored}} z {{count}} súboru.',
  'notification.remote_upload.done.description_few': 'Z odkazov sa nahrali {{stored}} z {{count}} súborov.',
  'notification.remote_upload.done.description_many': 'Z odkazov sa nahralo {{stored}} z {{count}} súboru.',
  'notification.remote_upload.done.description_other': 'Z odkazov sa nahralo {{stored}} z {{count}} súborov.',
  'notification.remote_upload.done.button': 'Zobraziť súbory',
  'notification.remote_upload.done_failures.title': 'Nahrávanie z odkazov je dokončené s chybami',
  'notification.remote_upload.done_failures.description_one':
    'Z odkazov sa nahral {{stored}} z {{count}} súboru. Neúspešné:\n{{failures}}',
  'notification.remote_upload.done_failures.description_few':
    'Z odkazov sa nahrali {{stored}} z {{count}} súborov. Neúspešné:\n{{failures}}',
  'notification.remote_upload.done_failures.description_many':
    'Z odkazov sa nahralo {{stored}} z {{count}} súboru. Neúspešné:\n{{failures}}',
  'notification.remote_upload.done_failures.description_other':
    'Z odkazov sa nahralo {{stored}} z {{count}} súborov. Neúspešné:\n{{failures}}',
  'notification.remote_upload.done_failures.button': 'Zobraziť súbory',

  'notification.billing.bonus.title': 'Dostali ste registračný bonus',
  'notification.billing.bonus.description': 'Dostali ste {{amount}} na vaše využitie.',
  'notification.billing.bonus.button': 'Zobraziť fakturáciu',
  'notification.billing.credit.title': 'Dostali ste kredit',
  'notification.billing.credit.description': 'Administrátor vám pridal kredit na zostatok.',
  'notification.billing.credit.button': 'Zobraziť fakturáciu',
  'notification.billing.subscribed.title': 'Vaše predplatné je aktívne',
  'notification.billing.subscribed.description': 'Ďakujeme, že ste si predplatili {{plan}}.',
  'notification.billing.subscribed.button': 'Zobraziť predplatné',
  'notification.billing.balance_low.title': 'Váš zostatok je príliš nízky',
  'notification.billing.balance_low.description':
    'Váš zostatok nepokryl {{amount}} za {{period}}. Dobite si, prosím, zostatok.',
  'notification.billing.balance_low.button': 'Zobraziť fakturáciu',
  'notification.billing.card_failed.title': 'Platba kartou zlyhala',
  'notification.billing.card_failed.description':
    'Z vašej karty sa nepodarilo strhnúť {{amount}} za {{period}}. Aktualizujte, prosím, svoju kartu.',
  'notification.billing.card_failed.button': 'Zobraziť fakturáciu',
  'notification.billing.card_failed_again.title': 'Platba kartou opäť zlyhala',
  'notification.billing.card_failed_again.description':
    'Z vašej karty sa opäť nepodarilo strhnúť {{amount}} za {{period}}.',
  'notification.billing.card_failed_again.button': 'Zobraziť fakturáciu',
  'notification.billing.alert.title': 'Vaše využitie prekročilo fakturačné upozornenie',
  'notification.billing.alert.description': 'Odhad za toto obdobie je {{amount}}, nad vaším upozornením {{limit}}.',
  'notification.billing.alert.button': 'Zobraziť fakturáciu',
  'notification.billing.reminder_new.title': 'Upomienka platby {{sequence}} z 3',
  'notification.billing.reminder_new.description': 'Uhraďte, prosím, prvú platbu na pokrytie vášho využitia.',
  'notification.billing.reminder_new.button': 'Zobraziť fakturáciu',
  'notification.billing.reminder_balance.title': 'Upomienka platby {{sequence}} z 3',
  'notification.billing.reminder_balance.description': 'Navýšte, prosím, zostatok účtu nad vaše mesačné využitie.',
  'notification.billing.reminder_balance.button': 'Zobraziť fakturáciu',
};

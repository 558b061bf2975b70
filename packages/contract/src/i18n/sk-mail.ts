/**
 * Slovak texts of the mails (ADR 0044): written in the recipient's language from the same catalogue as the
 * screens, administrators' edits included. The layout escapes every value filled in.
 */
export const skMail: Record<string, string> = {
  'mail.greeting': 'Dobrý deň, {{name}},',
  'mail.greeting_anonymous': 'Dobrý deň,',
  'mail.unexpected': 'Ak ste to nečakali, môžete tento e-mail ignorovať.',
  'mail.reset.subject': 'Obnovenie hesla v aplikácii {{app}}',
  'mail.reset.line': 'Dostali sme žiadosť o obnovenie hesla k vášmu účtu.',
  'mail.reset.valid': 'Odkaz platí 60 minút.',
  'mail.reset.action': 'Obnoviť heslo',
  'mail.reset.outro': 'Ak ste o to nežiadali, môžete tento e-mail ignorovať; vaše heslo zostane nezmenené.',
  'mail.verify.subject': 'Overte svoj e-mail v aplikácii {{app}}',
  'mail.verify.greeting': 'Vitajte, {{name}}!',
  'mail.verify.line': 'Potvrďte, prosím, že je to vaša e-mailová adresa, aby sme mohli dokončiť vytvorenie vášho účtu.',
  'mail.verify.action': 'Overiť e-mail',
  'mail.verify.outro': 'Ak ste si účet nevytvorili, nemusíte nič robiť.',
  'mail.signup_taken.subject': 'Niekto sa chcel zaregistrovať v aplikácii {{app}} s vaším e-mailom',
  'mail.signup_taken.line':
    'Niekto, možno vy, sa pokúsil vytvoriť účet v aplikácii {{app}} s touto e-mailovou adresou. Účet s ňou už existuje, preto sa druhý nevytvoril.',
  'mail.signup_taken.hint': 'Ak ste to boli vy, prihláste sa, alebo si obnovte heslo, ak ste ho zabudli.',
  'mail.signup_taken.action': 'Prihlásiť sa',
  'mail.signup_taken.outro': 'Ak ste to neboli vy, môžete tento e-mail ignorovať; váš účet zostane nezmenený.',
  'mail.invitation.subject': '{{name}} vás pozýva do tímového priečinka „{{folder}}“',
  'mail.invitation.line_edit':
    '{{name}} ({{email}}) vás pozýva do tímového priečinka „{{folder}}“ v aplikácii {{app}}, kde môžete prezerať a meniť jeho súbory.',
  'mail.invitation.line_view':
    '{{name}} ({{email}}) vás pozýva do tímového priečinka „{{folder}}“ v aplikácii {{app}}, kde môžete prezerať jeho súbory.',
  'mail.invitation.join': 'Pripojiť sa k tímovému priečinku',
  'mail.invitation.join_new': 'Pripojiť sa a vytvoriť účet',
  'mail.request.subject': '{{name}} vás žiada o nahratie súborov',
  'mail.request.line': '{{name}} vás žiada o nahratie súborov v aplikácii {{app}}.',
  'mail.request.notes': 'Správa k žiadosti: „{{notes}}“',
  'mail.request.action': 'Nahrať súbory',
  'mail.request.outro': 'Nepotrebujete účet. Ak ste to nečakali, môžete tento e-mail ignorovať.',
  'mail.filled.subject': 'Vaša žiadosť o nahratie „{{folder}}“ je vybavená',
  'mail.filled.line_one': 'Vaša žiadosť o nahratie „{{folder}}“ je vybavená: prišiel 1 súbor.',
  'mail.filled.line_few': 'Vaša žiadosť o nahratie „{{folder}}“ je vybavená: prišli {{count}} súbory.',
  'mail.filled.line_many': 'Vaša žiadosť o nahratie „{{folder}}“ je vybavená: prišlo {{count}} súboru.',
  'mail.filled.line_other': 'Vaša žiadosť o nahratie „{{folder}}“ je vybavená: prišlo {{count}} súborov.',
  'mail.filled.action': 'Otvoriť priečinok',
  'mail.filled.outro': 'Cez odkaz sa už nedá nič nahrať.',
  'mail.share.subject': '{{name}} s vami zdieľa „{{item}}“',
  'mail.share.line_file': '{{name}} ({{email}}) s vami zdieľa súbor „{{item}}“ v aplikácii {{app}}.',
  'mail.share.line_folder': '{{name}} ({{email}}) s vami zdieľa priečinok „{{item}}“ v aplikácii {{app}}.',
  'mail.share.open_file': 'Otvoriť súbor',
  'mail.share.open_folder': 'Otvoriť priečinok',
};

/**
 * German texts of the mails (ADR 0044): written in the recipient's language from the same catalogue as the
 * screens, administrators' edits included. The layout escapes every value filled in.
 */
export const deMail: Record<string, string> = {
  'mail.greeting': 'Hallo {{name}},',
  'mail.greeting_anonymous': 'Hallo,',
  'mail.unexpected': 'Wenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  'mail.reset.subject': 'Setzen Sie Ihr Passwort für {{app}} zurück',
  'mail.reset.line': 'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos zurückzusetzen.',
  'mail.reset.valid': 'Der Link ist 60 Minuten lang gültig.',
  'mail.reset.action': 'Passwort zurücksetzen',
  'mail.reset.outro':
    'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  'mail.verify.subject': 'Bestätigen Sie Ihre E-Mail-Adresse für {{app}}',
  'mail.verify.greeting': 'Willkommen, {{name}}!',
  'mail.verify.line':
    'Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, um die Erstellung Ihres Kontos abzuschließen.',
  'mail.verify.action': 'E-Mail-Adresse bestätigen',
  'mail.verify.outro': 'Wenn Sie kein Konto erstellt haben, müssen Sie nichts weiter tun.',
  'mail.signup_taken.subject': 'Jemand wollte sich mit Ihrer E-Mail-Adresse bei {{app}} registrieren',
  'mail.signup_taken.line':
    'Jemand, vielleicht Sie, wollte mit dieser E-Mail-Adresse ein Konto bei {{app}} erstellen. Für sie besteht bereits ein Konto, daher wurde kein zweites angelegt.',
  'mail.signup_taken.hint':
    'Wenn Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben.',
  'mail.signup_taken.action': 'Anmelden',
  'mail.signup_taken.outro':
    'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren; Ihr Konto bleibt unverändert.',
  'mail.invitation.subject': '{{name}} lädt Sie in den Teamordner „{{folder}}“ ein',
  'mail.invitation.line_edit':
    '{{name}} ({{email}}) lädt Sie ein, dem Teamordner „{{folder}}“ auf {{app}} beizutreten, in dem Sie die Dateien ansehen und ändern können.',
  'mail.invitation.line_view':
    '{{name}} ({{email}}) lädt Sie ein, dem Teamordner „{{folder}}“ auf {{app}} beizutreten, in dem Sie die Dateien ansehen können.',
  'mail.invitation.join': 'Teamordner beitreten',
  'mail.invitation.join_new': 'Beitreten und Konto erstellen',
  'mail.request.subject': '{{name}} bittet Sie, Dateien hochzuladen',
  'mail.request.line': '{{name}} bittet Sie, Dateien auf {{app}} hochzuladen.',
  'mail.request.notes': 'Die Nachricht dazu: „{{notes}}“',
  'mail.request.action': 'Dateien hochladen',
  'mail.request.outro':
    'Sie benötigen kein Konto. Wenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  'mail.filled.subject': 'Ihre Upload-Anfrage „{{folder}}“ ist abgeschlossen',
  'mail.filled.line_one': 'Ihre Upload-Anfrage „{{folder}}“ ist abgeschlossen: 1 Datei ist eingegangen.',
  'mail.filled.line_other': 'Ihre Upload-Anfrage „{{folder}}“ ist abgeschlossen: {{count}} Dateien sind eingegangen.',
  'mail.filled.action': 'Ordner öffnen',
  'mail.filled.outro': 'Über den Link können keine Dateien mehr hochgeladen werden.',
  'mail.share.subject': '{{name}} hat „{{item}}“ mit Ihnen geteilt',
  'mail.share.line_file': '{{name}} ({{email}}) hat die Datei „{{item}}“ auf {{app}} mit Ihnen geteilt.',
  'mail.share.line_folder': '{{name}} ({{email}}) hat den Ordner „{{item}}“ auf {{app}} mit Ihnen geteilt.',
  'mail.share.open_file': 'Datei öffnen',
  'mail.share.open_folder': 'Ordner öffnen',
};

/** German strings of the human check (reCAPTCHA v3): the forms' notice, its errors, the admin section. */
export const deHumanCheck: Record<string, string> = {
  'errors.human_check.failed':
    'Wir konnten nicht bestätigen, dass Sie ein Mensch sind. Bitte versuchen Sie es erneut. Wenn es weiterhin fehlschlägt, erlauben Sie Skripte von Google reCAPTCHA für diese Website.',
  'errors.human_check.unavailable':
    'Die Prüfung auf menschliche Nutzer antwortet gerade nicht. Bitte versuchen Sie es in einer Minute erneut.',
  'human_check.notice':
    'Diese Website ist durch reCAPTCHA geschützt, und es gelten die <privacy>Datenschutzerklärung</privacy> und die <terms>Nutzungsbedingungen</terms> von Google.',
  'admin.human_check.title': 'Bot-Schutz',
  'admin.human_check.description':
    'Google reCAPTCHA v3 bewertet jede Anmeldung, Registrierung, Passwort-Wiederherstellung und Kontaktnachricht ohne Rätsel; niedrige Bewertungen werden abgelehnt.',
  'admin.human_check.enable': 'Prüfen, dass ein Mensch die Formulare ausfüllt',
  'admin.human_check.enable_description':
    'Wird wirksam, sobald sowohl der Websiteschlüssel als auch der geheime Schlüssel gespeichert sind.',
  'admin.human_check.site_key': 'Websiteschlüssel',
  'admin.human_check.site_key_hint':
    'Der öffentliche Schlüssel einer für diese Domain registrierten reCAPTCHA-v3-Website.',
  'admin.human_check.secret': 'Geheimer Schlüssel',
  'admin.human_check.secret_set':
    'Ein geheimer Schlüssel ist gespeichert. Geben Sie einen neuen ein, um ihn zu ersetzen.',
  'admin.human_check.secret_unset': 'Es ist noch kein geheimer Schlüssel gespeichert.',
  'admin.human_check.clear_secret': 'Schlüssel entfernen',
  'admin.human_check.min_score': 'Niedrigste zugelassene Bewertung',
  'admin.human_check.min_score_hint': 'Von 0 (alle) bis 1 (nur die sichersten). Google empfiehlt 0.5.',
  'admin.human_check.save': 'Speichern',
  'admin.human_check.saved': 'Einstellungen des Bot-Schutzes gespeichert.',
  'admin.human_check.active': 'An: Die Formulare verlangen ein reCAPTCHA-Token.',
  'admin.human_check.incomplete':
    'Noch nicht aktiv: Sowohl ein Websiteschlüssel als auch ein geheimer Schlüssel werden benötigt.',
  'admin.human_check.off': 'Aus: Die Formulare verlangen keine Prüfung.',
  'admin.human_check.warning':
    'Auch die Anmeldung wird geprüft, Ihre eigene eingeschlossen: Testen Sie die Anmeldung in einem privaten Fenster, bevor Sie sich abmelden.',
  'admin.human_check.invalid_score': 'Geben Sie eine Zahl von 0 bis 1 ein.',
};

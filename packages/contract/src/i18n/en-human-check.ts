/** English strings of the human check (reCAPTCHA v3): the forms' notice, its errors, the admin section. */
export const enHumanCheck: Record<string, string> = {
  'errors.human_check.failed':
    'We couldn’t confirm that you’re a person. Please try again; if it keeps failing, allow scripts from Google reCAPTCHA for this site.',
  'errors.human_check.unavailable': 'The human check is not answering right now. Please try again in a minute.',
  'human_check.notice':
    'This site is protected by reCAPTCHA and the Google <privacy>Privacy Policy</privacy> and <terms>Terms of Service</terms> apply.',
  'admin.human_check.title': 'Human check',
  'admin.human_check.description':
    'Google reCAPTCHA v3 scores each sign-in, sign-up, password recovery and contact message without a puzzle, and low scores are refused.',
  'admin.human_check.enable': 'Check that a person is filling in the forms',
  'admin.human_check.enable_description': 'Takes effect once the site key and the secret key are both saved.',
  'admin.human_check.site_key': 'Site key',
  'admin.human_check.site_key_hint': 'The public key of a reCAPTCHA v3 site registered for this domain.',
  'admin.human_check.secret': 'Secret key',
  'admin.human_check.secret_set': 'A secret key is saved. Type a new one to replace it.',
  'admin.human_check.secret_unset': 'No secret key is saved yet.',
  'admin.human_check.clear_secret': 'Remove secret',
  'admin.human_check.min_score': 'Lowest score let through',
  'admin.human_check.min_score_hint': 'From 0 (anyone) to 1 (only the surest). Google suggests 0.5.',
  'admin.human_check.save': 'Save',
  'admin.human_check.saved': 'Human check settings saved.',
  'admin.human_check.active': 'On: the forms ask for a reCAPTCHA token.',
  'admin.human_check.incomplete': 'Not on yet: a site key and a secret key are both needed.',
  'admin.human_check.off': 'Off: the forms don’t ask for a check.',
  'admin.human_check.warning':
    'Sign-in is checked too, yours included: try signing in from a private window before you sign out.',
  'admin.human_check.invalid_score': 'Enter a number from 0 to 1.',
};

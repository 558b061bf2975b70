/**
 * The mails' texts (ADR 0044): written in the recipient's language from the same catalogue as the
 * screens, administrators' edits included. The layout escapes every value filled in.
 */
export const enMail: Record<string, string> = {
  'mail.greeting': 'Hello {{name}},',
  'mail.greeting_anonymous': 'Hello,',
  'mail.unexpected': 'If you did not expect this, you can ignore this mail.',
  'mail.reset.subject': 'Reset your {{app}} password',
  'mail.reset.line': 'We received a request to reset the password of your account.',
  'mail.reset.valid': 'The link is valid for 60 minutes.',
  'mail.reset.action': 'Reset password',
  'mail.reset.outro': 'If you did not ask for this, you can ignore this mail; your password stays as it is.',
  'mail.verify.subject': 'Verify your email for {{app}}',
  'mail.verify.greeting': 'Welcome, {{name}}!',
  'mail.verify.line': 'Please confirm that this is your email address to finish creating your account.',
  'mail.verify.action': 'Verify email',
  'mail.verify.outro': 'If you did not create an account, no further action is required.',
  'mail.signup_taken.subject': 'Someone tried to sign up to {{app}} with your email',
  'mail.signup_taken.line':
    'Someone, perhaps you, tried to create an account on {{app}} with this email address. It already has an account, so no second one was made.',
  'mail.signup_taken.hint': 'If it was you, sign in, or reset your password if you have forgotten it.',
  'mail.signup_taken.action': 'Sign in',
  'mail.signup_taken.outro': 'If it was not you, you can ignore this mail; your account stays as it is.',
  'mail.invitation.subject': '{{name}} invites you to the team folder “{{folder}}”',
  'mail.invitation.line_edit':
    '{{name}} ({{email}}) invites you to join the team folder “{{folder}}” on {{app}}, where you can see and change its files.',
  'mail.invitation.line_view':
    '{{name}} ({{email}}) invites you to join the team folder “{{folder}}” on {{app}}, where you can see its files.',
  'mail.invitation.join': 'Join the team folder',
  'mail.invitation.join_new': 'Join & create account',
  'mail.request.subject': '{{name}} asks you to upload files',
  'mail.request.line': '{{name}} asks you to upload files on {{app}}.',
  'mail.request.notes': 'Their message: “{{notes}}”',
  'mail.request.action': 'Upload files',
  'mail.request.outro': 'You do not need an account. If you did not expect this, you can ignore this mail.',
  'mail.filled.subject': 'Your upload request “{{folder}}” is complete',
  'mail.filled.line_one': 'Your upload request “{{folder}}” is complete: 1 file arrived.',
  'mail.filled.line_other': 'Your upload request “{{folder}}” is complete: {{count}} files arrived.',
  'mail.filled.action': 'Open the folder',
  'mail.filled.outro': 'The link no longer takes uploads.',
  'mail.share.subject': '{{name}} shared “{{item}}” with you',
  'mail.share.line_file': '{{name}} ({{email}}) shared the file “{{item}}” with you on {{app}}.',
  'mail.share.line_folder': '{{name}} ({{email}}) shared the folder “{{item}}” with you on {{app}}.',
  'mail.share.open_file': 'Open the file',
  'mail.share.open_folder': 'Open the folder',
};

/**
 * The notifications' texts (ADR 0073): a notification is stored as one of these kinds and its
 * values, and read in the reader's language when shown. `notification.<kind>.title`,
 * `.description` and, for those with a button, `.button`.
 */
export const enNotifications: Record<string, string> = {
  'notification.team.invited.title': 'New team invitation',
  'notification.team.invited.description': '{{name}} invites you to join the team folder “{{folder}}”.',
  'notification.team.joined.title': '{{name}} joined “{{folder}}”',
  'notification.team.joined.description':
    '{{name}} ({{email}}) accepted your invitation to the team folder “{{folder}}”.',
  'notification.team.joined.button': 'Open the team folder',

  'notification.file_request.filled.title': 'Upload request “{{folder}}” is complete',
  'notification.file_request.filled.description_one': '1 file arrived. The link no longer takes uploads.',
  'notification.file_request.filled.description_other': '{{count}} files arrived. The link no longer takes uploads.',
  'notification.file_request.filled.button': 'Show files',
  'notification.file_request.first_upload.title': 'Files are arriving in “{{folder}}”',
  'notification.file_request.first_upload.description': 'Someone started uploading through your upload request.',
  'notification.file_request.first_upload.button': 'Show files',
  'notification.file_request.requested.title': '{{name}} asks you to upload files',
  'notification.file_request.requested.description':
    'Open the upload page to send your files. They go straight to their folder.',
  'notification.file_request.requested.button': 'Upload files',
  'notification.file_request.requested_note.title': '{{name}} asks you to upload files',
  'notification.file_request.requested_note.description': 'Their message: “{{note}}”',
  'notification.file_request.requested_note.button': 'Upload files',

  'notification.remote_upload.done.title': 'Upload from links finished',
  'notification.remote_upload.done.description_one': '{{stored}} of {{count}} file was uploaded from links.',
  'notification.remote_upload.done.description_other': '{{stored}} of {{count}} files were uploaded from links.',
  'notification.remote_upload.done.button': 'Show files',
  'notification.remote_upload.done_failures.title': 'Upload from links finished with failures',
  'notification.remote_upload.done_failures.description_one':
    '{{stored}} of {{count}} file was uploaded from links. What failed:\n{{failures}}',
  'notification.remote_upload.done_failures.description_other':
    '{{stored}} of {{count}} files were uploaded from links. What failed:\n{{failures}}',
  'notification.remote_upload.done_failures.button': 'Show files',

  'notification.billing.bonus.title': 'You received a registration bonus',
  'notification.billing.bonus.description': 'You received {{amount}} to spend on your usage.',
  'notification.billing.bonus.button': 'Show billing',
  'notification.billing.credit.title': 'You received a credit',
  'notification.billing.credit.description': 'An administrator added credit to your balance.',
  'notification.billing.credit.button': 'Show billing',
  'notification.billing.subscribed.title': 'Your subscription is active',
  'notification.billing.subscribed.description': 'Thank you for subscribing to {{plan}}.',
  'notification.billing.subscribed.button': 'Show subscription',
  'notification.billing.balance_low.title': 'Your balance is too low',
  'notification.billing.balance_low.description':
    'Your balance did not cover {{amount}} for {{period}}. Please top up your balance.',
  'notification.billing.balance_low.button': 'Show billing',
  'notification.billing.card_failed.title': 'Your card payment failed',
  'notification.billing.card_failed.description':
    'We could not charge {{amount}} for {{period}} to your card. Please update your card.',
  'notification.billing.card_failed.button': 'Show billing',
  'notification.billing.card_failed_again.title': 'Your card payment failed again',
  'notification.billing.card_failed_again.description':
    'We could not charge {{amount}} for {{period}} to your card again.',
  'notification.billing.card_failed_again.button': 'Show billing',
  'notification.billing.alert.title': 'Your usage passed your billing alert',
  'notification.billing.alert.description':
    'Your estimate for this period is {{amount}}, above your alert of {{limit}}.',
  'notification.billing.alert.button': 'Show billing',
  'notification.billing.reminder_new.title': 'Payment reminder {{sequence}} of 3',
  'notification.billing.reminder_new.description': 'Please make your first payment to cover your usage.',
  'notification.billing.reminder_new.button': 'Show billing',
  'notification.billing.reminder_balance.title': 'Payment reminder {{sequence}} of 3',
  'notification.billing.reminder_balance.description':
    'Please increase your account balance higher than your monthly usage.',
  'notification.billing.reminder_balance.button': 'Show billing',
};

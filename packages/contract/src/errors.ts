import { z } from 'zod';

/** Stable error codes. The client translates them; the message is a safe English fallback. */
export const errorCodes = [
  'validation.failed',
  'auth.unauthenticated',
  'auth.forbidden',
  'auth.invalid_credentials',
  'auth.registration_disabled',
  'auth.email_taken',
  'auth.email_not_verified',
  'auth.invalid_reset_token',
  'auth.invalid_verification_link',
  'auth.too_many_attempts',
  'auth.two_factor_invalid_code',
  'auth.two_factor_not_enabled',
  'auth.two_factor_already_enabled',
  'auth.two_factor_challenge_expired',
  'auth.passkey_challenge_expired',
  'auth.passkey_invalid',
  'auth.passkey_exists',
  'auth.passkey_none',
  'auth.passkeys_unavailable',
  'auth.invalid_token',
  'auth.token_scope',
  'auth.account_suspended',
  'link.owner_unavailable',
  'link.owner_restricted',
  'admin.last_admin',
  'admin.self',
  'admin.email_mismatch',
  'admin.user_deleting',
  'tokens.too_many',
  'social.unknown_provider',
  'social.provider_disabled',
  'human_check.failed',
  'human_check.unavailable',
  'contact.unavailable',
  'csrf.token_mismatch',
  'setup.completed',
  'setup.database_unreachable',
  'setup.storage_unreachable',
  'setup.mail_unreachable',
  'setup.admin_exists',
  'settings.unknown_key',
  'language.not_found',
  'language.exists',
  'language.unknown_locale',
  'language.english_protected',
  'language.default_protected',
  'language.unknown_key',
  'language.placeholders',
  'appearance.not_an_image',
  'appearance.too_large',
  'environment.fixed_by_env',
  'environment.storage_unreachable',
  'environment.mail_failed',
  'environment.confirmation_required',
  'items.move_into_itself',
  'items.parent_trashed',
  'items.not_trashed',
  'items.too_deep',
  'items.too_many',
  'items.selection_conflict',
  'upload.too_large',
  'upload.type_blocked',
  'upload.quota_exceeded',
  'upload.restricted',
  'upload.empty_file',
  'upload.offset_mismatch',
  'upload.session_required',
  'upload.chunk_size_mismatch',
  'upload.malformed_body',
  'avatar.not_an_image',
  'avatar.too_large',
  'remote_upload.address_refused',
  'remote_upload.fetch_failed',
  'remote_upload.timeout',
  'remote_upload.interrupted',
  'remote_upload.too_slow',
  'remote_upload.batch_timeout',
  'remote_upload.queue_full',
  'download.restricted',
  'folder.restricted',
  'share.exists',
  'share.expired',
  'share.revoked',
  'share.locked',
  'share.wrong_password',
  'share.read_only',
  'request.closed',
  'teams.member_limit',
  'teams.restricted',
  'teams.not_team_folder',
  'teams.already_team_folder',
  'teams.nested',
  'teams.owner_only',
  'teams.not_member',
  'teams.invite_self',
  'teams.move_across',
  'teams.invitation_gone',
  'teams.invitation_other_account',
  'storage.full',
  'billing.gateway_not_configured',
  'billing.gateway_error',
  'billing.webhook_signature',
  'billing.no_subscription',
  'billing.already_subscribed',
  'billing.plan_unavailable',
  'billing.alert_exists',
  'billing.currency_mismatch',
  'billing.currency_unsupported',
  'billing.no_card',
  'billing.mode_mismatch',
  'billing.restricted',
  'service.database_unavailable',
  'service.rate_limiter_unavailable',
  'not_found',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * A schema check whose failure is not a field error but a refusal with its own code and status:
 * it carries them in the issue's `params`, and the server's error handler answers with them.
 */
export interface CodedIssue {
  code: ErrorCode;
  status: 400;
}
export const isCodedIssue = (params: unknown): params is CodedIssue =>
  typeof params === 'object' &&
  params !== null &&
  (errorCodes as readonly string[]).includes((params as { code?: unknown }).code as string) &&
  (params as { status?: unknown }).status === 400;

export const errorResponse = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  /** Field errors for validation.failed, keyed by field path. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Extra facts for the client (for example retryAfter seconds). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({
  type: z.literal('success'),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponse>;

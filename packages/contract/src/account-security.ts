import { z } from 'zod';
import { messageResponse } from './errors.js';

/**
 * The account's security calls (issue 15 points 2 and 3, ADR 0031): two-factor sign-in with a
 * time-based code (TOTP) and recovery codes, and the user's active sessions.
 */

/** Digits of a code from an authenticator app. */
export const TWO_FACTOR_CODE_DIGITS = 6;
/** Recovery codes handed out at a time; each works once. */
export const RECOVERY_CODES_COUNT = 10;

/** The current password, asked again before the two-factor settings change. */
export const confirmPasswordRequest = z.object({ password: z.string().min(1).max(200) });
export type ConfirmPasswordRequest = z.input<typeof confirmPasswordRequest>;

/** Spaces an app shows in the middle of a code ("123 456") are ignored. */
export const twoFactorCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app.' }));

/** Recovery codes are read back case-, space- and dash-insensitively. */
export const recoveryCode = z
  .string()
  .max(60)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{16}$/, { message: 'Enter one of your recovery codes.' }));

/** `POST /api/user/two-factor-authentication` {password}: a new secret, not in force until confirmed. */
export const enableTwoFactorResponse = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code: a standalone SVG document. */
  qr_svg: z.string(),
});
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponse>;

/** `POST /api/user/confirmed-two-factor-authentication` {code}. */
export const confirmTwoFactorRequest = z.object({ code: twoFactorCode });
export type ConfirmTwoFactorRequest = z.input<typeof confirmTwoFactorRequest>;

/** The new recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/**
 * `GET /api/user/two-factor-recovery-codes`: how many unused recovery codes are left. The codes
 * themselves cannot be shown again (only their hashes are kept); `POST` makes new ones.
 */
export const recoveryCodesStatusResponse = z.object({ remaining: z.number().int() });
export type RecoveryCodesStatusResponse = z.infer<typeof recoveryCodesStatusResponse>;

/** `POST /api/login`: signed in, or the password was right and the code step follows (no session yet). */
export const twoFactorRequiredResponse = z.object({ two_factor: z.literal(true) });
export const loginResponse = z.union([messageResponse, twoFactorRequiredResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** `POST /api/two-factor-challenge`: a code from the app, or one of the recovery codes. */
export const twoFactorChallengeRequest = z
  .object({ code: twoFactorCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: 'Enter a code from your authenticator app or a recovery code.',
    path: ['code'],
  });
export type TwoFactorChallengeRequest = { code: string } | { recovery_code: string };

/** One of the user's signed-in sessions, as the password page lists them. */
export const userSession = z.object({
  id: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
  /** The address it was last seen from. */
  ip: z.string().nullable(),
  /** Read from the browser's user agent; null when it says nothing recognisable. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type UserSession = z.infer<typeof userSession>;

/** `GET /api/user/sessions`: the live sessions, the caller’s first, then the most recently seen. */
export const userSessionsResponse = z.object({ data: z.array(userSession) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponse>;

/** `DELETE /api/user/sessions/{id}` and `DELETE /api/user/sessions` (every other one). */
export const sessionsEndedResponse = z.object({ ended: z.number().int() });
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponse>;

import { z } from 'zod';
import { email, password, personName } from './common.js';
import { humanCheckToken } from './human-check.js';

export const registerRequest = z
  .object({
    name: personName(255),
    email,
    password,
    password_confirmation: z.string(),
    reCaptcha: humanCheckToken,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const registerResponse = z.object({
  type: z.literal('success'),
  message: z.string(),
  /** True when the account must verify its email before signing in. */
  verificationRequired: z.boolean(),
});

export const loginRequest = z.object({ email, password: z.string().min(1).max(200), reCaptcha: humanCheckToken });
export type LoginRequest = z.input<typeof loginRequest>;

export const checkAccountRequest = z.object({ email });
/**
 * Step one of the two-step sign-in. The answer is the same for every email, known or not, so the
 * step tells nobody which accounts exist (no name, avatar or verified flag); the password step follows.
 */
export const checkAccountResponse = z.object({ next: z.literal('password') });
export type CheckAccountResponse = z.infer<typeof checkAccountResponse>;

export const recoverPasswordRequest = z.object({ email, reCaptcha: humanCheckToken });
export const resetPasswordRequest = z
  .object({ token: z.string().min(1).max(200), email, password, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const resendVerificationRequest = z.object({ email });

/**
 * `current` is asked of an account that has a password; an account made by a sign-in provider has
 * none, and sets its first one without it (ADR 0035).
 */
export const changePasswordRequest = z
  .object({ current: z.string().min(1).max(200).optional(), password, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** Sign-in providers (ADR 0035). */
export const socialProviders = ['google', 'facebook', 'github'] as const;
export const socialProvider = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProvider>;

/** `GET /api/socialite/{provider}/redirect`: where the browser goes to sign in at the provider. */
export const socialRedirectResponse = z.object({ data: z.object({ url: z.url() }) });
export type SocialRedirectResponse = z.infer<typeof socialRedirectResponse>;

/**
 * Why the provider's callback sent the browser back to the sign-in page (`/sign-in?social=…`):
 * `two_factor` and `verify_email` are next steps, the others say why nobody was signed in.
 */
export const socialOutcomes = [
  'two_factor',
  'verify_email',
  'state',
  'denied',
  'provider',
  'unavailable',
  'no_email',
  'email_unverified',
  'account_unverified',
  'registration_closed',
] as const;
export type SocialOutcome = (typeof socialOutcomes)[number];

import { EMAIL_PATTERN, PASSWORD_MIN } from '@filestore/contract';
import { z } from 'zod';

/*
 * Field schemas the screens' forms share (ADR 0068), worded by the catalogue. The contract's own
 * field schemas carry English sentences for API clients; these say the same in the reader's language.
 */

/** An email address: trimmed, required, the contract's pattern. */
export const emailField = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .regex(EMAIL_PATTERN, { message: 'validation.email' });

/** A new password: the contract's least length. */
export const newPasswordField = z.string().min(PASSWORD_MIN, { message: 'validation.password_min' });

/** Text that must not be blank (kept as typed; trimmed where the call wants it). */
export const requiredText = z.string().refine((v) => v.trim() !== '', { message: 'validation.required' });

/** The password typed again: required on its own, so an empty one is flagged even while the password is too short. */
export const confirmationField = z.string().min(1, { message: 'validation.required' });

/** Makes `confirmation` equal `password` (the mismatch message sits on the confirmation). */
export function confirmed<T extends { password: string; password_confirmation: string }>(values: T) {
  return values.password_confirmation === values.password;
}
export const mismatch = { path: ['password_confirmation'], message: 'validation.password_mismatch' };

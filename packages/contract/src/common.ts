import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_MIN } from './limits.js';

export const email = z
  .string()
  .trim()
  .max(255)
  .regex(EMAIL_PATTERN, { message: 'Enter a valid email address.' })
  .transform((v) => v.toLowerCase());

/**
 * C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F): invisible, and some (NEL U+0085,
 * for one) break lines in logs, mail headers and file systems. No name of anything holds them.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A person's name: trimmed, not empty, no control characters. */
export const personName = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'Enter your name.' })
    .max(max)
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'A name cannot contain control characters.' });

export const password = z
  .string()
  .min(PASSWORD_MIN, { message: `The password must be at least ${PASSWORD_MIN} characters.` })
  .max(200);

/** Accepts booleans and the reference's "1"/"0"/"true"/"false" strings (multipart forms send strings). */
export const looseBoolean = z.union([
  z.boolean(),
  z.enum(['1', '0', 'true', 'false', 'on', 'off']).transform((v) => v === '1' || v === 'true' || v === 'on'),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
]);

export const themeMode = z.enum(['light', 'dark', 'system']);
export type ThemeMode = z.infer<typeof themeMode>;
export const emojiType = z.enum(['twemoji', 'applemoji']);
export type EmojiType = z.infer<typeof emojiType>;
export const subscriptionType = z.enum(['none', 'fixed', 'metered']);
export type SubscriptionType = z.infer<typeof subscriptionType>;
export const role = z.enum(['admin', 'user']);

/**
 * A person's avatar: URLs of square WebP crops of 42, 60 and 160 px (spec §3), readable by any
 * signed-in user. The web picks md at 52 px or more, sm above 32, else xs.
 */
export const avatar = z.object({ xs: z.string(), sm: z.string(), md: z.string() });
export type Avatar = z.infer<typeof avatar>;
export type Role = z.infer<typeof role>;

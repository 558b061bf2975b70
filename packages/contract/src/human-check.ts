import { z } from 'zod';

/**
 * The human check (reCAPTCHA v3, issue 15 point 7, ADR 0036). Each protected form asks for a token
 * of its own action, and the server refuses a token made for another one.
 */
export const humanCheckActions = ['login', 'register', 'password_reset', 'contact'] as const;
export type HumanCheckAction = (typeof humanCheckActions)[number];

/**
 * The token, in the reference's field `reCaptcha`. Optional in the schema: the server asks for it
 * only while the administrator has the check on, and answers `human_check.failed` when it is missing.
 */
export const humanCheckToken = z.string().max(4096).optional();

import { EMAIL_PATTERN, s3Settings, smtpSettings } from '@filestore/contract';
import { z } from 'zod';

/*
 * The contract's S3 and SMTP settings as the setup wizard and Admin → Environment check them
 * before a round trip: the same rules, worded for the reader, over the strings a form holds.
 */

export const s3Form = s3Settings.extend({
  endpoint: z
    .string()
    .trim()
    .refine((value) => !value || /^https?:\/\/\S+$/.test(value), { message: 'validation.url' }),
  bucket: z.string().trim().min(3, { message: 'validation.bucket' }).max(63),
});

export const portField = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { message: 'validation.port' })
  .transform(Number)
  .pipe(z.number().int().min(1, { message: 'validation.port' }).max(65535, { message: 'validation.port' }));

export const smtpForm = smtpSettings.extend({
  port: portField,
  encryption: z.enum(['tls', 'starttls', 'none']),
  from: z.string().trim().regex(EMAIL_PATTERN, { message: 'validation.email' }),
});

/** A required email address, worded by the catalogue (the contract's `email` says it in English). */
export const emailField = z.string().trim().min(1).max(255).regex(EMAIL_PATTERN, { message: 'validation.email' });

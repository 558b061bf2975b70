import { z } from 'zod';
import { s3Settings, smtpSettings } from './setup.js';

/**
 * The admin's environment tab (issue 16 point 3, ADR 0043): storage and mail as the setup wizard
 * chose them, changed later. Secrets are write-only: they read back as whether they are set.
 */
export const environmentResponse = z.object({
  data: z.object({
    storage: z.object({
      driver: z.enum(['local', 's3']),
      /** Set by STORAGE_DRIVER and S3_* in the environment: read-only here. */
      fromEnv: z.boolean(),
      s3: z
        .object({
          endpoint: z.string(),
          region: z.string(),
          bucket: z.string(),
          key: z.string(),
          forcePathStyle: z.boolean(),
          secretSet: z.boolean(),
        })
        .nullable(),
      /** Files, avatars and appearance images kept by the current storage: left behind by a switch. */
      storedObjects: z.number().int(),
    }),
    mail: z.object({
      driver: z.enum(['outbox', 'smtp']),
      /** Set by SMTP_HOST and its companions in the environment: read-only here. */
      fromEnv: z.boolean(),
      smtp: z
        .object({
          host: z.string(),
          port: z.number().int(),
          username: z.string(),
          encryption: z.enum(['tls', 'starttls', 'none']),
          from: z.string(),
          passwordSet: z.boolean(),
        })
        .nullable(),
    }),
  }),
});
export type EnvironmentResponse = z.infer<typeof environmentResponse>;

/**
 * PUT /api/admin/environment/storage: tested by a real write, read and delete before it is saved.
 * An omitted S3 secret keeps the one in use. Moving to another place while files are stored needs
 * `confirm`: the new place's name (the bucket, or "local"), typed.
 */
export const storageEnvironmentRequest = z.discriminatedUnion('driver', [
  z.object({ driver: z.literal('local'), confirm: z.string().max(100).optional() }),
  z.object({
    driver: z.literal('s3'),
    s3: s3Settings.extend({ secret: z.string().max(255).optional() }),
    confirm: z.string().max(100).optional(),
  }),
]);
export type StorageEnvironmentRequest = z.input<typeof storageEnvironmentRequest>;

/**
 * PUT /api/admin/environment/mail: SMTP is tested by sending a real message to the admin before it
 * is saved. An omitted password keeps the one in use.
 */
export const mailEnvironmentRequest = z.discriminatedUnion('driver', [
  z.object({ driver: z.literal('outbox') }),
  z.object({
    driver: z.literal('smtp'),
    smtp: smtpSettings.extend({ password: z.string().max(255).optional() }),
  }),
]);
export type MailEnvironmentRequest = z.input<typeof mailEnvironmentRequest>;

import { z } from 'zod';
import { registerRequest } from './auth.js';
import { email, looseBoolean, subscriptionType } from './common.js';

export const databaseSetupRequest = z.discriminatedUnion('connection', [
  z.object({ connection: z.literal('embedded') }),
  z.object({
    connection: z.literal('postgres'),
    host: z.string().trim().min(1).max(255),
    port: z.coerce.number().int().min(1).max(65535).default(5432),
    name: z.string().trim().min(1).max(63),
    username: z.string().trim().min(1).max(63),
    password: z.string().max(255).optional().default(''),
    ssl: looseBoolean.optional().default(false),
  }),
]);
export type DatabaseSetupRequest = z.input<typeof databaseSetupRequest>;

/**
 * Spec §9's 22 storage regions, offered as a list when S3 is chosen (the wizard and Admin →
 * Environment), each with the country it is in (named by `Intl.DisplayNames` in the reader's
 * language). Any other region (Ceph, MinIO, Wasabi…) is typed by hand: `region` is free text.
 */
export const S3_REGIONS = [
  { code: 'us-east-1', country: 'US' },
  { code: 'us-east-2', country: 'US' },
  { code: 'us-west-1', country: 'US' },
  { code: 'us-west-2', country: 'US' },
  { code: 'af-south-1', country: 'ZA' },
  { code: 'ap-east-1', country: 'HK' },
  { code: 'ap-south-1', country: 'IN' },
  { code: 'ap-northeast-1', country: 'JP' },
  { code: 'ap-northeast-2', country: 'KR' },
  { code: 'ap-northeast-3', country: 'JP' },
  { code: 'ap-southeast-1', country: 'SG' },
  { code: 'ap-southeast-2', country: 'AU' },
  { code: 'ap-southeast-3', country: 'ID' },
  { code: 'ca-central-1', country: 'CA' },
  { code: 'eu-central-1', country: 'DE' },
  { code: 'eu-west-1', country: 'IE' },
  { code: 'eu-west-2', country: 'GB' },
  { code: 'eu-west-3', country: 'FR' },
  { code: 'eu-south-1', country: 'IT' },
  { code: 'eu-north-1', country: 'SE' },
  { code: 'me-south-1', country: 'BH' },
  { code: 'sa-east-1', country: 'BR' },
] as const;

export const s3Settings = z.object({
  endpoint: z.string().trim().url().optional().or(z.literal('')),
  region: z.string().trim().min(1).max(64),
  bucket: z.string().trim().min(3).max(63),
  key: z.string().trim().min(1).max(255),
  secret: z.string().min(1).max(255),
  forcePathStyle: looseBoolean.optional().default(true),
});
export type S3Settings = z.infer<typeof s3Settings>;

export const smtpSettings = z.object({
  host: z.string().trim().min(1).max(255),
  port: z.coerce.number().int().min(1).max(65535),
  username: z.string().max(255).optional().default(''),
  password: z.string().max(255).optional().default(''),
  encryption: z.enum(['tls', 'starttls', 'none']).default('starttls'),
  from: z
    .string()
    .trim()
    .regex(/^\S+@\S+\.\S+$/, { message: 'Enter a valid sender address.' }),
});
export type SmtpSettings = z.infer<typeof smtpSettings>;

export const environmentSetupRequest = z.object({
  storage: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local') }),
    z.object({ driver: z.literal('s3'), s3: s3Settings }),
  ]),
  mail: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('outbox') }),
    z.object({ driver: z.literal('smtp'), smtp: smtpSettings }),
  ]),
});
export type EnvironmentSetupRequest = z.input<typeof environmentSetupRequest>;

export const appSetupRequest = z.object({
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().min(1).max(500),
  contactMail: email,
  userRegistration: looseBoolean,
  storageLimitation: looseBoolean,
  defaultStorage: z.coerce.number().int().min(1).max(999_999_999).optional(),
  subscriptionType: subscriptionType.optional().default('none'),
});
export type AppSetupRequest = z.input<typeof appSetupRequest>;

/** The first admin signs up with the same rules as everyone else. */
export const adminSetupRequest = registerRequest;
export type AdminSetupRequest = z.input<typeof adminSetupRequest>;

/** What the wizard screens show about the current choice (no secrets). */
export const setupState = z.object({
  database: z.object({ driver: z.enum(['pglite', 'postgres']), fromEnv: z.boolean() }),
  storage: z.object({ driver: z.enum(['local', 's3']), fromEnv: z.boolean() }),
  mail: z.object({ driver: z.enum(['outbox', 'smtp']), fromEnv: z.boolean() }),
});
export type SetupState = z.infer<typeof setupState>;

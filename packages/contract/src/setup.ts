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

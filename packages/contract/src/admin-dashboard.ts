import { z } from 'zod';
import { fileCategory } from './files.js';

/** ok: working; warning: working but needs attention; down: not working. */
export const healthStatus = z.enum(['ok', 'warning', 'down']);
export type HealthStatus = z.infer<typeof healthStatus>;

export const jobHealth = z.object({
  name: z.string(),
  status: healthStatus,
  interval_seconds: z.number(),
  last_run_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type JobHealth = z.infer<typeof jobHealth>;

/** The server's health (GET /api/admin/status, and its summary on the dashboard). */
export const serverHealth = z.object({
  database: z.object({
    status: healthStatus,
    driver: z.enum(['pglite', 'postgres']),
    latency_ms: z.number().nullable(),
    migrations_applied: z.number().int(),
    migrations_total: z.number().int(),
    error: z.string().nullable(),
  }),
  storage: z.object({
    status: healthStatus,
    driver: z.enum(['local', 's3']),
    latency_ms: z.number().nullable(),
    error: z.string().nullable(),
  }),
  mail: z.object({ status: healthStatus, driver: z.enum(['outbox', 'smtp']), host: z.string().nullable() }),
  redis: z.object({
    status: healthStatus,
    configured: z.boolean(),
    latency_ms: z.number().nullable(),
    error: z.string().nullable(),
  }),
  jobs: z.object({ status: healthStatus, items: z.array(jobHealth) }),
  disk: z.object({
    status: healthStatus,
    path: z.string(),
    free_bytes: z.number().nullable(),
    total_bytes: z.number().nullable(),
  }),
  runtime: z.object({
    status: healthStatus,
    node_version: z.string(),
    app_version: z.string(),
    uptime_seconds: z.number(),
    started_at: z.string(),
  }),
});
export type ServerHealth = z.infer<typeof serverHealth>;

/** One line of the running configuration: a secret says only whether it is set, never its value. */
export const configEntry = z.object({
  key: z.string(),
  value: z.string().nullable(),
  secret: z.boolean(),
  set: z.boolean(),
});
export type ConfigEntry = z.infer<typeof configEntry>;

export const adminStatusResponse = z.object({
  data: serverHealth.extend({ config: z.array(configEntry) }),
});
export type AdminStatusResponse = z.infer<typeof adminStatusResponse>;

export const trafficDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  upload: z.number(),
  download: z.number(),
});
export type TrafficDay = z.infer<typeof trafficDay>;

export const newestUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.object({ xs: z.string(), sm: z.string(), md: z.string() }).nullable(),
  color: z.string(),
  created_at: z.string(),
});

export const adminDashboardResponse = z.object({
  data: z.object({
    users: z.object({ total: z.number().int(), admins: z.number().int(), new_last_30_days: z.number().int() }),
    storage: z.object({
      used: z.number(),
      by_category: z.array(z.object({ category: fileCategory, bytes: z.number() })),
    }),
    /** The last 45 UTC days, oldest first, every day present (0 without traffic). */
    traffic: z.object({ days: z.array(trafficDay), upload_total: z.number(), download_total: z.number() }),
    newest_users: z.array(newestUser),
    health: serverHealth,
    /** Completed charges and withdrawals per currency (issue 17); empty on a free server. */
    earnings: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  }),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

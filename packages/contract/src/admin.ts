import { z } from 'zod';

export const adminDashboardResponse = z.object({
  data: z.object({ users: z.object({ total: z.number().int(), admins: z.number().int() }) }),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;

/** PATCH (or POST with `_method=patch`) /api/admin/settings: one setting by name (reference §12.4). */
export const adminSettingUpdate = z.object({
  name: z.string().min(1).max(100),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
  _method: z.string().optional(),
});
export type AdminSettingUpdate = z.infer<typeof adminSettingUpdate>;

export const adminSettingsResponse = z.object({ data: z.record(z.string(), z.unknown()) });
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponse>;

/** PATCH /api/admin/users/{id}/capacity: storage capacity in decimal gigabytes, or null for the default. */
export const adminCapacityUpdate = z.object({
  capacity: z.number().positive().max(1_000_000).nullable(),
  _method: z.string().optional(),
});

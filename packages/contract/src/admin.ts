import { z } from 'zod';
import { email, password, personName, role } from './common.js';

/** PATCH (or POST with `_method=patch`) /api/admin/settings: one setting by name (reference §12.4). */
export const adminSettingUpdate = z.object({
  name: z.string().min(1).max(100),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
  _method: z.string().optional(),
});
export type AdminSettingUpdate = z.infer<typeof adminSettingUpdate>;

export const adminSettingsResponse = z.object({ data: z.record(z.string(), z.unknown()) });
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponse>;

// ---- Users back office (issue 16, ADR 0040) -------------------------------------------------

/** Capacity in decimal gigabytes (`max_storage_amount`, reference §12.2); null: the default. */
const gigabytes = z
  .number()
  // One byte at least: a smaller positive amount would round to a capacity of nothing.
  .min(1e-9, { message: 'Give at least one byte (0.000000001 GB), or null for the default.' })
  .max(1_000_000)
  .nullable();

/**
 * PATCH /api/admin/users/{id}/capacity: `max_storage_amount` as the issue names it; `capacity`
 * (the earlier name) is still read.
 */
export const adminCapacityRequest = z
  .object({
    max_storage_amount: gigabytes.optional(),
    capacity: gigabytes.optional(),
    _method: z.string().optional(),
  })
  .refine((v) => v.max_storage_amount !== undefined || v.capacity !== undefined, {
    message: 'Give the capacity in gigabytes, or null for the default.',
    path: ['max_storage_amount'],
  });
export type AdminCapacityRequest = { max_storage_amount: number | null };

export const accountStatus = z.enum(['active', 'suspended', 'deleting']);
export type AccountStatusValue = z.infer<typeof accountStatus>;

export const adminUsersSort = z.enum(['name', 'email', 'role', 'storage', 'created_at']);
export type AdminUsersSort = z.infer<typeof adminUsersSort>;

/** GET /api/admin/users: search by name or email, sort, page; role and status filters. */
export const adminUsersQuery = z.object({
  query: z.string().trim().max(200).optional(),
  sort: adminUsersSort.default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  role: role.optional(),
  status: accountStatus.optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;
export type AdminUsersFilter = z.output<typeof adminUsersQuery>;

export const adminUserSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  status: accountStatus,
  color: z.string(),
  avatar: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  storage_used: z.number(),
  storage_used_formatted: z.string(),
  /** Bytes; null: unlimited. */
  storage_capacity: z.number().nullable(),
  /** The capacity in decimal gigabytes when set for this user; null: the default applies. */
  max_storage_amount: z.number().nullable(),
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminPaginate = z.object({
  currentPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});

export const adminUsersResponse = z.object({
  data: z.array(adminUserSummary),
  meta: z.object({ paginate: adminPaginate }),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const adminUserSession = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  created_at: z.string(),
  last_seen_at: z.string(),
});

export const adminUserDeletion = z.object({
  status: z.enum(['running', 'done']),
  phase: z.enum(['teams', 'files', 'folders', 'account', 'done']),
  total_items: z.number().int(),
  deleted_items: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminUserDeletion = z.infer<typeof adminUserDeletion>;

export const adminUserDetail = adminUserSummary.extend({
  two_factor_enabled: z.boolean(),
  suspended_at: z.string().nullable(),
  sessions: z.array(adminUserSession),
  deletion: adminUserDeletion.nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export const adminUserResponse = z.object({ data: adminUserDetail });
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

/** POST /api/admin/users: the account is verified at once. */
export const adminCreateUserRequest = z
  .object({
    name: personName(255),
    email,
    password,
    password_confirmation: z.string(),
    role,
    max_storage_amount: gigabytes.optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequest>;

export const adminRoleRequest = z.object({ role, _method: z.string().optional() });
export type AdminRoleRequest = { role: z.infer<typeof role> };

/** DELETE /api/admin/users/{id}: the administrator types the account's email to confirm. */
export const adminDeleteUserRequest = z.object({ email: z.string().trim().min(1).max(255) });
export type AdminDeleteUserRequest = z.infer<typeof adminDeleteUserRequest>;

export const adminUserDeletionResponse = z.object({ data: adminUserDeletion });
export type AdminUserDeletionResponse = z.infer<typeof adminUserDeletionResponse>;

const usageShare = z.object({ used: z.number(), used_formatted: z.string(), percentage: z.number() });
/** GET /api/admin/users/{id}/storage: as the user's own storage page. */
export const adminUserStorageResponse = z.object({
  data: z.object({
    used: z.number(),
    used_formatted: z.string(),
    capacity: z.number().nullable(),
    capacity_formatted: z.string().nullable(),
    percentage: z.number().nullable(),
    max_storage_amount: z.number().nullable(),
    breakdown: z.object({
      images: usageShare,
      videos: usageShare,
      audios: usageShare,
      documents: usageShare,
      others: usageShare,
      trash: usageShare,
    }),
  }),
});
export type AdminUserStorageResponse = z.infer<typeof adminUserStorageResponse>;

export const auditAction = z.enum([
  'user.created',
  'user.role_changed',
  'user.capacity_changed',
  'user.reset_link_sent',
  'user.suspended',
  'user.unsuspended',
  'user.deletion_started',
  'user.deleted',
  'settings.changed',
]);
export type AuditAction = z.infer<typeof auditAction>;

export const auditEntry = z.object({
  id: z.number().int(),
  action: auditAction,
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  target: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const adminAuditQuery = z.object({
  user: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminAuditQuery = z.input<typeof adminAuditQuery>;
export type AdminAuditFilter = z.output<typeof adminAuditQuery>;

export const adminAuditResponse = z.object({ data: z.array(auditEntry), meta: z.object({ paginate: adminPaginate }) });
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;

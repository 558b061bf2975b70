import type { AdminUserSummary, AdminUsersFilter, AdminUsersSort } from '@filestore/contract';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../lib/db/database.js';
import { formatBytes, GB } from '../../lib/format.js';
import type { Settings } from '../settings/index.js';
import { accountStatus, avatarUrls, fullName, storageCapacity, users, type UserRow } from '../users/index.js';

export const USERS_PER_PAGE = 20;

const nameSql = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
const SORTS: Record<AdminUsersSort, SQL | AnyPgColumn> = {
  name: nameSql,
  email: sql`lower(${users.email})`,
  role: users.role,
  storage: users.storageUsed,
  created_at: users.createdAt,
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin's users list: search in name and email, filters, a stable order (id breaks ties). */
export async function listUsers(db: Db, query: AdminUsersFilter) {
  const conditions: SQL[] = [];
  if (query.query) {
    const pattern = likePattern(query.query);
    conditions.push(
      or(
        ilike(users.email, pattern),
        sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`,
      ) as SQL,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'active') conditions.push(and(isNull(users.suspendedAt), isNull(users.deletingAt)) as SQL);
  if (query.status === 'suspended') conditions.push(and(isNotNull(users.suspendedAt), isNull(users.deletingAt)) as SQL);
  if (query.status === 'deleting') conditions.push(isNotNull(users.deletingAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.direction === 'asc' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(order(SORTS[query.sort]), order(users.id))
    .limit(USERS_PER_PAGE)
    .offset((query.page - 1) * USERS_PER_PAGE);
  const n = total?.n ?? 0;
  return {
    rows,
    paginate: {
      currentPage: query.page,
      perPage: USERS_PER_PAGE,
      total: n,
      lastPage: Math.max(1, Math.ceil(n / USERS_PER_PAGE)),
    },
  };
}

export function presentUserSummary(user: UserRow, settings: Settings): AdminUserSummary {
  return {
    id: user.id,
    name: fullName(user),
    email: user.email,
    role: user.role,
    status: accountStatus(user),
    color: user.color,
    avatar: avatarUrls(user)?.sm ?? null,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    storage_used: user.storageUsed,
    storage_used_formatted: formatBytes(user.storageUsed),
    storage_capacity: storageCapacity(user, settings),
    max_storage_amount: user.storageCapacity === null ? null : user.storageCapacity / GB,
    created_at: user.createdAt.toISOString(),
  };
}

/**
 * Locks the active administrators' rows for the caller's transaction and answers their ids: whether
 * one would remain without the target is decided on these, so concurrent demotions cannot both pass.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt), isNull(users.deletingAt)))
    .orderBy(users.id)
    .for('update');
  return admins.map((a) => a.id);
}

/** The user's row, locked for the rest of the caller's transaction. */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

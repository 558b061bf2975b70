import type { AdminAuditFilter, AuditAction, AuditEntry } from '@filestore/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import type { UserRow } from '../users/index.js';
import { adminAudit, type AdminAuditRow } from './admin.table.js';

/** Who did it: the admin's id and email (kept, so the entry still reads once that account is gone). */
export type AuditActor = Pick<UserRow, 'id' | 'email'>;
export type AuditTarget = Pick<UserRow, 'id' | 'email'>;

/**
 * Writes one audit entry (ADR 0040). Call it with the transaction of the action it records, so the
 * entry exists exactly when the change does. `details` must never carry a secret's value.
 */
export async function recordAudit(
  tx: Db,
  actor: AuditActor | null,
  action: AuditAction,
  target: AuditTarget | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? 'system',
    action,
    targetUserId: target?.id ?? null,
    targetEmail: target?.email ?? null,
    details,
  });
}

export function presentAudit(row: AdminAuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor: { id: row.actorId, email: row.actorEmail },
    target: row.targetUserId ? { id: row.targetUserId, email: row.targetEmail } : null,
    details: (row.details ?? {}) as Record<string, unknown>,
    created_at: row.createdAt.toISOString(),
  };
}

/** Newest first, optionally of one target user. */
export async function listAudit(db: Db, query: AdminAuditFilter) {
  const where: SQL | undefined = query.user ? and(eq(adminAudit.targetUserId, query.user)) : undefined;
  const [total] = await db.select({ n: count() }).from(adminAudit).where(where);
  const rows = await db
    .select()
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const n = total?.n ?? 0;
  return {
    data: rows.map(presentAudit),
    meta: {
      paginate: {
        currentPage: query.page,
        perPage: query.per_page,
        total: n,
        lastPage: Math.max(1, Math.ceil(n / query.per_page)),
      },
    },
  };
}

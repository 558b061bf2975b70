import type {
  AdminCreateUserRequest,
  AdminUserResponse,
  AdminUsersFilter,
  AdminUsersResponse,
  AdminUserStorageResponse,
} from '@filestore/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { GB } from '../../lib/format.js';
import {
  describeUserAgent,
  hashPassword,
  liveSessionsOf,
  requestPasswordResetFor,
  revokeAllSessions,
} from '../auth/index.js';
import { readSettings } from '../settings/index.js';
import { presentStorage, usageByCategory } from '../usage/index.js';
import { findUserById, insertUser, storageCapacity, updateUser, users, type UserRow } from '../users/index.js';
import { listUsers, lockActiveAdmins, lockUser, presentUserSummary } from './admin-users.repository.js';
import { recordAudit, type AuditActor } from './audit.js';
import { deletionOf, presentDeletion, queueDeletion } from './user-deletion.js';
import type { UserDeletionRow } from './admin.table.js';

export const lastAdmin = () =>
  new AppError(409, 'admin.last_admin', 'This is the last administrator: make someone else an administrator first.');
export const notOnYourself = () =>
  new AppError(409, 'admin.self', 'You cannot do this to your own account: ask another administrator.');
export const userDeleting = () => new AppError(409, 'admin.user_deleting', 'This account is being deleted.');

export async function usersList(ctx: AppContext, query: AdminUsersFilter): Promise<AdminUsersResponse> {
  const { rows, paginate } = await listUsers(ctx.db, query);
  const settings = await readSettings(ctx.db);
  return { data: rows.map((u) => presentUserSummary(u, settings)), meta: { paginate } };
}

async function present(ctx: AppContext, user: UserRow, deletion?: UserDeletionRow): Promise<AdminUserResponse> {
  const settings = await readSettings(ctx.db);
  const sessions = await liveSessionsOf(ctx.db, user.id);
  const found = deletion ?? (await deletionOf(ctx.db, user.id));
  return {
    data: {
      ...presentUserSummary(user, settings),
      two_factor_enabled: user.twoFactorConfirmedAt !== null,
      suspended_at: user.suspendedAt?.toISOString() ?? null,
      sessions: sessions.map((s) => ({
        id: s.publicId,
        ip: s.ip,
        ...describeUserAgent(s.userAgent),
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
      })),
      deletion: found ? presentDeletion(found) : null,
    },
  };
}

async function userOr404(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound();
  return user;
}

export async function userDetail(ctx: AppContext, id: string): Promise<AdminUserResponse> {
  return present(ctx, await userOr404(ctx.db, id));
}

/** A new account made by an administrator: verified at once (the admin vouches for the address). */
export async function createUser(
  ctx: AppContext,
  actor: AuditActor,
  body: AdminCreateUserRequest,
): Promise<AdminUserResponse> {
  const settings = await readSettings(ctx.db);
  const passwordHash = await hashPassword(body.password);
  const amount = body.max_storage_amount ?? null;
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email: body.email,
      name: body.name,
      passwordHash,
      role: body.role,
      verified: true,
      themeMode: settings.default_theme_mode,
      emojiType: settings.default_emoji,
    });
    const withCapacity =
      amount === null ? created : await updateUser(tx, created.id, { storageCapacity: Math.round(amount * GB) });
    for (const hook of ctx.userCreated) await hook(tx, withCapacity);
    await recordAudit(tx, actor, 'user.created', withCapacity, { role: body.role, max_storage_amount: amount });
    return withCapacity;
  });
  return present(ctx, user);
}

/**
 * Runs `change` on the locked target in one transaction with its audit entry. Refuses oneself,
 * an account being deleted, and (`protectAdmin`) taking away the last active administrator.
 */
async function changeUser(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  opts: { self?: boolean; protectAdmin?: (target: UserRow) => boolean },
  change: (tx: Db, target: UserRow) => Promise<UserRow | null>,
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    // Administrators first, then the target: every such change locks in the same order, so two
    // admins demoting each other at once wait for each other instead of deadlocking.
    const admins = await lockActiveAdmins(tx);
    const target = await lockUser(tx, id);
    if (!target) throw notFound();
    if (opts.self === false && target.id === actor.id) throw notOnYourself();
    if (target.deletingAt) throw userDeleting();
    if (opts.protectAdmin?.(target) && !admins.some((a) => a !== target.id)) throw lastAdmin();
    return (await change(tx, target)) ?? target;
  });
}

export async function changeRole(ctx: AppContext, actor: AuditActor, id: string, role: UserRow['role']) {
  const user = await changeUser(
    ctx,
    actor,
    id,
    { self: role === 'admin', protectAdmin: (t) => t.role === 'admin' && role !== 'admin' },
    async (tx, target) => {
      if (target.role === role) return null;
      await recordAudit(tx, actor, 'user.role_changed', target, { from: target.role, to: role });
      return updateUser(tx, target.id, { role });
    },
  );
  return present(ctx, user);
}

export async function changeCapacity(ctx: AppContext, actor: AuditActor, id: string, amount: number | null) {
  const user = await changeUser(ctx, actor, id, {}, async (tx, target) => {
    const from = target.storageCapacity === null ? null : target.storageCapacity / GB;
    await recordAudit(tx, actor, 'user.capacity_changed', target, { from, to: amount });
    return updateUser(tx, target.id, { storageCapacity: amount === null ? null : Math.round(amount * GB) });
  });
  return present(ctx, user);
}

/** Suspends (sessions end at once; links stop answering) or brings the account back. */
export async function setSuspended(ctx: AppContext, actor: AuditActor, id: string, suspended: boolean) {
  const user = await changeUser(
    ctx,
    actor,
    id,
    { self: !suspended, protectAdmin: (t) => suspended && t.role === 'admin' },
    async (tx, target) => {
      if ((target.suspendedAt !== null) === suspended) return null;
      await recordAudit(tx, actor, suspended ? 'user.suspended' : 'user.unsuspended', target);
      // Ending the sessions here closes their sockets too (a trigger on `sessions`, ADR 0025).
      if (suspended) await revokeAllSessions(tx, target.id);
      return updateUser(tx, target.id, { suspendedAt: suspended ? new Date() : null });
    },
  );
  return present(ctx, user);
}

export async function sendResetLink(ctx: AppContext, actor: AuditActor, id: string): Promise<void> {
  const user = await userOr404(ctx.db, id);
  if (user.deletingAt) throw userDeleting();
  await requestPasswordResetFor(ctx, user, (tx) => recordAudit(tx, actor, 'user.reset_link_sent', user));
}

export async function userStorage(ctx: AppContext, id: string): Promise<AdminUserStorageResponse> {
  const user = await userOr404(ctx.db, id);
  const capacity = storageCapacity(user, await readSettings(ctx.db));
  const storage = presentStorage(user.id, user.storageUsed, capacity, await usageByCategory(ctx.db, user.id));
  return {
    data: {
      ...storage.data.attributes,
      max_storage_amount: user.storageCapacity === null ? null : user.storageCapacity / GB,
      breakdown: storage.data.meta,
    },
  };
}

/**
 * Marks the account as being deleted (no sign-in, sessions ended, links refused from this commit
 * on) and queues the job that removes it, all in one transaction with the audit entry. The
 * administrator confirms by typing the account's email.
 */
export async function deleteUser(ctx: AppContext, actor: AuditActor, id: string, typedEmail: string) {
  return ctx.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockUser(tx, id);
    if (!target) throw notFound();
    if (target.id === actor.id) throw notOnYourself();
    if (target.deletingAt) throw userDeleting();
    if (typedEmail.trim().toLowerCase() !== target.email.toLowerCase()) {
      throw new AppError(422, 'admin.email_mismatch', 'The email you typed is not this account’s.', undefined, {
        email: ['Type the account’s email exactly to confirm.'],
      });
    }
    if (target.role === 'admin' && !admins.some((a) => a !== target.id)) throw lastAdmin();
    await tx.update(users).set({ deletingAt: new Date(), updatedAt: new Date() }).where(eq(users.id, target.id));
    await revokeAllSessions(tx, target.id);
    const deletion = await queueDeletion(tx, target.id, target.email, actor.id);
    await recordAudit(tx, actor, 'user.deletion_started', target, { items: deletion.totalItems });
    return deletion;
  });
}

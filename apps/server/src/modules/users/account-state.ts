import { and, isNull, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import { users, type UserRow } from './users.table.js';

export type AccountStatus = 'active' | 'suspended' | 'deleting';

/** Active, suspended by an administrator, or being deleted (ADR 0040). */
export function accountStatus(user: Pick<UserRow, 'suspendedAt' | 'deletingAt'>): AccountStatus {
  if (user.deletingAt) return 'deleting';
  return user.suspendedAt ? 'suspended' : 'active';
}

/** Whether the account may act at all: sign in, be a session or token, answer through its links. */
export const isActiveAccount = (user: Pick<UserRow, 'suspendedAt' | 'deletingAt'>) => accountStatus(user) === 'active';

/** The same as a condition on a query joining `users`. */
export const activeAccountSql = (): SQL => and(isNull(users.suspendedAt), isNull(users.deletingAt)) as SQL;

/** A share link or upload request whose owner is suspended or being deleted: it answers this until they are back. */
export const ownerUnavailable = () =>
  new AppError(403, 'link.owner_unavailable', 'This link is unavailable: the account that made it is suspended.');

/** A share link or upload request whose owner metered billing restricts (unpaid usage): until they pay. */
export const ownerRestricted = () =>
  new AppError(403, 'link.owner_restricted', 'This link is unavailable until its owner settles their billing.');

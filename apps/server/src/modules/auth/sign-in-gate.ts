import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { isActiveAccount, users } from '../users/index.js';

export const accountSuspended = () =>
  new AppError(403, 'auth.account_suspended', 'This account is suspended. Contact the administrator.');

/**
 * The one check every sign-in passes (ADR 0040): `startSession` and `startChallenge` call it, so
 * a password, a second factor, a sign-up, the setup wizard and any later way in (passkeys, social
 * sign-in) refuse a suspended account, or one being deleted, before a session or challenge exists.
 * Sessions and tokens already issued stop working through `activeAccountSql` in their look-ups.
 */
export async function refuseBlockedSignIn(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ suspendedAt: users.suspendedAt, deletingAt: users.deletingAt })
    .from(users)
    .where(eq(users.id, userId));
  if (row && !isActiveAccount(row)) throw accountSuspended();
}

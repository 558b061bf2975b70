import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { findUserByEmail, updateUser, type UserRow } from '../users/index.js';
import { passwordResets } from './auth.table.js';
import { sendPasswordResetMail } from './auth.mails.js';
import { hashPassword } from './passwords.js';
import { revokeAllAccessTokens } from './access-tokens.js';
import { revokeAllSessions } from './sessions.js';

const RESET_TTL_MS = 60 * 60_000;

/** Sends a link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await requestPasswordResetFor(ctx, user);
}

/**
 * Makes a reset token for the user and mails the link; `alsoInTransaction` runs in the token's
 * transaction (the admin's audit entry, ADR 0040).
 */
export async function requestPasswordResetFor(
  ctx: AppContext,
  user: UserRow,
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<void> {
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await alsoInTransaction?.(tx);
  });
  await sendPasswordResetMail(ctx, user, token);
}

const invalidToken = () =>
  new AppError(422, 'auth.invalid_reset_token', 'This password reset link is invalid or has expired.');

/** One use only; a reset signs the account out everywhere and revokes its access tokens. */
export async function resetPassword(ctx: AppContext, email: string, token: string, password: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw invalidToken();
  const [reset] = await ctx.db
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        eq(passwordResets.userId, user.id),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!reset) throw invalidToken();
  await updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(password),
    // Following a mailed link proves the address.
    emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
  });
  await revokeAllSessions(ctx.db, user.id);
  await revokeAllAccessTokens(ctx.db, user.id);
}

/** Deletes up to `batch` reset tokens that expired before `now`; answers how many. */
export async function purgeExpiredPasswordResets(db: Db, now: Date, batch: number): Promise<number> {
  const expired = db
    .select({ tokenHash: passwordResets.tokenHash })
    .from(passwordResets)
    .where(lt(passwordResets.expiresAt, now))
    .limit(batch);
  const gone = await db
    .delete(passwordResets)
    .where(inArray(passwordResets.tokenHash, expired))
    .returning({ tokenHash: passwordResets.tokenHash });
  return gone.length;
}

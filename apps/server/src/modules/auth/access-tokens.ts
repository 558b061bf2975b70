import { ACCESS_TOKENS_PER_USER_MAX, type AccessTokenResource, type AccessTokenScope } from '@filestore/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Db } from '../../lib/db/database.js';
import { preparedOn } from '../../lib/db/prepared.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { isAdministrator, type TokenGrant } from '../access/index.js';
import { activeAccountSql, users, type UserRow } from '../users/index.js';
import { personalAccessTokens, type PersonalAccessTokenRow } from './access-tokens.table.js';

/**
 * Personal access tokens (ADR 0032). The secret is `fst_` and 256 random bits in base64url: the
 * prefix lets secret scanners and people recognise one; the database keeps only its SHA-256, so a
 * leaked table signs nobody in.
 */
export const ACCESS_TOKEN_PREFIX = 'fst_';
const TOKEN_PATTERN = /^fst_[A-Za-z0-9_-]{43}$/;
/** `last_used_at` is written at most this often per token: a busy script costs one write a minute. */
const LAST_USED_EVERY_MS = 60_000;

/** Who a bearer request acts for, and what its token may reach (typed by the access layer). */
export type AccessTokenGrant = TokenGrant;

export const invalidToken = () =>
  new AppError(401, 'auth.invalid_token', 'This access token is not valid: it may have been revoked.');

/**
 * The user and grant of a bearer secret, or null when no live token has it (forged, revoked, or
 * its user deleted). One indexed look-up; `last_used_at` is touched only when a minute old.
 */
export async function userFromAccessToken(
  ctx: AppContext,
  secret: string,
): Promise<{ user: UserRow; token: AccessTokenGrant } | null> {
  if (!TOKEN_PATTERN.test(secret)) return null;
  const hash = sha256(secret);
  // Every bearer request runs this: built once (ADR 0017).
  const query = preparedOn(ctx.db, 'access_token_user', () =>
    ctx.db
      .select({
        user: users,
        id: personalAccessTokens.id,
        scope: personalAccessTokens.scope,
        lastUsedAt: personalAccessTokens.lastUsedAt,
      })
      .from(personalAccessTokens)
      .innerJoin(users, eq(users.id, personalAccessTokens.userId))
      .where(and(eq(personalAccessTokens.tokenHash, sql.placeholder('hash')), activeAccountSql()))
      .prepare('access_token_user'),
  );
  const [row] = await query.execute({ hash });
  if (!row) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await ctx.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(personalAccessTokens.id, row.id));
  }
  return { user: row.user, token: { id: row.id, scope: row.scope } };
}

export function presentAccessToken(row: PersonalAccessTokenRow): AccessTokenResource {
  return {
    id: row.id,
    type: 'personal_access_token',
    attributes: {
      name: row.name,
      scope: row.scope,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    },
  };
}

export async function listAccessTokens(db: Db, userId: string): Promise<PersonalAccessTokenRow[]> {
  return db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
}

/**
 * Creates a token for `user` and answers its row with the secret, which is not kept. The admin
 * scope is for administrators only; a user holds at most `ACCESS_TOKENS_PER_USER_MAX` tokens.
 */
export async function createAccessToken(
  db: Db,
  user: UserRow,
  name: string,
  scope: AccessTokenScope,
): Promise<{ row: PersonalAccessTokenRow; secret: string }> {
  if (scope === 'admin' && !isAdministrator(user)) {
    throw forbidden('Only an administrator can create a token with the admin scope.');
  }
  const secret = `${ACCESS_TOKEN_PREFIX}${randomToken(32)}`;
  return db.transaction(async (tx) => {
    // Serialises this user's creations, so two at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, user.id));
    if ((held?.n ?? 0) >= ACCESS_TOKENS_PER_USER_MAX) {
      throw new AppError(
        422,
        'tokens.too_many',
        `You can hold at most ${ACCESS_TOKENS_PER_USER_MAX} access tokens. Revoke one you no longer use first.`,
      );
    }
    const [row] = await tx
      .insert(personalAccessTokens)
      .values({ userId: user.id, name, scope, tokenHash: sha256(secret) })
      .returning();
    return { row: row!, secret };
  });
}

/** Revokes one of the user's own tokens; someone else's id is as unknown as a missing one (404). */
export async function revokeAccessToken(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
    .returning({ id: personalAccessTokens.id });
  if (gone.length === 0) throw notFound('There is no such access token.');
}

/**
 * Revokes every token of the user: their password was reset or changed, so the account may have
 * been taken, and a token made then must not outlive the new password (ADR 0062).
 */
export async function revokeAllAccessTokens(db: Db, userId: string): Promise<void> {
  await db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
}

import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Db } from '../../lib/db/database.js';
import { preparedOn } from '../../lib/db/prepared.js';
import { AppError } from '../../lib/errors.js';
import { activeAccountSql, users, type UserRow } from '../users/index.js';
import { refuseBlockedSignIn } from './sign-in-gate.js';
import { sessions, twoFactorChallenges } from './auth.table.js';

export const SESSION_COOKIE = 'filestore_session';
/** "Last seen" and the address move at most once a minute per session: one write, not one per request. */
export const TOUCH_EVERY_MS = 60_000;

/** The id of the caller's session row (the hash of its cookie), or null without one. */
export function currentSessionId(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? sha256(token) : null;
}

export function cookieSecure(ctx: AppContext, request: FastifyRequest): boolean {
  return ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : ctx.config.cookieSecure;
}

export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string) {
  // A bearer request never starts a session (ADR 0032): its Set-Cookie is dropped, so a row would
  // be a sign-in nobody holds, listed in that account's sessions.
  if (request.accessToken) return;
  await refuseBlockedSignIn(ctx.db, userId);
  const token = randomToken();
  const days = ctx.config.env.SESSION_DAYS;
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await ctx.db.insert(sessions).values({
    id: sha256(token),
    userId,
    // The sign-in time, from the clock that later judges how recent it is (requireRecentSignIn).
    createdAt: ctx.clock.now(),
    expiresAt,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(ctx, request),
    expires: expiresAt,
  });
}

/** When the caller's session began, that is when its user signed in; null without a live session. */
export async function sessionStartedAt(db: Db, request: FastifyRequest): Promise<Date | null> {
  const id = currentSessionId(request);
  if (!id || request.accessToken) return null;
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, id));
  return row?.createdAt ?? null;
}

/**
 * How recent the sign-in of a session must be to add a way in that outlives it on an account without
 * a password (made by social sign-in): a first password, an access token. A session left open, or
 * taken over, for longer than this cannot add one (ADR 0062).
 */
export const RECENT_SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Refuses unless the caller's session began within the window. One clock decides: the session's
 * start is written from `ctx.clock` and compared with it, and a start in the future (a clock that
 * went back, or another node's ahead) is no recent sign-in.
 */
export async function requireRecentSignIn(ctx: AppContext, request: FastifyRequest, message: string) {
  const startedAt = await sessionStartedAt(ctx.db, request);
  const age = startedAt ? ctx.clock.now().getTime() - startedAt.getTime() : null;
  if (age === null || age < 0 || age > RECENT_SIGN_IN_WINDOW_MS) throw new AppError(403, 'auth.forbidden', message);
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await ctx.db.delete(sessions).where(eq(sessions.id, sha256(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Resolves the session cookie to its user; an expired or revoked session is simply no session. */
export async function userFromSession(
  ctx: AppContext,
  token: string | undefined,
  ip?: string,
): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  // Every signed-in request runs this: built once (ADR 0017).
  const query = preparedOn(ctx.db, 'session_user', () =>
    ctx.db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          // A suspended account's sessions are deleted as it is suspended; this holds in between.
          activeAccountSql(),
        ),
      )
      .prepare('session_user'),
  );
  const [row] = await query.execute({ id, now: new Date() });
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(), ...(ip && ip !== row.ip ? { ip } : {}) })
      .where(eq(sessions.id, id));
  }
  return row.user;
}

/**
 * Of these session tokens, the ones whose session still lives (not signed out, revoked or
 * expired): one query for any number, so open sockets can be checked in bulk.
 */
export async function liveSessionTokens(db: Db, tokens: readonly string[]): Promise<Set<string>> {
  const byId = new Map(tokens.filter((t) => t.length <= 100).map((t) => [sha256(t), t]));
  if (byId.size === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...byId.keys()]), gt(sessions.expiresAt, new Date())));
  return new Set(rows.flatMap((r) => byId.get(r.id) ?? []));
}

/** Signs the user out everywhere, sign-ins waiting for their second factor included. */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/**
 * Ends every session of the user but `keepId` (the caller's) and every sign-in waiting for its
 * second factor; answers how many sessions ended. The realtime module closes their sockets.
 */
export async function revokeOtherSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  return ended.length;
}

/** The user's live sessions, most recently seen first. */
export async function liveSessionsOf(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of the user named by its public id; answers its row id, null when the user has no such session. */
export async function endSessionOf(db: Db, userId: string, publicId: string): Promise<string | null> {
  const [gone] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return gone?.id ?? null;
}

/** Deletes up to `batch` sessions that expired before `now`; answers how many. */
export async function purgeExpiredSessions(db: Db, now: Date, batch: number): Promise<number> {
  const expired = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, now)).limit(batch);
  const gone = await db.delete(sessions).where(inArray(sessions.id, expired)).returning({ id: sessions.id });
  return gone.length;
}

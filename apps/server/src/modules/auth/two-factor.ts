import { RECOVERY_CODES_COUNT } from '@filestore/contract';
import { and, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app/context.js';
import { refuseBlockedSignIn } from './sign-in-gate.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Db } from '../../lib/db/database.js';
import { AppError, tooManyAttempts } from '../../lib/errors.js';
import { open, seal } from '../../lib/secret-box.js';
import { readSettings } from '../settings/index.js';
import { users, type UserRow } from '../users/index.js';
import { twoFactorChallenges, twoFactorRecoveryCodes } from './auth.table.js';
import { appKey } from './links.js';
import { cookieSecure } from './sessions.js';

/** Two-factor sign-in with TOTP codes and recovery codes (issue 15 point 3, ADR 0031). */

// Loaded on first use (ADR 0039): most servers never see a two-factor user, and together these two
// are ~1.5 MB of heap the embedded install would otherwise hold from start-up.
let otplibModule: Promise<typeof import('otplib')> | undefined;
const otplib = () => (otplibModule ??= import('otplib'));
let qrcodeModule: Promise<typeof import('qrcode')> | undefined;
const qrcode = () => (qrcodeModule ??= import('qrcode'));

const PURPOSE = 'two-factor-secret';
/** A code of the step before or after the current one still works: clocks drift, people type slowly. */
const TOLERANCE_SECONDS = 30;
const MINUTE = 60_000;
/** Wrong codes a user may send in a minute, at the sign-in step and when confirming alike. */
export const CODE_LIMIT = 5;

export const CHALLENGE_COOKIE = 'filestore_two_factor';
const CHALLENGE_PATH = '/api/two-factor-challenge';
export const CHALLENGE_TTL_MS = 5 * MINUTE;

export const invalidCode = (field: 'code' | 'recovery_code' = 'code') => {
  const message = field === 'code' ? 'The code is invalid or was already used.' : 'The recovery code is invalid.';
  return new AppError(422, 'auth.two_factor_invalid_code', message, undefined, { [field]: [message] });
};
export const twoFactorNotEnabled = () =>
  new AppError(409, 'auth.two_factor_not_enabled', 'Two-factor authentication is not turned on.');
export const twoFactorAlreadyEnabled = () =>
  new AppError(409, 'auth.two_factor_already_enabled', 'Two-factor authentication is already on.');

/** Counts a code attempt of the user before it is checked (so parallel guesses count too). */
export async function countCodeAttempt(ctx: AppContext, userId: string): Promise<void> {
  const result = await ctx.rateLimiter.hit(`two-factor:${userId}`, CODE_LIMIT, MINUTE);
  if (!result.allowed) throw tooManyAttempts(result.retryAfter);
}

export async function forgetCodeAttempts(ctx: AppContext, userId: string): Promise<void> {
  await ctx.rateLimiter.reset(`two-factor:${userId}`);
}

/** A new secret for the user, sealed and stored, not in force until confirmed. */
export async function startEnabling(ctx: AppContext, user: UserRow) {
  const { generateSecret, generateURI } = await otplib();
  const secret = generateSecret();
  const sealed = seal(await appKey(ctx), PURPOSE, secret, user.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: sealed, twoFactorConfirmedAt: null, twoFactorLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
  });
  const { app_title } = await readSettings(ctx.db);
  const otpauthUrl = generateURI({ issuer: app_title, label: user.email, secret });
  const qrSvg = await (await qrcode()).toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/**
 * Checks a code against the user's secret and, when right, records its time step so it cannot be
 * used again: the update only succeeds while the stored step is older, so of two requests racing
 * with the same code exactly one wins. False for a wrong, stale or replayed code.
 */
export async function acceptCode(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.twoFactorSecret) return false;
  const secret = open(await appKey(ctx), PURPOSE, user.twoFactorSecret, user.id);
  if (!secret) return false;
  const { verify } = await otplib();
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(user.twoFactorLastStep === null ? {} : { afterTimeStep: user.twoFactorLastStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const claimed = await ctx.db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** Recovery codes: 16 letters and digits (80 bits), shown in groups of four. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newRecoveryCode = () =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join(
    '-',
  );
/** Codes are compared without dashes, spaces or case (the contract normalises what is sent). */
const hashRecoveryCode = (code: string) => sha256(code.replace(/[\s-]+/g, '').toLowerCase());

/** Replaces the user's recovery codes with ten new ones; answers them, to be shown this once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  });
  return codes;
}

/** Uses up one recovery code: the delete is the check, so a code works exactly once. */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const gone = await db
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code))))
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return gone.length === 1;
}

export async function remainingRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return row?.n ?? 0;
}

export async function confirmTwoFactor(db: Db, userId: string): Promise<string[]> {
  await db.update(users).set({ twoFactorConfirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
  return replaceRecoveryCodes(db, userId);
}

export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorConfirmedAt: null, twoFactorLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  });
}

/**
 * The password was right and the account asks for a second factor: a pending sign-in, bound to
 * this browser by an httpOnly cookie sent only to the challenge route, good for five minutes.
 */
export async function startChallenge(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string) {
  // Nor a pending sign-in: its cookie would be dropped as well (ADR 0032).
  if (request.accessToken) return;
  await refuseBlockedSignIn(ctx.db, userId);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await ctx.db.insert(twoFactorChallenges).values({ id: sha256(token), userId, expiresAt });
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(ctx, request),
    expires: expiresAt,
  });
}

/** The user of this browser's pending sign-in, or null when there is none or it expired. */
export async function pendingChallenge(ctx: AppContext, request: FastifyRequest) {
  const token = request.cookies[CHALLENGE_COOKIE];
  if (!token || token.length > 100) return null;
  const [row] = await ctx.db
    .select({ id: twoFactorChallenges.id, user: users })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(and(eq(twoFactorChallenges.id, sha256(token)), gt(twoFactorChallenges.expiresAt, new Date())));
  return row ?? null;
}

/** Ends a pending sign-in (it succeeded); false when another request already ended it. */
export const clearChallengeCookie = (reply: FastifyReply) =>
  reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH });

export async function finishChallenge(ctx: AppContext, reply: FastifyReply, id: string): Promise<boolean> {
  clearChallengeCookie(reply);
  const gone = await ctx.db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  return gone.length === 1;
}

class WrongRecoveryCode extends Error {}

/**
 * Ends a pending sign-in with a recovery code: in one transaction the pending sign-in is claimed
 * (its row deleted, so a parallel claim waits for this one and then finds nothing) and only then
 * the code used up; a wrong code rolls the claim back. Of several codes sent at once to one pending
 * sign-in only the winner's is spent (issue 39, defect 6).
 */
export async function finishChallengeWithRecoveryCode(
  ctx: AppContext,
  reply: FastifyReply,
  id: string,
  userId: string,
  code: string,
): Promise<'signed-in' | 'invalid' | 'expired'> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .delete(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, id))
        .returning({ id: twoFactorChallenges.id });
      if (claimed.length !== 1) return 'expired' as const;
      if (!(await useRecoveryCode(tx, userId, code))) throw new WrongRecoveryCode();
      clearChallengeCookie(reply);
      return 'signed-in' as const;
    });
  } catch (error) {
    if (error instanceof WrongRecoveryCode) return 'invalid';
    throw error;
  }
}

/** Deletes up to `batch` pending sign-ins that expired before `now`; answers how many. */
export async function purgeExpiredChallenges(db: Db, now: Date, batch: number): Promise<number> {
  const expired = db
    .select({ id: twoFactorChallenges.id })
    .from(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, now))
    .limit(batch);
  const gone = await db
    .delete(twoFactorChallenges)
    .where(inArray(twoFactorChallenges.id, expired))
    .returning({ id: twoFactorChallenges.id });
  return gone.length;
}

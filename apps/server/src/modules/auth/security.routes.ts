import {
  confirmPasswordRequest,
  confirmTwoFactorRequest,
  enableTwoFactorResponse,
  messageResponse,
  recoveryCodesResponse,
  recoveryCodesStatusResponse,
  sessionsEndedResponse,
  twoFactorChallengeRequest,
  userSessionsResponse,
} from '@filestore/contract';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { UserRow } from '../users/index.js';
import { requireSession } from '../access/index.js';
import { countLoginAttempt, forgetLoginAttempts, loginKey } from './limits.js';
import { verifyPassword } from './passwords.js';
import {
  currentSessionId,
  endSessionOf,
  liveSessionsOf,
  revokeOtherSessions,
  SESSION_COOKIE,
  startSession,
} from './sessions.js';
import {
  acceptCode,
  confirmTwoFactor,
  countCodeAttempt,
  disableTwoFactor,
  clearChallengeCookie,
  finishChallenge,
  finishChallengeWithRecoveryCode,
  forgetCodeAttempts,
  invalidCode,
  pendingChallenge,
  remainingRecoveryCodes,
  replaceRecoveryCodes,
  startEnabling,
  twoFactorAlreadyEnabled,
  twoFactorNotEnabled,
} from './two-factor.js';

/**
 * The current password, asked again before a security setting changes; counted with the sign-in
 * guesses of the account (5 a minute), since it is one more way to try passwords.
 */
export async function assertPassword(ctx: AppContext, request: FastifyRequest, user: UserRow, password: string) {
  const key = loginKey(request, user.email);
  await countLoginAttempt(ctx, key);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(422, 'auth.invalid_credentials', 'The password is incorrect.', undefined, {
      password: ['The password is incorrect.'],
    });
  }
  await forgetLoginAttempts(ctx, key);
}

type Device = 'desktop' | 'mobile' | 'tablet' | 'unknown';
const DEVICES = new Set<string>(['desktop', 'mobile', 'tablet']);

/** What a person recognises in a user agent: browser, system and kind of device (bowser). */
export function describeUserAgent(userAgent: string | null) {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' as Device };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null;
  const osName = parsed.os.name ?? null;
  const os = osName && parsed.os.versionName ? `${osName} ${parsed.os.versionName}` : osName;
  const type = parsed.platform.type ?? '';
  return { browser, os, device: (DEVICES.has(type) ? type : 'unknown') as Device };
}

/**
 * Two-factor settings and the code step of the sign-in (the reference's Fortify calls under
 * `/api`), and the user's active sessions.
 */
export function securityRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/user/two-factor-authentication',
    {
      config: { access: 'session' },
      schema: { body: confirmPasswordRequest, response: { 200: enableTwoFactorResponse } },
    },
    async (request) => {
      const user = requireSession(request);
      await assertPassword(ctx, request, user, request.body.password);
      if (user.twoFactorConfirmedAt) {
        throw new AppError(
          409,
          'auth.two_factor_already_enabled',
          'Two-factor authentication is already on. Turn it off first to set it up again.',
        );
      }
      return startEnabling(ctx, user);
    },
  );

  app.post(
    '/api/user/confirmed-two-factor-authentication',
    {
      config: { access: 'session' },
      schema: { body: confirmTwoFactorRequest, response: { 200: recoveryCodesResponse } },
    },
    async (request) => {
      const user = requireSession(request);
      if (user.twoFactorConfirmedAt) throw twoFactorAlreadyEnabled();
      if (!user.twoFactorSecret) throw twoFactorNotEnabled();
      await countCodeAttempt(ctx, user.id);
      if (!(await acceptCode(ctx, user, request.body.code))) throw invalidCode();
      await forgetCodeAttempts(ctx, user.id);
      return { recovery_codes: await confirmTwoFactor(ctx.db, user.id) };
    },
  );

  app.delete(
    '/api/user/two-factor-authentication',
    { config: { access: 'session' }, schema: { body: confirmPasswordRequest, response: { 200: messageResponse } } },
    async (request) => {
      const user = requireSession(request);
      await assertPassword(ctx, request, user, request.body.password);
      await disableTwoFactor(ctx.db, user.id);
      return { type: 'success' as const, message: 'Two-factor authentication is off.' };
    },
  );

  app.get(
    '/api/user/two-factor-recovery-codes',
    { config: { access: 'session' }, schema: { response: { 200: recoveryCodesStatusResponse } } },
    async (request) => {
      const user = requireSession(request);
      return { remaining: user.twoFactorConfirmedAt ? await remainingRecoveryCodes(ctx.db, user.id) : 0 };
    },
  );

  app.post(
    '/api/user/two-factor-recovery-codes',
    {
      config: { access: 'session' },
      schema: { body: confirmPasswordRequest, response: { 200: recoveryCodesResponse } },
    },
    async (request) => {
      const user = requireSession(request);
      await assertPassword(ctx, request, user, request.body.password);
      if (!user.twoFactorConfirmedAt) throw twoFactorNotEnabled();
      return { recovery_codes: await replaceRecoveryCodes(ctx.db, user.id) };
    },
  );

  // The second step of a sign-in whose password was right (POST /api/login answered {two_factor: true}).
  app.post(
    '/api/two-factor-challenge',
    { config: { access: 'public' }, schema: { body: twoFactorChallengeRequest, response: { 200: messageResponse } } },
    async (request, reply) => {
      const pending = await pendingChallenge(ctx, request);
      if (!pending || !pending.user.twoFactorConfirmedAt) {
        clearChallengeCookie(reply);
        throw new AppError(
          401,
          'auth.two_factor_challenge_expired',
          'Your sign-in has expired. Enter your email and password again.',
        );
      }
      const { user } = pending;
      await countCodeAttempt(ctx, user.id);
      const { code, recovery_code: recovery } = request.body;
      const expired = () =>
        new AppError(401, 'auth.two_factor_challenge_expired', 'Your sign-in has expired. Sign in again.');
      if (code !== undefined) {
        if (!(await acceptCode(ctx, user, code))) throw invalidCode('code');
        await forgetCodeAttempts(ctx, user.id);
        // Two right answers racing for one pending sign-in: only the first becomes a session.
        if (!(await finishChallenge(ctx, reply, pending.id))) throw expired();
      } else {
        // The claim of the pending sign-in and the code are one transaction: a losing code stays unused.
        const outcome = await finishChallengeWithRecoveryCode(ctx, reply, pending.id, user.id, recovery ?? '');
        if (outcome === 'invalid') throw invalidCode('recovery_code');
        if (outcome === 'expired') {
          clearChallengeCookie(reply);
          throw expired();
        }
        await forgetCodeAttempts(ctx, user.id);
      }
      await startSession(ctx, request, reply, user.id);
      return { type: 'success' as const, message: 'You are signed in.' };
    },
  );

  app.get(
    '/api/user/sessions',
    { config: { access: 'session' }, schema: { response: { 200: userSessionsResponse } } },
    async (request) => {
      const user = requireSession(request);
      const current = currentSessionId(request);
      const rows = await liveSessionsOf(ctx.db, user.id);
      // This browser's session first, then the others by when they were last seen.
      rows.sort((a, b) => Number(b.id === current) - Number(a.id === current));
      return {
        data: rows.map((row) => ({
          id: row.publicId,
          current: row.id === current,
          ip: row.ip,
          ...describeUserAgent(row.userAgent),
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
        })),
      };
    },
  );

  // Every session but this one: "sign out everywhere else".
  app.delete(
    '/api/user/sessions',
    { config: { access: 'session' }, schema: { response: { 200: sessionsEndedResponse } } },
    async (request) => {
      const user = requireSession(request);
      return { ended: await revokeOtherSessions(ctx.db, user.id, currentSessionId(request)) };
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      config: { access: 'session' },
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: sessionsEndedResponse } },
    },
    async (request, reply) => {
      const user = requireSession(request);
      const { id } = request.params;
      // Someone else's session, or none: the same 404, which says nothing about the other.
      const ended = z.uuid().safeParse(id).success ? await endSessionOf(ctx.db, user.id, id) : null;
      if (!ended) throw notFound();
      // Ending this browser's own session is signing out.
      if (ended === currentSessionId(request)) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ended: 1 };
    },
  );
}

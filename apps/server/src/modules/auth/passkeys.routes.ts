import {
  messageResponse,
  passkeyAnswer,
  passkeyAssertionRequest,
  passkeyIdParams,
  passkeyList,
  passkeyOptionsResponse,
  passkeyRegistrationOptionsRequest,
  registerPasskeyRequest,
  renamePasskeyRequest,
} from '@filestore/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, tooManyAttempts } from '../../lib/errors.js';
import { readSettings } from '../settings/index.js';
import { findUserById } from '../users/index.js';
import { requireSession } from '../access/index.js';
import { limitPerAddress } from './limits.js';
import {
  authenticationOptions,
  listPasskeys,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyChallengeExpired,
  presentPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  takeChallenge,
  verifyAssertion,
} from './passkeys.js';
import { assertPassword, describeUserAgent } from './security.routes.js';
import { cookieSecure, currentSessionId, startSession } from './sessions.js';
import {
  clearChallengeCookie,
  countCodeAttempt,
  finishChallenge,
  forgetCodeAttempts,
  pendingChallenge,
} from './two-factor.js';

/** The browser's side of a sign-in with a passkey instead of the password: sent only to these two routes. */
export const PASSKEY_COOKIE = 'filestore_passkey';
const PASSKEY_COOKIE_PATH = '/api/passkeys/sign-in';
const MINUTE = 60_000;
/** The sign-in page asks for options as it opens (the browser's passkey autofill): generous. */
const OPTIONS_PER_MINUTE = 60;
/** Passkey sign-ins that fail, per address: as many as password guesses. */
const SIGN_IN_FAILURES_PER_MINUTE = 5;

/** A browser session, not a token: a passkey is added from the browser that will use it. */
function requireSessionId(request: FastifyRequest): string {
  const id = request.accessToken ? null : currentSessionId(request);
  if (!id) throw new AppError(403, 'auth.forbidden', 'Passkeys are added from a signed-in browser.');
  return id;
}

const expiredTwoFactor = (reply: FastifyReply) => {
  clearChallengeCookie(reply);
  return new AppError(
    401,
    'auth.two_factor_challenge_expired',
    'Your sign-in has expired. Enter your email and password again.',
  );
};

/** "Chrome on macOS": what a new passkey is called until its owner renames it. */
function defaultName(request: FastifyRequest): string {
  const { browser, os } = describeUserAgent(request.headers['user-agent'] ?? null);
  const name = browser?.replace(/ \d+$/, '');
  return (name && os ? `${name} on ${os.replace(/ [\d.]+$/, '')}` : (name ?? os ?? 'Passkey')).slice(0, 60);
}

/**
 * Passkeys (ADR 0034): the owner's list, registration (password first), rename and removal; the
 * sign-in with a passkey instead of the email and password; and a passkey as the second factor of
 * a pending two-factor sign-in.
 */
export function passkeyRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/user/passkeys',
    { config: { access: 'session' }, schema: { response: { 200: passkeyList } } },
    async (request) => {
      const user = requireSession(request);
      return { data: (await listPasskeys(ctx.db, user.id)).map(presentPasskey) };
    },
  );

  app.post(
    '/api/user/passkeys/options',
    {
      config: { access: 'session' },
      schema: { body: passkeyRegistrationOptionsRequest, response: { 200: passkeyOptionsResponse } },
    },
    async (request) => {
      const user = requireSession(request);
      const sessionId = requireSessionId(request);
      await assertPassword(ctx, request, user, request.body.password);
      return { options: await registrationOptions(ctx, request, user, sessionId) };
    },
  );

  app.post(
    '/api/user/passkeys',
    { config: { access: 'session' }, schema: { body: registerPasskeyRequest, response: { 201: passkeyAnswer } } },
    async (request, reply) => {
      const user = requireSession(request);
      const sessionId = requireSessionId(request);
      const { credential, name } = request.body;
      const row = await registerPasskey(
        ctx,
        request,
        user,
        sessionId,
        credential as unknown as RegistrationResponseJSON,
        name ?? defaultName(request),
      );
      return reply.status(201).send({ data: presentPasskey(row) });
    },
  );

  app.patch(
    '/api/user/passkeys/:id',
    {
      config: { access: 'session' },
      schema: { params: passkeyIdParams, body: renamePasskeyRequest, response: { 200: passkeyAnswer } },
    },
    async (request) => {
      const user = requireSession(request);
      return { data: presentPasskey(await renamePasskey(ctx.db, user.id, request.params.id, request.body.name)) };
    },
  );

  app.delete(
    '/api/user/passkeys/:id',
    { config: { access: 'session' }, schema: { params: passkeyIdParams, response: { 200: messageResponse } } },
    async (request) => {
      const user = requireSession(request);
      await removePasskey(ctx.db, user.id, request.params.id);
      return { type: 'success' as const, message: 'The passkey was removed.' };
    },
  );

  // Signing in with a passkey instead of the email and password: the options go with a cookie
  // that binds their challenge to this browser.
  app.post(
    '/api/passkeys/sign-in/options',
    { config: { access: 'public' }, schema: { response: { 200: passkeyOptionsResponse } } },
    async (request, reply) => {
      await limitPerAddress(ctx, request, 'passkey-options', OPTIONS_PER_MINUTE);
      const token = randomToken();
      const options = await authenticationOptions(ctx, request, 'sign-in', sha256(token), null);
      reply.setCookie(PASSKEY_COOKIE, token, {
        path: PASSKEY_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure(ctx, request),
        expires: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
      });
      return { options };
    },
  );

  app.post(
    '/api/passkeys/sign-in',
    { config: { access: 'public' }, schema: { body: passkeyAssertionRequest, response: { 200: messageResponse } } },
    async (request, reply) => {
      // Counted before the check, like password guesses; a success forgets the count.
      const key = `passkey-sign-in:${request.ip}`;
      const attempt = await ctx.rateLimiter.hit(key, SIGN_IN_FAILURES_PER_MINUTE, MINUTE);
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfter);
      const token = request.cookies[PASSKEY_COOKIE];
      reply.clearCookie(PASSKEY_COOKIE, { path: PASSKEY_COOKIE_PATH });
      const challenge = token && token.length <= 100 ? await takeChallenge(ctx.db, 'sign-in', sha256(token)) : null;
      if (!challenge) throw passkeyChallengeExpired();
      // A passkey that verified its user is both factors: no code step follows (ADR 0034).
      const passkey = await verifyAssertion(
        ctx,
        request,
        request.body.credential as unknown as AuthenticationResponseJSON,
        challenge.challenge,
        { requireUserVerification: true },
      );
      await ctx.rateLimiter.reset(key);
      const user = await findUserById(ctx.db, passkey.userId);
      if (!user) throw passkeyChallengeExpired();
      const settings = await readSettings(ctx.db);
      if (settings.user_verification && !user.emailVerifiedAt) {
        throw new AppError(403, 'auth.email_not_verified', 'Please verify your email address first.');
      }
      await startSession(ctx, request, reply, user.id);
      return { type: 'success' as const, message: 'You are signed in.' };
    },
  );

  // A passkey as the second factor: the pending sign-in's cookie (path /api/two-factor-challenge)
  // reaches these routes too, and the challenge is bound to that pending sign-in.
  app.post(
    '/api/two-factor-challenge/passkey/options',
    { config: { access: 'public' }, schema: { response: { 200: passkeyOptionsResponse } } },
    async (request, reply) => {
      const pending = await pendingChallenge(ctx, request);
      if (!pending || !pending.user.twoFactorConfirmedAt) throw expiredTwoFactor(reply);
      return { options: await authenticationOptions(ctx, request, 'second-factor', pending.id, pending.user) };
    },
  );

  app.post(
    '/api/two-factor-challenge/passkey',
    { config: { access: 'public' }, schema: { body: passkeyAssertionRequest, response: { 200: messageResponse } } },
    async (request, reply) => {
      const pending = await pendingChallenge(ctx, request);
      if (!pending || !pending.user.twoFactorConfirmedAt) throw expiredTwoFactor(reply);
      const { user } = pending;
      // The same count as wrong codes: 5 a minute per account.
      await countCodeAttempt(ctx, user.id);
      const challenge = await takeChallenge(ctx.db, 'second-factor', pending.id);
      if (!challenge || challenge.userId !== user.id) throw passkeyChallengeExpired();
      await verifyAssertion(
        ctx,
        request,
        request.body.credential as unknown as AuthenticationResponseJSON,
        challenge.challenge,
        {
          userId: user.id,
          requireUserVerification: false,
        },
      );
      await forgetCodeAttempts(ctx, user.id);
      if (!(await finishChallenge(ctx, reply, pending.id))) throw expiredTwoFactor(reply);
      await startSession(ctx, request, reply, user.id);
      return { type: 'success' as const, message: 'You are signed in.' };
    },
  );
}

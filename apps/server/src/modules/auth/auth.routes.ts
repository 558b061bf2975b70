import {
  changePasswordRequest,
  checkAccountRequest,
  checkAccountResponse,
  loginRequest,
  loginResponse,
  recoverPasswordRequest,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { requireHuman } from '../human-check/index.js';
import { readSettings } from '../settings/index.js';
import { findUserByEmail, findUserById, insertUser, replacePasswordHash, updateUser } from '../users/index.js';
import { revokeAllAccessTokens } from './access-tokens.js';
import { sendSignUpTakenMail, sendVerificationMail } from './auth.mails.js';
import { isValidVerification } from './links.js';
import { countLoginAttempt, forgetLoginAttempts, limitPerAddress, loginKey } from './limits.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { currentSessionId, endSession, requireRecentSignIn, revokeOtherSessions, startSession } from './sessions.js';
import { passkeyRoutes } from './passkeys.routes.js';
import { securityRoutes } from './security.routes.js';
import { startChallenge } from './two-factor.js';
import { requireSession } from '../access/index.js';

/** Step one of the sign-in costs nothing to answer, but a script looping on it is no person signing in. */
const CHECKS_PER_MINUTE = 30;

export function authRoutes(app: TypedApp, ctx: AppContext) {
  securityRoutes(app, ctx);
  passkeyRoutes(app, ctx);
  // Step one of the two-step sign-in (reference: POST /api/user/check). It answers alike for every
  // email and never reads the account, so neither its body nor its timing lists accounts.
  app.post(
    '/api/user/check',
    { config: { access: 'public' }, schema: { body: checkAccountRequest, response: { 200: checkAccountResponse } } },
    async (request) => {
      await limitPerAddress(ctx, request, 'check', CHECKS_PER_MINUTE);
      return { next: 'password' as const };
    },
  );

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: loginRequest, response: { 200: loginResponse } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const key = loginKey(request, email);
      await countLoginAttempt(ctx, key);
      await requireHuman(ctx, request, 'login', request.body.reCaptcha);
      const user = await findUserByEmail(ctx.db, email);
      // An account made by a sign-in provider has no password: refused like a wrong one, in the same
      // time, so the answer does not tell which accounts sign in elsewhere (ADR 0035).
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        throw new AppError(422, 'auth.invalid_credentials', 'The email or password is incorrect.', undefined, {
          password: ['The email or password is incorrect.'],
        });
      }
      // The right password: a guesser learns nothing more, so the count starts again.
      await forgetLoginAttempts(ctx, key);
      // A hash made with an older release's settings is replaced while the password is at hand:
      // only if it is still the one verified (a change or reset may have landed meanwhile), and a
      // failure here does not fail the sign-in (the next one tries again).
      const verifiedHash = user.passwordHash;
      if (verifiedHash && needsRehash(verifiedHash)) {
        await hashPassword(password)
          .then((next) => replacePasswordHash(ctx.db, user.id, verifiedHash, next))
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not replace an old password hash'));
      }
      const settings = await readSettings(ctx.db);
      if (settings.user_verification && !user.emailVerifiedAt) {
        throw new AppError(403, 'auth.email_not_verified', 'Please verify your email address first.');
      }
      // Two-factor on: no session until the code step (POST /api/two-factor-challenge) answers.
      if (user.twoFactorConfirmedAt) {
        await startChallenge(ctx, request, reply, user.id);
        return { two_factor: true as const };
      }
      await startSession(ctx, request, reply, user.id);
      return { type: 'success' as const, message: 'You are signed in.' };
    },
  );

  app.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: registerRequest } },
    async (request, reply) => {
      await limitPerAddress(ctx, request, 'register');
      const settings = await readSettings(ctx.db);
      if (!settings.registration) {
        throw new AppError(401, 'auth.registration_disabled', 'User registration is disabled.');
      }
      await requireHuman(ctx, request, 'register', request.body.reCaptcha, settings);
      const { name, email, password } = request.body;
      const verificationRequired = settings.user_verification;
      const passwordHash = await hashPassword(password);
      const created = await ctx.db
        .transaction(async (tx) => {
          const row = await insertUser(tx, {
            email,
            name,
            passwordHash,
            role: 'user',
            verified: !verificationRequired,
            themeMode: settings.default_theme_mode,
            emojiType: settings.default_emoji,
          });
          // Other modules' part of a new account (team invitations waiting for this email).
          for (const hook of ctx.userCreated) await hook(tx, row);
          return row;
        })
        .catch(async (error: unknown) => {
          // With verification on, a taken email answers as a new account would (check your inbox),
          // and its owner gets a mail saying so: the form does not list accounts (issue 39, defect 5).
          // Without it a new account is signed in at once, which a taken email cannot be: refused.
          if (!verificationRequired || !(error instanceof AppError) || error.code !== 'auth.email_taken') throw error;
          const owner = await findUserByEmail(ctx.db, email);
          if (owner) ctx.afterAnswer(() => sendSignUpTakenMail(ctx, owner));
          return null;
        });
      if (verificationRequired) {
        // After the answer, as the taken email's mail: the answer takes as long either way.
        if (created) ctx.afterAnswer(() => sendVerificationMail(ctx, created));
      } else if (created) await startSession(ctx, request, reply, created.id);
      return reply.code(201).send({
        type: 'success' as const,
        message: verificationRequired ? 'Check your inbox to verify your email.' : 'Your account was created.',
        verificationRequired,
      });
    },
  );

  app.post('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    await endSession(ctx, request, reply);
    return reply.code(204).send();
  });

  app.post(
    '/api/password/recover',
    { config: { access: 'public' }, schema: { body: recoverPasswordRequest } },
    async (request) => {
      await limitPerAddress(ctx, request, 'recover');
      await requireHuman(ctx, request, 'password_reset', request.body.reCaptcha);
      // Same answer whether or not the account exists, and in the same time: the look-up, the token
      // and the mail come after the answer, so this endpoint does not list accounts (issue 39, defect 5).
      const { email } = request.body;
      ctx.afterAnswer(() => requestPasswordReset(ctx, email));
      return { type: 'success' as const, message: 'If an account exists for this email, we sent a reset link.' };
    },
  );

  app.post(
    '/api/password/reset',
    { config: { access: 'public' }, schema: { body: resetPasswordRequest } },
    async (request) => {
      await limitPerAddress(ctx, request, 'reset', 10);
      const { email, token, password } = request.body;
      await resetPassword(ctx, email, token, password);
      return { type: 'success' as const, message: 'Your password was changed. Sign in with the new one.' };
    },
  );

  // Changing the password signs out every other session and revokes every access token; this session
  // goes on. An account made by a sign-in provider has no password: it sets its first one without a
  // current one (ADR 0035), from the browser's session only, and only within minutes of signing in
  // (ADR 0062).
  app.post(
    '/api/user/password',
    { config: { access: 'session' }, schema: { body: changePasswordRequest } },
    async (request) => {
      const user = requireSession(request);
      if (user.passwordHash === null) {
        await requireRecentSignIn(
          ctx,
          request,
          'To set a password, sign in again first: it can be set only within 15 minutes of signing in.',
        );
      }
      if (user.passwordHash !== null) {
        const key = loginKey(request, user.email);
        await countLoginAttempt(ctx, key);
        if (!request.body.current || !(await verifyPassword(user.passwordHash, request.body.current))) {
          throw new AppError(422, 'auth.invalid_credentials', 'The current password is incorrect.', undefined, {
            current: ['The current password is incorrect.'],
          });
        }
        await forgetLoginAttempts(ctx, key);
      }
      await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(request.body.password) });
      await revokeOtherSessions(ctx.db, user.id, currentSessionId(request));
      // The other ways in go with the old password: tokens too (ADR 0062).
      await revokeAllAccessTokens(ctx.db, user.id);
      return {
        type: 'success' as const,
        message: user.passwordHash === null ? 'Your password was set.' : 'Your password was changed.',
      };
    },
  );

  app.post(
    '/api/user/verify',
    { config: { access: 'public' }, schema: { body: resendVerificationRequest } },
    async (request) => {
      await limitPerAddress(ctx, request, 'verify');
      const { email } = request.body;
      // The same answer for unknown, unverified and verified accounts, in the same time (the look-up
      // and the mail come after it): this endpoint must not list them.
      ctx.afterAnswer(async () => {
        const user = await findUserByEmail(ctx.db, email);
        if (user && !user.emailVerifiedAt) await sendVerificationMail(ctx, user);
      });
      return { type: 'success' as const, message: 'If the account needs it, we sent a new verification link.' };
    },
  );

  app.get(
    '/api/user/verify/:id',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ expires: z.coerce.number(), signature: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const user = await findUserById(ctx.db, request.params.id);
      const valid = user && (await isValidVerification(ctx, user, request.query.expires, request.query.signature));
      if (!user || !valid) return reply.redirect('/sign-in?verification=invalid');
      if (!user.emailVerifiedAt) await updateUser(ctx.db, user.id, { emailVerifiedAt: new Date() });
      return reply.redirect('/successfully-verified');
    },
  );
}

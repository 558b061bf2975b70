import {
  socialProvider,
  socialProviders,
  socialRedirectResponse,
  type SocialOutcome,
  type SocialProvider,
} from '@filestore/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { limitPerAddress, publicUrl, sendVerificationMail, startChallenge, startSession } from '../auth/index.js';
import { readSettings, type Settings } from '../settings/index.js';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '../users/index.js';
import { startAttempt, takeAttempt } from './attempt.js';
import { authorizationUrl, credentialsOf, exchangeAndFetchProfile, type ProviderProfile } from './providers.js';
import { socialIdentities } from './social.table.js';

/** Where a signed-in browser lands, as after a password sign-in. */
const HOME = '/platform/files';
const REDIRECTS_PER_MINUTE = 20;

const isProvider = (value: string): value is SocialProvider => (socialProviders as readonly string[]).includes(value);

/** The callback the provider sends the browser back to; the administrator pastes it in the provider's console. */
export const callbackUrl = async (ctx: AppContext, provider: SocialProvider) =>
  `${await publicUrl(ctx)}/socialite/${provider}/callback`;

/** Back to the sign-in page, saying why (or what comes next): the page shows it. */
const back = (reply: FastifyReply, outcome: SocialOutcome, provider: SocialProvider) =>
  reply.redirect(`/sign-in?social=${outcome}&provider=${provider}`, 303);

class Refused extends Error {
  constructor(readonly outcome: SocialOutcome) {
    super(outcome);
  }
}

export function socialRoutes(app: TypedApp, ctx: AppContext) {
  // Reference: GET /api/socialite/{provider}/redirect → {data: {url}}. The page then navigates there.
  app.get(
    '/api/socialite/:provider/redirect',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: socialRedirectResponse },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isProvider(provider)) {
        throw new AppError(404, 'social.unknown_provider', 'There is no such sign-in provider.');
      }
      await limitPerAddress(ctx, request, 'social', REDIRECTS_PER_MINUTE);
      const credentials = credentialsOf(await readSettings(ctx.db), provider);
      if (!credentials) {
        throw new AppError(422, 'social.provider_disabled', 'Signing in with this provider is not turned on.');
      }
      const { state, verifier } = await startAttempt(ctx, request, reply, provider);
      const url = await authorizationUrl(
        ctx.config.env,
        provider,
        credentials,
        await callbackUrl(ctx, provider),
        state,
        verifier,
      );
      return { data: { url } };
    },
  );

  // Reference: GET /socialite/{provider}/callback (a page the browser lands on, not an API call).
  app.get(
    '/socialite/:provider/callback',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ provider: socialProvider }),
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
        response: { 303: z.null().describe('To the files, or to the sign-in page saying why not') },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { code, state, error } = request.query;
      const attempt = await takeAttempt(ctx, request, reply, provider, state);
      // The person said no at the provider (the state then matters little: nothing happens).
      if (error) return back(reply, 'denied', provider);
      if (!attempt || !code) return back(reply, 'state', provider);
      const settings = await readSettings(ctx.db);
      const credentials = credentialsOf(settings, provider);
      if (!credentials) return back(reply, 'unavailable', provider);

      let profile: ProviderProfile;
      try {
        profile = await exchangeAndFetchProfile(
          ctx.config.env,
          provider,
          credentials,
          await callbackUrl(ctx, provider),
          code,
          attempt.verifier,
        );
      } catch (caught) {
        request.log.warn({ err: caught, provider }, 'social sign-in: the provider refused the code or the profile');
        return back(reply, 'provider', provider);
      }

      let user: UserRow;
      try {
        user = await accountFor(ctx, settings, provider, profile);
      } catch (caught) {
        if (caught instanceof Refused) return back(reply, caught.outcome, provider);
        throw caught;
      }
      // As a password sign-in: an account that must verify its email first, then the second factor.
      if (settings.user_verification && !user.emailVerifiedAt) return back(reply, 'verify_email', provider);
      if (user.twoFactorConfirmedAt) {
        await startChallenge(ctx, request, reply, user.id);
        return back(reply, 'two_factor', provider);
      }
      await startSession(ctx, request, reply, user.id);
      return reply.redirect(HOME, 303);
    },
  );
}

/**
 * The account this person at the provider signs in to: the one linked to them; else the account
 * with their email, linked now, only when the provider verified that email (and the account's own
 * email was verified: otherwise whoever registered it unverified would get the provider's person);
 * else a new account without a password, when registration is open.
 */
async function accountFor(
  ctx: AppContext,
  settings: Settings,
  provider: SocialProvider,
  profile: ProviderProfile,
): Promise<UserRow> {
  const [linked] = await ctx.db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.providerUserId, profile.id)));
  if (linked) {
    const user = await findUserById(ctx.db, linked.userId);
    if (user) return user;
  }

  const email = profile.email?.toLowerCase();
  if (!email || email.length > 255 || !/^\S+@\S+\.\S+$/.test(email)) throw new Refused('no_email');
  const link = (userId: string) =>
    ctx.db
      .insert(socialIdentities)
      .values({ provider, providerUserId: profile.id, userId, email })
      .onConflictDoNothing();

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (!profile.emailVerified) throw new Refused('email_unverified');
    if (!existing.emailVerifiedAt) throw new Refused('account_unverified');
    await link(existing.id);
    return existing;
  }

  if (!settings.registration) throw new Refused('registration_closed');
  // An email the provider verified counts as verified; otherwise the verification setting decides.
  const verified = profile.emailVerified || !settings.user_verification;
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email,
      name: (profile.name ?? email.split('@')[0] ?? email).slice(0, 255),
      passwordHash: null,
      role: 'user',
      verified,
      themeMode: settings.default_theme_mode,
      emojiType: settings.default_emoji,
    });
    await tx.insert(socialIdentities).values({ provider, providerUserId: profile.id, userId: created.id, email });
    for (const hook of ctx.userCreated) await hook(tx, created);
    return created;
  });
  if (!verified) await sendVerificationMail(ctx, user);
  return user;
}

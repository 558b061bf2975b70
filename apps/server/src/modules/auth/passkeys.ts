import { PASSKEYS_PER_USER_MAX, type PasskeyResource } from '@filestore/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { readSettings } from '../settings/index.js';
import type { UserRow } from '../users/index.js';
import { passkeyChallenges, passkeys, type PasskeyRow } from './passkeys.table.js';

/** Passkeys (WebAuthn) with @simplewebauthn/server (issue 15 point 4, ADR 0034). */

// The library and its ASN.1 stack load with the first passkey ceremony (ADR 0051).
let webauthnModule: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (webauthnModule ??= import('@simplewebauthn/server'));

/** Base64url as WebAuthn writes it (what the library's `isoBase64URL` does, without loading it). */
const base64url = {
  fromBuffer: (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url'),
  toBuffer: (text: string) => new Uint8Array(Buffer.from(text, 'base64url')),
};

/** A ceremony's challenge lives five minutes, by this server's clock; the browser is told the same. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

export const passkeyChallengeExpired = () =>
  new AppError(401, 'auth.passkey_challenge_expired', 'The passkey request expired or was already used. Try again.');
export const passkeyInvalid = () => new AppError(422, 'auth.passkey_invalid', 'The passkey could not be verified.');

/**
 * The relying party: the app's own origin as the rest of the server decides it (APP_URL, else the
 * scheme and host the request came to, `X-Forwarded-*` only with TRUST_PROXY: `/api/config` and the
 * socket's origin check do the same), and its host name as the RP ID. WebAuthn refuses IP
 * addresses as RP IDs, so passkeys need the app opened at a name (`localhost` counts).
 */
export function relyingParty(ctx: AppContext, request: FastifyRequest): { origin: string; rpID: string } {
  const origin = ctx.config.appUrl ? new URL(ctx.config.appUrl).origin : `${request.protocol}://${request.host}`;
  let rpID: string;
  try {
    rpID = new URL(origin).hostname;
  } catch {
    throw passkeysUnavailable();
  }
  if (isIP(rpID.replace(/^\[|\]$/g, '')) !== 0) throw passkeysUnavailable();
  return { origin, rpID };
}

const passkeysUnavailable = () =>
  new AppError(
    409,
    'auth.passkeys_unavailable',
    'Passkeys work only when the app is opened at a domain name, not an IP address.',
  );

/** The WebAuthn user handle: the account's uuid as 16 bytes (no email or name in it). */
const userHandleOf = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** Stores the challenge for `purpose` issued to `boundTo`, replacing one asked for before. */
async function keepChallenge(db: Db, purpose: Purpose, boundTo: string, challenge: string, userId: string | null) {
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS);
  await db
    .insert(passkeyChallenges)
    .values({ purpose, boundTo, challenge, userId, expiresAt })
    .onConflictDoUpdate({
      target: [passkeyChallenges.purpose, passkeyChallenges.boundTo],
      set: { challenge, userId, expiresAt },
    });
}

/**
 * Takes the challenge issued to `boundTo` for `purpose`: the delete is the check, so it answers
 * once, whatever comes of the answer. Null when there is none or it expired.
 */
export async function takeChallenge(db: Db, purpose: Purpose, boundTo: string) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.purpose, purpose), eq(passkeyChallenges.boundTo, boundTo)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}

export const listPasskeys = (db: Db, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));

export function presentPasskey(row: PasskeyRow): PasskeyResource {
  return {
    id: row.id,
    type: 'passkey',
    attributes: {
      name: row.name,
      synced: row.backedUp,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    },
  };
}

const tooManyPasskeys = () =>
  validationFailed(
    { credential: [`An account can hold ${PASSKEYS_PER_USER_MAX} passkeys. Remove one first.`] },
    `An account can hold ${PASSKEYS_PER_USER_MAX} passkeys. Remove one first.`,
  );

/**
 * Options for `navigator.credentials.create()`: a discoverable credential (resident key required,
 * so it can sign in without the email) that verifies its user (PIN, fingerprint, face), none of
 * the user's passkeys again. The challenge is bound to the caller's session.
 */
export async function registrationOptions(ctx: AppContext, request: FastifyRequest, user: UserRow, sessionId: string) {
  const { rpID } = relyingParty(ctx, request);
  const existing = await listPasskeys(ctx.db, user.id);
  if (existing.length >= PASSKEYS_PER_USER_MAX) throw tooManyPasskeys();
  const { app_title } = await readSettings(ctx.db);
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: app_title,
    rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: displayName,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await keepChallenge(ctx.db, 'register', sessionId, options.challenge, user.id);
  return { ...options };
}

/** Verifies a new credential against the session's challenge and stores it; 409 when it is known. */
export async function registerPasskey(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  sessionId: string,
  credential: RegistrationResponseJSON,
  name: string,
): Promise<PasskeyRow> {
  const { origin, rpID } = relyingParty(ctx, request);
  const challenge = await takeChallenge(ctx.db, 'register', sessionId);
  if (!challenge || challenge.userId !== user.id) throw passkeyChallengeExpired();
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    ctx.log.info({ err: error }, 'passkey registration refused');
    throw passkeyInvalid();
  }
  if (!verification.verified) throw passkeyInvalid();
  const info = verification.registrationInfo;
  return ctx.db.transaction(async (tx) => {
    // Serialises the count with other registrations of the same user.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`passkeys:${user.id}`}))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
    if (n >= PASSKEYS_PER_USER_MAX) throw tooManyPasskeys();
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: base64url.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: (credential.response.transports ?? []).slice(0, 10),
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError(409, 'auth.passkey_exists', 'This passkey is already registered.');
    return row;
  });
}

/**
 * Options for `navigator.credentials.get()`. Without `user` (signing in instead of the password):
 * any discoverable credential of this site, user verification required. With `user` (the second
 * factor after the password): that user's passkeys only, user verification preferred.
 */
export async function authenticationOptions(
  ctx: AppContext,
  request: FastifyRequest,
  purpose: 'sign-in' | 'second-factor',
  boundTo: string,
  user: UserRow | null,
) {
  const { rpID } = relyingParty(ctx, request);
  let allowCredentials: { id: string; transports: string[] }[] | undefined;
  if (user) {
    const own = await listPasskeys(ctx.db, user.id);
    if (own.length === 0) throw new AppError(409, 'auth.passkey_none', 'This account has no passkey yet.');
    allowCredentials = own.map((p) => ({ id: p.credentialId, transports: p.transports }));
  }
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: purpose === 'sign-in' ? 'required' : 'preferred',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await keepChallenge(ctx.db, purpose, boundTo, options.challenge, user?.id ?? null);
  return { ...options };
}

/**
 * Checks an assertion over `challenge` (already taken) with the passkey it names, then records
 * its counter and use. `userId`, when given, must own the passkey. The counter check is the
 * library's (a counter that does not grow, once either side is above zero, may be a cloned
 * authenticator: refused); the update only happens from the counter read, so of two assertions
 * racing with the same counter one wins. Answers the passkey's row.
 */
export async function verifyAssertion(
  ctx: AppContext,
  request: FastifyRequest,
  assertion: AuthenticationResponseJSON,
  challenge: string,
  options: { userId?: string; requireUserVerification: boolean },
): Promise<PasskeyRow> {
  const { origin, rpID } = relyingParty(ctx, request);
  const [passkey] = await ctx.db.select().from(passkeys).where(eq(passkeys.credentialId, assertion.id));
  if (!passkey || (options.userId && passkey.userId !== options.userId)) throw passkeyInvalid();
  // A discoverable credential names its account: it must be the passkey's.
  const handle = assertion.response.userHandle;
  if (handle && handle !== base64url.fromBuffer(userHandleOf(passkey.userId))) throw passkeyInvalid();
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: base64url.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: options.requireUserVerification,
    });
  } catch (error) {
    ctx.log.info({ err: error, passkey: passkey.id }, 'passkey assertion refused');
    throw passkeyInvalid();
  }
  if (!verification.verified) throw passkeyInvalid();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const [used] = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning();
  if (!used) throw passkeyInvalid();
  return used;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** Another user's passkey, a malformed id or a removed one: the same 404. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw notFound();
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Deletes up to `batch` challenges that expired before `now`; answers how many. */
export async function purgeExpiredPasskeyChallenges(db: Db, now: Date, batch: number): Promise<number> {
  const expired = await db
    .select({ purpose: passkeyChallenges.purpose, boundTo: passkeyChallenges.boundTo })
    .from(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .limit(batch);
  if (expired.length === 0) return 0;
  const gone = await db
    .delete(passkeyChallenges)
    .where(
      and(
        lt(passkeyChallenges.expiresAt, now),
        inArray(
          passkeyChallenges.boundTo,
          expired.map((e) => e.boundTo),
        ),
      ),
    )
    .returning({ boundTo: passkeyChallenges.boundTo });
  return gone.length;
}

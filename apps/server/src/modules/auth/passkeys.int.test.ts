import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { someChallenge, SoftAuthenticator } from '../../../test/soft-authenticator.js';
import { PASSKEY_COOKIE } from './passkeys.routes.js';
import { passkeyChallenges, passkeys } from './passkeys.table.js';
import { SESSION_COOKIE } from './sessions.js';
import { CHALLENGE_COOKIE } from './two-factor.js';

const PASSWORD = 'user-password-1';
const APP_URL = 'https://files.example.test';
const RP_ID = 'files.example.test';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string } & Record<string, unknown>;

async function registrationOptions(client: TestClient, password = PASSWORD) {
  const res = await client.post('/api/user/passkeys/options', { password });
  expect(res.status, res.body).toBe(200);
  return res.json<{ options: Options }>().options;
}

/** Registers a new software passkey for the client's user; answers it and the created passkey's id. */
async function addPasskey(client: TestClient, name?: string, synced = false) {
  const authenticator = new SoftAuthenticator(APP_URL, RP_ID, { synced });
  const options = await registrationOptions(client);
  const res = await client.request(
    'POST',
    '/api/user/passkeys',
    { ...(name ? { name } : {}), credential: authenticator.create(options) },
    { 'user-agent': CHROME },
  );
  expect(res.status, res.body).toBe(201);
  return { authenticator, id: res.json<{ data: { id: string } }>().data.id };
}

/** The sign-in page's options: a challenge bound to this browser by a cookie. */
async function signInOptions(browser: TestClient) {
  const res = await browser.post('/api/passkeys/sign-in/options');
  expect(res.status, res.body).toBe(200);
  expect(browser.cookies.has(PASSKEY_COOKIE)).toBe(true);
  return res.json<{ options: Options }>().options;
}

const signIn = (browser: TestClient, credential: unknown) =>
  browser.request('POST', '/api/passkeys/sign-in', { credential }, { 'user-agent': CHROME });

const count = async (server: TestServer, table: 'sessions' | 'passkey_challenges') =>
  Number(
    rowsOf<{ n: string }>(await server.ctx.db.execute(sql.raw(`select count(*)::text as n from ${table}`)))[0]?.n ??
      '-1',
  );

describe('passkeys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ APP_URL });
    await installWithAdmin(server);
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  it('are registered with the password, listed, renamed and removed; another user’s id is 404', async () => {
    const client = await registerUser(server, 'pia@example.com', PASSWORD, '10.30.0.1');
    expect((await client.get('/api/user/passkeys')).json()).toEqual({ data: [] });

    // The password first: a wrong one gives no options.
    const wrong = await client.post('/api/user/passkeys/options', { password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('auth.invalid_credentials');

    const options = await registrationOptions(client);
    // Discoverable, verifying its user, for this site only, without attestation.
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(options.user.id).toBe(
      Buffer.from((await userIdOf(server, 'pia@example.com')).replace(/-/g, ''), 'hex').toString('base64url'),
    );

    const authenticator = new SoftAuthenticator(APP_URL, RP_ID, { synced: true });
    const created = await client.request(
      'POST',
      '/api/user/passkeys',
      { credential: authenticator.create(options) },
      { 'user-agent': CHROME },
    );
    expect(created.status, created.body).toBe(201);
    const passkey = created.json().data;
    // Named after the browser and system it was made on until its owner renames it.
    expect(passkey).toMatchObject({
      type: 'passkey',
      attributes: { name: 'Chrome on Linux', synced: true, last_used_at: null },
    });
    expect(Object.keys(passkey.attributes).sort()).toEqual(['created_at', 'last_used_at', 'name', 'synced']);

    // The challenge was used: the same answer again registers nothing.
    const again = await client.post('/api/user/passkeys', { credential: authenticator.create(options) });
    expect(again.status).toBe(401);
    expect(again.json().code).toBe('auth.passkey_challenge_expired');

    // The next options exclude the registered one; registering it anyway is refused.
    const next = await registrationOptions(client);
    expect(next.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const twice = await client.post('/api/user/passkeys', { credential: authenticator.create(next) });
    expect(twice.status).toBe(409);
    expect(twice.json().code).toBe('auth.passkey_exists');

    const renamed = await client.request('PATCH', `/api/user/passkeys/${passkey.id}`, { name: '  Work laptop ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json().data.attributes.name).toBe('Work laptop');
    expect(
      (await client.get('/api/user/passkeys'))
        .json()
        .data.map((p: { attributes: { name: string } }) => p.attributes.name),
    ).toEqual(['Work laptop']);
    const blank = await client.request('PATCH', `/api/user/passkeys/${passkey.id}`, { name: '   ' });
    expect(blank.status).toBe(422);

    // Another user sees none of it: the same 404 as a passkey that does not exist or a malformed id.
    const other = await registerUser(server, 'oli@example.com', PASSWORD, '10.30.0.2');
    expect((await other.get('/api/user/passkeys')).json()).toEqual({ data: [] });
    for (const id of [passkey.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await other.request('PATCH', `/api/user/passkeys/${id}`, { name: 'Mine' })).status).toBe(404);
      expect((await other.request('DELETE', `/api/user/passkeys/${id}`)).status).toBe(404);
    }
    // Nor can another account register the same credential.
    const theirs = await other.post('/api/user/passkeys', {
      credential: authenticator.create(await registrationOptions(other)),
    });
    expect(theirs.status).toBe(409);

    const removed = await client.request('DELETE', `/api/user/passkeys/${passkey.id}`);
    expect(removed.status).toBe(200);
    expect((await client.get('/api/user/passkeys')).json()).toEqual({ data: [] });
    expect((await client.request('DELETE', `/api/user/passkeys/${passkey.id}`)).status).toBe(404);
  });

  it('refuses a registration over another challenge, origin or without user verification', async () => {
    const client = await registerUser(server, 'reg@example.com', PASSWORD, '10.30.0.3');
    const cases: [string, (a: SoftAuthenticator, o: Options) => unknown][] = [
      ['wrong challenge', (a, o) => a.create(o, { challenge: someChallenge() })],
      ['other origin', (a, o) => a.create(o, { origin: 'https://evil.example.test' })],
      ['no user verification', (a, o) => a.create(o, { userVerified: false })],
      ['other RP ID', (a, o) => a.create({ ...o, rp: { id: 'evil.example.test' } })],
    ];
    for (const [why, make] of cases) {
      const res = await client.post('/api/user/passkeys', {
        credential: make(new SoftAuthenticator(APP_URL, RP_ID), await registrationOptions(client)),
      });
      expect(res.status, why).toBe(422);
      expect(res.json().code, why).toBe('auth.passkey_invalid');
    }
    expect((await client.get('/api/user/passkeys')).json()).toEqual({ data: [] });

    // The challenge is bound to the session that asked: another session of the same user cannot answer it.
    const options = await registrationOptions(client);
    const elsewhere = server.client('10.30.0.3');
    expect((await elsewhere.post('/api/login', { email: 'reg@example.com', password: PASSWORD })).status).toBe(200);
    const res = await elsewhere.post('/api/user/passkeys', {
      credential: new SoftAuthenticator(APP_URL, RP_ID).create(options),
    });
    expect(res.status).toBe(401);
    expect(res.json().code).toBe('auth.passkey_challenge_expired');

    // Not with a token: it has no browser session to bind the challenge to.
    const token = (await client.post('/api/user/tokens', { name: 'script', password: PASSWORD })).json().plainTextToken;
    const bearer = await server.app.inject({
      method: 'POST',
      url: '/api/user/passkeys/options',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: PASSWORD }),
    });
    expect(bearer.statusCode).toBe(403);
  });

  it('signs in without the email and password, as a password sign-in does, and skips the code step', async () => {
    const client = await registerUser(server, 'sam@example.com', PASSWORD, '10.30.0.4');
    const { authenticator, id } = await addPasskey(client);
    // Two-factor on: a user-verified passkey is both factors, so no code is asked.
    const secret = (await client.post('/api/user/two-factor-authentication', { password: PASSWORD })).json().secret;
    expect(
      (await client.post('/api/user/confirmed-two-factor-authentication', { code: await generate({ secret }) })).status,
    ).toBe(200);

    const browser = server.client('10.30.0.5');
    const options = await signInOptions(browser);
    // Any passkey of this site (discoverable), verifying its user.
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const sessionsBefore = await count(server, 'sessions');
    const res = await signIn(browser, authenticator.get(options));
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'success' });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(browser.cookies.has(PASSKEY_COOKIE)).toBe(false);
    expect((await browser.get('/api/user')).json().data.attributes.email).toBe('sam@example.com');
    expect(await count(server, 'sessions')).toBe(sessionsBefore + 1);
    // The session row carries the device, as any sign-in's does.
    const listed = (await browser.get('/api/user/sessions')).json().data;
    expect(listed.find((s: { current: boolean }) => s.current)).toMatchObject({
      ip: '10.30.0.5',
      browser: 'Chrome 131',
      os: 'Linux',
    });
    // State-changing calls still need the XSRF header.
    const noXsrf = await browser.request(
      'POST',
      '/api/user/passkeys/options',
      { password: PASSWORD },
      {
        'x-xsrf-token': 'wrong',
      },
    );
    expect(noXsrf.status).toBe(419);
    // The passkey records its use.
    const [row] = await server.ctx.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(row?.lastUsedAt).not.toBeNull();
    expect(row?.counter).toBe(1);
    expect((await client.get('/api/user/passkeys')).json().data[0].attributes.last_used_at).not.toBeNull();
  });

  it('refuses a wrong challenge, a replayed assertion, a regressed counter, a removed passkey and an expired challenge', async () => {
    const client = await registerUser(server, 'rex@example.com', PASSWORD, '10.30.0.6');
    const { authenticator, id } = await addPasskey(client, 'Phone');
    let browser = server.client('10.30.0.7');
    const fail = async (credential: unknown, code: string, why: string) => {
      const res = await signIn(browser, credential);
      expect(res.status, `${why}: ${res.body}`).toBe(code === 'auth.passkey_invalid' ? 422 : 401);
      expect(res.json().code, why).toBe(code);
      expect(browser.cookies.has(SESSION_COOKIE), why).toBe(false);
      // Failures from one address are limited (below); here each case is tried on its own.
      await server.ctx.rateLimiter.reset('passkey-sign-in:10.30.0.7');
    };

    // Signed over another challenge: refused, and the browser's challenge is used up with it.
    let options = await signInOptions(browser);
    await fail(authenticator.get(options, { challenge: someChallenge() }), 'auth.passkey_invalid', 'wrong challenge');
    await fail(authenticator.get(options), 'auth.passkey_challenge_expired', 'challenge used by the failure');

    // Without options first (no cookie), or with another browser's challenge.
    await fail(authenticator.get({ challenge: someChallenge() }), 'auth.passkey_challenge_expired', 'no options');
    const otherBrowser = server.client('10.30.0.8');
    const theirs = await signInOptions(otherBrowser);
    await signInOptions(browser);
    await fail(authenticator.get(theirs), 'auth.passkey_invalid', 'another browser’s challenge');

    // Other origin, another RP ID, no user verification, a registration's clientData, a forged user handle.
    for (const [why, tweaks] of [
      ['other origin', { origin: 'https://evil.example.test' }],
      ['no user verification', { userVerified: false }],
      ['wrong type', { type: 'webauthn.create' }],
      ['other user handle', { userHandle: Buffer.alloc(16, 7).toString('base64url') }],
    ] as const) {
      options = await signInOptions(browser);
      await fail(authenticator.get(options, tweaks), 'auth.passkey_invalid', why);
    }
    options = await signInOptions(browser);
    await fail(authenticator.get({ ...options, rpId: 'evil.example.test' }), 'auth.passkey_invalid', 'other RP ID');

    // Too many failures from one address: 5 a minute, like password guesses.
    for (let i = 0; i < 5; i++) {
      options = await signInOptions(browser);
      expect((await signIn(browser, authenticator.get(options, { challenge: someChallenge() }))).status).toBe(422);
    }
    options = await signInOptions(browser);
    const limited = await signIn(browser, authenticator.get(options));
    expect(limited.status).toBe(429);
    await server.ctx.rateLimiter.reset('passkey-sign-in:10.30.0.7');

    // A right sign-in, then the very same assertion again: the challenge is gone.
    options = await signInOptions(browser);
    const assertion = authenticator.get(options);
    expect((await signIn(browser, assertion)).status).toBe(200);
    browser = server.client('10.30.0.7');
    await fail(assertion, 'auth.passkey_challenge_expired', 'replay without options');
    await signInOptions(browser);
    await fail(assertion, 'auth.passkey_invalid', 'replay over a new challenge');

    // A counter that does not grow: a cloned authenticator, refused; the stored counter stays.
    const [before] = await server.ctx.db.select().from(passkeys).where(eq(passkeys.id, id));
    options = await signInOptions(browser);
    await fail(authenticator.get(options, { counter: before!.counter }), 'auth.passkey_invalid', 'same counter');
    options = await signInOptions(browser);
    await fail(authenticator.get(options, { counter: 1 }), 'auth.passkey_invalid', 'lower counter');
    const [after] = await server.ctx.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(after!.counter).toBe(before!.counter);

    // Five minutes by the server's clock: the challenge expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    options = await signInOptions(browser);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    await fail(authenticator.get(options), 'auth.passkey_challenge_expired', 'expired');
    vi.useRealTimers();

    // A removed passkey signs in no more.
    expect((await client.request('DELETE', `/api/user/passkeys/${id}`)).status).toBe(200);
    options = await signInOptions(browser);
    await fail(authenticator.get(options), 'auth.passkey_invalid', 'removed');
  });

  it('completes a pending two-factor sign-in as the second factor, with the user’s own passkeys only', async () => {
    const client = await registerUser(server, 'tfa@example.com', PASSWORD, '10.30.0.9');
    const own = await addPasskey(client, 'Key');
    const secret = (await client.post('/api/user/two-factor-authentication', { password: PASSWORD })).json().secret;
    await client.post('/api/user/confirmed-two-factor-authentication', { code: await generate({ secret }) });
    const stranger = await registerUser(server, 'str@example.com', PASSWORD, '10.30.0.10');
    const strangers = await addPasskey(stranger, 'Theirs');

    // No pending sign-in: nothing to complete.
    const nobody = server.client('10.30.0.11');
    expect((await nobody.post('/api/two-factor-challenge/passkey/options')).status).toBe(401);

    const browser = server.client('10.30.0.11');
    expect((await browser.post('/api/login', { email: 'tfa@example.com', password: PASSWORD })).json()).toEqual({
      two_factor: true,
    });
    const optionsRes = await browser.post('/api/two-factor-challenge/passkey/options');
    expect(optionsRes.status, optionsRes.body).toBe(200);
    const options = optionsRes.json<{ options: Options & { allowCredentials: { id: string }[] } }>().options;
    expect(options.allowCredentials.map((c) => c.id)).toEqual([own.authenticator.id]);

    // Another user's passkey does not complete this user's sign-in (and uses up the challenge).
    const foreign = await browser.post('/api/two-factor-challenge/passkey', {
      credential: strangers.authenticator.get(options),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json().code).toBe('auth.passkey_invalid');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = await browser.post('/api/two-factor-challenge/passkey', {
      credential: own.authenticator.get(options),
    });
    expect(replay.status).toBe(401);
    expect(replay.json().code).toBe('auth.passkey_challenge_expired');

    // Its own passkey does (user verification preferred, not required: the password was the first factor).
    const third = (await browser.post('/api/two-factor-challenge/passkey/options')).json().options;
    expect(third.userVerification).toBe('preferred');
    const ok = await browser.post('/api/two-factor-challenge/passkey', {
      credential: own.authenticator.get(third, { userVerified: false }),
    });
    expect(ok.status, ok.body).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(browser.cookies.has(CHALLENGE_COOKIE)).toBe(false);
    expect((await browser.get('/api/user')).json().data.attributes.email).toBe('tfa@example.com');

    // The pending sign-in is used up.
    expect((await browser.post('/api/two-factor-challenge/passkey/options')).status).toBe(401);

    // An account with two-factor on and no passkey is told so.
    await client.request('DELETE', `/api/user/passkeys/${own.id}`);
    const next = server.client('10.30.0.12');
    await next.post('/api/login', { email: 'tfa@example.com', password: PASSWORD });
    const none = await next.post('/api/two-factor-challenge/passkey/options');
    expect(none.status).toBe(409);
    expect(none.json().code).toBe('auth.passkey_none');
  });

  it('keeps challenges only until they expire', async () => {
    const browser = server.client('10.30.0.13');
    await signInOptions(browser);
    expect(await count(server, 'passkey_challenges')).toBeGreaterThan(0);
    const { purgeExpiredPasskeyChallenges } = await import('./passkeys.js');
    await purgeExpiredPasskeyChallenges(server.ctx.db, new Date(Date.now() + 6 * 60_000), 1000);
    expect(await server.ctx.db.select().from(passkeyChallenges)).toEqual([]);
  });
});

describe('passkeys without APP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('take the relying party from the host the request came to, and refuse an IP address', async () => {
    const browser = server.client();
    const res = await browser.request('POST', '/api/passkeys/sign-in/options', {}, { host: 'files.local:8080' });
    expect(res.status).toBe(200);
    expect(res.json().options.rpId).toBe('files.local');
    const ip = await browser.request('POST', '/api/passkeys/sign-in/options', {}, { host: '127.0.0.1:8080' });
    expect(ip.status).toBe(409);
    expect(ip.json().code).toBe('auth.passkeys_unavailable');

    // Registered at the host's origin, signed in there; another origin is refused.
    const client = await registerUser(server, 'host@example.com', PASSWORD);
    const host = { host: 'files.local:8080' };
    const options = (await client.request('POST', '/api/user/passkeys/options', { password: PASSWORD }, host)).json()
      .options as Options;
    const authenticator = new SoftAuthenticator('http://files.local:8080', 'files.local');
    const created = await client.request(
      'POST',
      '/api/user/passkeys',
      { credential: authenticator.create(options) },
      host,
    );
    expect(created.status, created.body).toBe(201);
    const signInWith = async (origin: string) => {
      const b = server.client();
      const o = (await b.request('POST', '/api/passkeys/sign-in/options', {}, host)).json().options as Options;
      return b.request('POST', '/api/passkeys/sign-in', { credential: authenticator.get(o, { origin }) }, host);
    };
    expect((await signInWith('http://files.other:8080')).status).toBe(422);
    expect((await signInWith('http://files.local:8080')).status).toBe(200);
  });
});

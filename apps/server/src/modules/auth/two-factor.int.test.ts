import { userResource } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import { users } from '../users/index.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { twoFactorChallenges, twoFactorRecoveryCodes } from './auth.table.js';
import { SESSION_COOKIE } from './sessions.js';
import { CHALLENGE_COOKIE } from './two-factor.js';

const PASSWORD = 'user-password-1';
const STEP = 30_000;

/** A code of the step `offset` steps from now (otplib reads the clock, faked or not). */
const codeFor = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor((Date.now() + offset * STEP) / 1000) });

const sessionCount = async (server: TestServer) =>
  Number(
    rowsOf<{ n: string }>(await server.ctx.db.execute(sql`select count(*)::text as n from sessions`))[0]?.n ?? '-1',
  );

async function userRow(server: TestServer, email: string) {
  const [row] = await server.ctx.db
    .select()
    .from(users)
    .where(eq(users.id, await userIdOf(server, email)));
  return row!;
}

async function attributes(client: TestClient) {
  return userResource.parse((await client.get('/api/user')).json()).data.attributes;
}

/** Enables and confirms two-factor sign-in for the client's user; answers the secret and recovery codes. */
async function turnOn(client: TestClient, password = PASSWORD) {
  const enabled = await client.post('/api/user/two-factor-authentication', { password });
  expect(enabled.status).toBe(200);
  const { secret } = enabled.json<{ secret: string }>();
  const confirmed = await client.post('/api/user/confirmed-two-factor-authentication', {
    code: await codeFor(secret),
  });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** The password step of a sign-in from a new browser; two-factor on, it must answer without a session. */
async function passwordStep(server: TestServer, email: string, ip?: string) {
  const browser = server.client(ip);
  const res = await browser.post('/api/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  expect(res.json()).toEqual({ two_factor: true });
  expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  expect(browser.cookies.has(CHALLENGE_COOKIE)).toBe(true);
  expect((await browser.get('/api/user')).status).toBe(401);
  return browser;
}

describe('two-factor sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  it('needs the password to start, keeps the secret sealed, and is not in force until confirmed', async () => {
    const client = await registerUser(server, 'tess@example.com', PASSWORD, '10.20.0.1');
    const wrong = await client.post('/api/user/two-factor-authentication', { password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('auth.invalid_credentials');
    expect(wrong.json().errors.password).toBeDefined();
    expect((await userRow(server, 'tess@example.com')).twoFactorSecret).toBeNull();
    expect(await attributes(client)).toMatchObject({ two_factor_authentication: false, two_factor_confirmed_at: null });

    const res = await client.post('/api/user/two-factor-authentication', { password: PASSWORD });
    expect(res.status).toBe(200);
    const { secret, otpauth_url, qr_svg } = res.json<{ secret: string; otpauth_url: string; qr_svg: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*tess%40example\.com\?.*secret=/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const stored = (await userRow(server, 'tess@example.com')).twoFactorSecret ?? '';
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(await attributes(client)).toMatchObject({ two_factor_authentication: true, two_factor_confirmed_at: null });

    // Not confirmed: the password alone still signs in.
    const other = server.client();
    expect((await other.post('/api/login', { email: 'tess@example.com', password: PASSWORD })).json()).toMatchObject({
      type: 'success',
    });
    expect(other.cookies.has(SESSION_COOKIE)).toBe(true);

    // A wrong code confirms nothing; the right one gives ten recovery codes, shown once.
    const bad = await client.post('/api/user/confirmed-two-factor-authentication', {
      code: (Number(await codeFor(secret)) + 1).toString().padStart(6, '0').slice(-6),
    });
    expect(bad.status).toBe(422);
    expect(bad.json().code).toBe('auth.two_factor_invalid_code');
    expect((await attributes(client)).two_factor_confirmed_at).toBeNull();
    const ok = await client.post('/api/user/confirmed-two-factor-authentication', { code: await codeFor(secret) });
    expect(ok.status).toBe(200);
    const codes = ok.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    expect((await attributes(client)).two_factor_confirmed_at).not.toBeNull();
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 10 });
    const hashes = await server.ctx.db.select().from(twoFactorRecoveryCodes);
    expect(hashes.map((h) => h.codeHash).some((h) => codes.some((c) => h.includes(c.replace(/-/g, ''))))).toBe(false);

    // Confirmed: starting again needs turning it off first.
    const again = await client.post('/api/user/two-factor-authentication', { password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.json().code).toBe('auth.two_factor_already_enabled');
    // Confirming again says it is already on, not that it is off (issue 39, defect 10).
    const confirmAgain = await client.post('/api/user/confirmed-two-factor-authentication', {
      code: await codeFor(secret),
    });
    expect(confirmAgain.status).toBe(409);
    expect(confirmAgain.json()).toMatchObject({
      code: 'auth.two_factor_already_enabled',
      message: 'Two-factor authentication is already on.',
    });
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 10 });
  });

  it('asks for the code after the password and makes no session before it; wrong and replayed codes fail', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The start of a step, so "the next step" below is a known 30 s away.
    vi.setSystemTime(Math.ceil(Date.now() / STEP) * STEP + 1_000);
    const client = await registerUser(server, 'otto@example.com', PASSWORD, '10.20.0.2');
    const { secret } = await turnOn(client);
    const sessionsBefore = await sessionCount(server);

    const browser = await passwordStep(server, 'otto@example.com');
    expect(await sessionCount(server)).toBe(sessionsBefore);

    // The code that confirmed the setup: its step is used up.
    const replayed = await browser.post('/api/two-factor-challenge', { code: await codeFor(secret) });
    expect(replayed.status).toBe(422);
    expect(replayed.json().code).toBe('auth.two_factor_invalid_code');
    // A code of the step before is within the tolerance but older than the last one used.
    expect((await browser.post('/api/two-factor-challenge', { code: await codeFor(secret, -1) })).status).toBe(422);
    const wrong = await browser.post('/api/two-factor-challenge', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(await sessionCount(server)).toBe(sessionsBefore);
    expect((await browser.get('/api/user')).status).toBe(401);

    // The same code in another browser without the pending sign-in: refused, no session.
    vi.setSystemTime(Date.now() + STEP);
    const code = await codeFor(secret);
    const stranger = server.client();
    const noChallenge = await stranger.post('/api/two-factor-challenge', { code });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.json().code).toBe('auth.two_factor_challenge_expired');

    const ok = await browser.post('/api/two-factor-challenge', { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(ok.status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(browser.cookies.has(CHALLENGE_COOKIE)).toBe(false);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect(await sessionCount(server)).toBe(sessionsBefore + 1);

    // The same code again, in a new sign-in within its window: refused.
    const next = await passwordStep(server, 'otto@example.com');
    const replay = await next.post('/api/two-factor-challenge', { code });
    expect(replay.status).toBe(422);
    expect(replay.json().code).toBe('auth.two_factor_invalid_code');
    expect((await next.get('/api/user')).status).toBe(401);
    expect(await sessionCount(server)).toBe(sessionsBefore + 1);
    expect(await server.ctx.db.select().from(twoFactorChallenges)).toHaveLength(1);
  });

  it('takes each recovery code once', async () => {
    const client = await registerUser(server, 'rita@example.com', PASSWORD, '10.20.0.3');
    const { recoveryCodes } = await turnOn(client);
    const browser = await passwordStep(server, 'rita@example.com');
    const used = recoveryCodes[3]!;
    const ok = await browser.post('/api/two-factor-challenge', { recovery_code: used.toUpperCase() });
    expect(ok.status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 9 });

    const again = await passwordStep(server, 'rita@example.com');
    const reused = await again.post('/api/two-factor-challenge', { recovery_code: used });
    expect(reused.status).toBe(422);
    expect(reused.json().code).toBe('auth.two_factor_invalid_code');
    expect(reused.json().errors.recovery_code).toBeDefined();
    expect((await again.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 9 });
    // Another user's code is no code of this one.
    const both = await server.ctx.db.select().from(twoFactorRecoveryCodes);
    expect(both.length).toBeGreaterThanOrEqual(9);
  });

  it('uses up only the winning code of three recovery codes sent at once to one pending sign-in', async () => {
    const client = await registerUser(server, 'rhea@example.com', PASSWORD, '10.20.0.9');
    const { recoveryCodes } = await turnOn(client);
    const browser = await passwordStep(server, 'rhea@example.com');
    const sent = recoveryCodes.slice(0, 3);
    const answers = await Promise.all(
      sent.map((code) => browser.post('/api/two-factor-challenge', { recovery_code: code })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    for (const lost of answers.filter((a) => a.status === 401)) {
      expect(lost.json().code).toBe('auth.two_factor_challenge_expired');
    }
    // The two codes that lost still work, once each.
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 9 });
    const losers = sent.filter((_, i) => answers[i]!.status === 401);
    for (const code of losers) {
      const next = await passwordStep(server, 'rhea@example.com');
      expect((await next.post('/api/two-factor-challenge', { recovery_code: code })).status).toBe(200);
    }
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 7 });
  });

  it('keeps the pending sign-in and every code when a wrong recovery code races a right one', async () => {
    const client = await registerUser(server, 'remy@example.com', PASSWORD, '10.20.0.10');
    const { recoveryCodes } = await turnOn(client);
    const browser = await passwordStep(server, 'remy@example.com');
    const [wrong, right] = await Promise.all([
      browser.post('/api/two-factor-challenge', { recovery_code: 'aaaa-bbbb-cccc-dddd' }),
      browser.post('/api/two-factor-challenge', { recovery_code: recoveryCodes[0] }),
    ]);
    // The wrong code is refused as wrong, or, when the right one already ended the sign-in, as expired.
    expect([422, 401]).toContain(wrong.status);
    expect(right.status).toBe(200);
    expect((await client.get('/api/user/two-factor-recovery-codes')).json()).toEqual({ remaining: 9 });
  });

  it('allows 5 wrong codes a minute per account, whatever the browser, then refuses even the right one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await registerUser(server, 'lena@example.com', PASSWORD, '10.20.0.4');
    const { secret } = await turnOn(client);
    vi.setSystemTime(Date.now() + STEP);
    const first = await passwordStep(server, 'lena@example.com', '10.7.0.1');
    const second = await passwordStep(server, 'lena@example.com', '10.7.0.2');
    for (let i = 0; i < 3; i++)
      expect((await first.post('/api/two-factor-challenge', { code: '111111' })).status).toBe(422);
    for (let i = 0; i < 2; i++)
      expect((await second.post('/api/two-factor-challenge', { code: '222222' })).status).toBe(422);
    const limited = await first.post('/api/two-factor-challenge', { code: await codeFor(secret) });
    expect(limited.status).toBe(429);
    expect(limited.json().code).toBe('auth.too_many_attempts');
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.post('/api/two-factor-challenge', { recovery_code: 'aaaa-bbbb-cccc-dddd' })).status).toBe(429);

    // A minute later the right code works (the pending sign-in lasts five).
    vi.setSystemTime(Date.now() + 61_000);
    expect((await first.post('/api/two-factor-challenge', { code: await codeFor(secret) })).status).toBe(200);
    expect((await first.get('/api/user')).status).toBe(200);
  });

  it('lets a pending sign-in expire after five minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await registerUser(server, 'ezra@example.com', PASSWORD, '10.20.0.5');
    const { secret } = await turnOn(client);
    const browser = await passwordStep(server, 'ezra@example.com');
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const late = await browser.post('/api/two-factor-challenge', { code: await codeFor(secret) });
    expect(late.status).toBe(401);
    expect(late.json().code).toBe('auth.two_factor_challenge_expired');
    expect(browser.cookies.has(CHALLENGE_COOKIE)).toBe(false);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('regenerates recovery codes with the password: the old ones stop working', async () => {
    const client = await registerUser(server, 'gwen@example.com', PASSWORD, '10.20.0.6');
    const { recoveryCodes } = await turnOn(client);
    const wrong = await client.post('/api/user/two-factor-recovery-codes', { password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('auth.invalid_credentials');
    const res = await client.post('/api/user/two-factor-recovery-codes', { password: PASSWORD });
    expect(res.status).toBe(200);
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);

    const browser = await passwordStep(server, 'gwen@example.com');
    expect((await browser.post('/api/two-factor-challenge', { recovery_code: recoveryCodes[0] })).status).toBe(422);
    expect((await browser.post('/api/two-factor-challenge', { recovery_code: fresh[0] })).status).toBe(200);
  });

  it('turns off only with the password, then the password alone signs in again', async () => {
    const client = await registerUser(server, 'dora@example.com', PASSWORD, '10.20.0.7');
    await turnOn(client);
    const wrong = await client.request('DELETE', '/api/user/two-factor-authentication', { password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('auth.invalid_credentials');
    expect(await attributes(client)).toMatchObject({ two_factor_authentication: true });
    expect((await attributes(client)).two_factor_confirmed_at).not.toBeNull();
    await passwordStep(server, 'dora@example.com');

    const off = await client.request('DELETE', '/api/user/two-factor-authentication', { password: PASSWORD });
    expect(off.status).toBe(200);
    expect(await attributes(client)).toMatchObject({ two_factor_authentication: false, two_factor_confirmed_at: null });
    const row = await userRow(server, 'dora@example.com');
    expect(row.twoFactorSecret).toBeNull();
    expect(
      await server.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, row.id)),
    ).toEqual([]);
    expect(
      await server.ctx.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, row.id)),
    ).toEqual([]);
    const browser = server.client();
    expect((await browser.post('/api/login', { email: 'dora@example.com', password: PASSWORD })).json()).toMatchObject({
      type: 'success',
    });
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/user/two-factor-recovery-codes', { password: PASSWORD })).json().code).toBe(
      'auth.two_factor_not_enabled',
    );
  });

  it('refuses the settings without a session, and a malformed code with a field error', async () => {
    const anonymous = server.client();
    expect((await anonymous.post('/api/user/two-factor-authentication', { password: PASSWORD })).status).toBe(401);
    expect((await anonymous.get('/api/user/two-factor-recovery-codes')).status).toBe(401);
    const client = await registerUser(server, 'mo@example.com', PASSWORD, '10.20.0.8');
    const confirmFirst = await client.post('/api/user/confirmed-two-factor-authentication', { code: '123456' });
    expect(confirmFirst.status).toBe(409);
    expect(confirmFirst.json().code).toBe('auth.two_factor_not_enabled');
    await client.post('/api/user/two-factor-authentication', { password: PASSWORD });
    const malformed = await client.post('/api/user/confirmed-two-factor-authentication', { code: '12ab' });
    expect(malformed.status).toBe(422);
    expect(malformed.json().errors.code).toBeDefined();
    const neither = await server.client().post('/api/two-factor-challenge', {});
    expect(neither.status).toBe(422);
  });
});

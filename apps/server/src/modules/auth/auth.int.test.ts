import { userResource } from '@filestore/contract';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../settings/index.js';
import { replacePasswordHash, users } from '../users/index.js';
import { needsRehash } from './passwords.js';
import { installWithAdmin, linkIn, registerUser, startTestServer, type TestServer } from '../../../test/harness.js';

describe('accounts and sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('signs up, is signed in, and reads the user resource of spec §3', async () => {
    const client = await registerUser(server, 'Uma@Example.com');
    const me = userResource.parse((await client.get('/api/user')).json());
    expect(me.data.attributes.email).toBe('uma@example.com');
    expect(me.data.attributes.role).toBe('user');
    expect(me.data.relationships.settings.data.attributes.first_name).toBe('Uma');
    expect(me.data.meta.restrictions.canUpload).toBe(true);
  });

  it('refuses bad sign-up input with field errors and a taken email', async () => {
    const client = server.client();
    const bad = await client.post('/api/register', {
      name: '',
      email: 'not an email',
      password: 'short',
      password_confirmation: 'x',
    });
    expect(bad.status).toBe(422);
    expect(bad.json().code).toBe('validation.failed');
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    const mismatch = await client.post('/api/register', {
      name: 'A',
      email: 'a@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect(mismatch.json().errors.password_confirmation).toBeDefined();
    const taken = await client.post('/api/register', {
      name: 'Again',
      email: 'UMA@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(taken.status).toBe(422);
    expect(taken.json().code).toBe('auth.email_taken');
  });

  it('answers the first sign-in step alike for known, unverified and unknown emails', async () => {
    await writeSettings(server.ctx.db, { user_verification: true });
    await server.client('10.0.1.1').post('/api/register', {
      name: 'Nora Notyet',
      email: 'nora@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    await writeSettings(server.ctx.db, { user_verification: false });
    const client = server.client('10.0.1.2');
    const answers = [];
    for (const email of ['uma@example.com', 'nora@example.com', 'ghost@example.com']) {
      const res = await client.post('/api/user/check', { email });
      answers.push({ status: res.status, body: res.json() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { next: 'password' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('rate limits the first sign-in step per address', async () => {
    const client = server.client('10.0.1.3');
    for (let i = 0; i < 30; i++) {
      expect((await client.post('/api/user/check', { email: `probe${i}@example.com` })).status).toBe(200);
    }
    const limited = await client.post('/api/user/check', { email: 'uma@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.json().code).toBe('auth.too_many_attempts');
  });

  it('answers a new verification link alike for verified, unverified and unknown emails', async () => {
    const client = server.client('10.0.1.4');
    const before = server.outbox().length;
    const answers = [];
    for (const email of ['uma@example.com', 'nora@example.com', 'ghost@example.com']) {
      const res = await client.post('/api/user/verify', { email });
      answers.push({ status: res.status, body: res.json() });
    }
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Only the account that needs it gets a mail.
    const mails = server.outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('nora@example.com');
  });

  it('signs in, signs out, and the old session is revoked on the server', async () => {
    const client = server.client();
    const login = await client.post('/api/login', { email: 'uma@example.com', password: 'user-password-1' });
    expect(login.status).toBe(200);
    const cookie = login.headers['set-cookie'];
    expect(String(cookie)).toMatch(/filestore_session=.*HttpOnly.*SameSite=Lax/i);
    const stolen = client.cookies.get('filestore_session');
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(401);
    const replay = server.client();
    replay.cookies.set('filestore_session', stolen ?? '');
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('refuses a wrong password and rate limits after 5 failures per email and address', async () => {
    const client = server.client('10.0.0.5');
    const wrong = await client.post('/api/login', { email: 'uma@example.com', password: 'wrong-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('auth.invalid_credentials');
    for (let i = 0; i < 4; i++) await client.post('/api/login', { email: 'uma@example.com', password: 'wrong' });
    const limited = await client.post('/api/login', { email: 'uma@example.com', password: 'user-password-1' });
    expect(limited.status).toBe(429);
    expect(limited.json().code).toBe('auth.too_many_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked by someone else's guessing.
    const other = server.client('10.0.0.6');
    expect((await other.post('/api/login', { email: 'uma@example.com', password: 'user-password-1' })).status).toBe(
      200,
    );
  });

  it('refuses state-changing requests without the XSRF header with 419', async () => {
    const client = server.client();
    await client.get('/api/ping');
    expect(client.cookies.get('XSRF-TOKEN')).toBeTruthy();
    const res = await client.post(
      '/api/login',
      { email: 'uma@example.com', password: 'user-password-1' },
      { 'x-xsrf-token': 'forged' },
    );
    expect(res.status).toBe(419);
    expect(res.json().code).toBe('csrf.token_mismatch');
    const malformed = await client.post('/api/logout', {}, { 'x-xsrf-token': '%E0%A4%A' });
    expect(malformed.status).toBe(419);
  });

  it('resets a forgotten password through the mailed link, once, and signs out other sessions', async () => {
    const old = server.client();
    await old.post('/api/login', { email: 'uma@example.com', password: 'user-password-1' });
    const minted = await old.post('/api/user/tokens', { name: 'script', password: 'user-password-1' });
    expect(minted.status).toBe(201);
    const asToken = () =>
      server.client().request('GET', '/api/user', undefined, {
        authorization: `Bearer ${minted.json<{ plainTextToken: string }>().plainTextToken}`,
      });
    expect((await asToken()).status).toBe(200);
    const client = server.client('10.0.0.9');
    const before = server.outbox().length;
    expect((await client.post('/api/password/recover', { email: 'uma@example.com' })).status).toBe(200);
    // Unknown emails get the same answer and no mail.
    expect((await client.post('/api/password/recover', { email: 'ghost@example.com' })).status).toBe(200);
    const mails = server.outbox();
    expect(mails.length).toBe(before + 1);
    const link = new URL(linkIn(mails.at(-1) ?? '', 'create-new-password'));
    const token = link.searchParams.get('token') ?? '';
    expect(link.searchParams.get('email')).toBe('uma@example.com');
    const body = {
      token,
      email: 'uma@example.com',
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    };
    expect((await client.post('/api/password/reset', body)).status).toBe(200);
    const reused = await client.post('/api/password/reset', body);
    expect(reused.status).toBe(422);
    expect(reused.json().code).toBe('auth.invalid_reset_token');
    expect((await old.get('/api/user')).status).toBe(401);
    // The account may have been taken: its tokens go with the old password (ADR 0062).
    const revoked = await asToken();
    expect([revoked.status, revoked.json().code]).toEqual([401, 'auth.invalid_token']);
    expect((await client.post('/api/login', { email: 'uma@example.com', password: 'user-password-1' })).status).toBe(
      422,
    );
    expect((await client.post('/api/login', { email: 'uma@example.com', password: 'new-password-22' })).status).toBe(
      200,
    );
  });

  it('refuses sign-up with 401 when registration is off', async () => {
    await writeSettings(server.ctx.db, { registration: false });
    const res = await server.client('10.0.1.1').post('/api/register', {
      name: 'Late',
      email: 'late@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(res.status).toBe(401);
    expect(res.json().code).toBe('auth.registration_disabled');
    await writeSettings(server.ctx.db, { registration: true });
  });

  it('requires email verification when the admin turns it on', async () => {
    await writeSettings(server.ctx.db, { user_verification: true });
    const client = server.client('10.0.2.1');
    const res = await client.post('/api/register', {
      name: 'Vera Verify',
      email: 'vera@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(res.status).toBe(201);
    expect(res.json().verificationRequired).toBe(true);
    expect((await client.get('/api/user')).status).toBe(401);
    const login = await client.post('/api/login', { email: 'vera@example.com', password: 'long-enough-1' });
    expect(login.status).toBe(403);
    expect(login.json().code).toBe('auth.email_not_verified');

    const link = new URL(linkIn(server.outbox().at(-1) ?? '', '/api/user/verify/'));
    const tampered = await client.get(`${link.pathname}?expires=${link.searchParams.get('expires')}&signature=forged`);
    expect(tampered.headers.location).toContain('verification=invalid');
    const ok = await client.get(`${link.pathname}${link.search}`);
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('/successfully-verified');
    expect((await client.post('/api/login', { email: 'vera@example.com', password: 'long-enough-1' })).status).toBe(
      200,
    );
    await writeSettings(server.ctx.db, { user_verification: false });
  });
});

describe('changing the password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('needs the current password, then signs out other sessions but keeps this one', async () => {
    const here = await registerUser(server, 'cara@example.com', 'cara-password-1');
    const elsewhere = server.client('10.9.0.1');
    await elsewhere.post('/api/login', { email: 'cara@example.com', password: 'cara-password-1' });
    const minted = await elsewhere.post('/api/user/tokens', { name: 'script', password: 'cara-password-1' });
    const asToken = () =>
      server.client().request('GET', '/api/user', undefined, {
        authorization: `Bearer ${minted.json<{ plainTextToken: string }>().plainTextToken}`,
      });
    expect((await asToken()).status).toBe(200);
    const wrong = await here.post('/api/user/password', {
      current: 'nope',
      password: 'cara-password-2',
      password_confirmation: 'cara-password-2',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json().errors.current).toBeDefined();
    const ok = await here.post('/api/user/password', {
      current: 'cara-password-1',
      password: 'cara-password-2',
      password_confirmation: 'cara-password-2',
    });
    expect(ok.status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    // Tokens are other ways in too: they go with the old password (ADR 0062).
    const revoked = await asToken();
    expect([revoked.status, revoked.json().code]).toEqual([401, 'auth.invalid_token']);
    expect((await here.get('/api/user/tokens')).json().data).toEqual([]);
    expect(
      (await server.client().post('/api/login', { email: 'cara@example.com', password: 'cara-password-2' })).status,
    ).toBe(200);
    expect(
      (
        await server
          .client()
          .post('/api/user/password', { current: 'x', password: 'y'.repeat(8), password_confirmation: 'y'.repeat(8) })
      ).status,
    ).toBe(401);
  });
});

describe('password hashes of an older release', () => {
  let server: TestServer;
  let old19MiBHash = '';
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('signs in with a 19 MiB hash and replaces it with one of the current settings', async () => {
    await registerUser(server, 'olga@example.com', 'olga-password-1');
    const old = (old19MiBHash = await hash('olga-password-1', {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    }));
    await server.ctx.db.update(users).set({ passwordHash: old }).where(eq(users.email, 'olga@example.com'));
    const stored = async () =>
      (await server.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, 'olga@example.com')))[0]
        ?.h ?? '';

    const wrong = await server.client().post('/api/login', { email: 'olga@example.com', password: 'not-hers' });
    expect(wrong.status).toBe(422);
    expect(await stored()).toBe(old); // a wrong password changes nothing

    const right = await server.client().post('/api/login', { email: 'olga@example.com', password: 'olga-password-1' });
    expect(right.status).toBe(200);
    const now = await stored();
    expect(now).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(needsRehash(now)).toBe(false);
    expect(
      (await server.client().post('/api/login', { email: 'olga@example.com', password: 'olga-password-1' })).status,
    ).toBe(200);
  });

  it('does not put back an old password when its hash changed after it was verified', async () => {
    const [olga] = await server.ctx.db.select().from(users).where(eq(users.email, 'olga@example.com'));
    const changed = olga?.passwordHash ?? '';
    // A sign-in that verified the 19 MiB hash, finishing after a change: nothing is replaced.
    expect(await replacePasswordHash(server.ctx.db, olga?.id ?? '', old19MiBHash, 'rehashed-old-password')).toBe(false);
    const [after] = await server.ctx.db.select().from(users).where(eq(users.email, 'olga@example.com'));
    expect(after?.passwordHash).toBe(changed);
    expect(await replacePasswordHash(server.ctx.db, olga?.id ?? '', changed, changed)).toBe(true);
  });
});

import { ACCESS_TOKENS_PER_USER_MAX } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { users } from '../users/index.js';
import { personalAccessTokens } from './access-tokens.table.js';
import { sessions, twoFactorChallenges } from './auth.table.js';
import { SESSION_COOKIE } from './sessions.js';

let server: TestServer;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await installWithAdmin(server);
  user = await registerUser(server, 'user@example.com');
});
afterAll(() => server.close());

/** A request with only the bearer token: no cookie, no XSRF header, as a script would send it. */
async function bearer(
  token: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await server.app.inject({
    method: method as 'GET',
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
  });
  return res;
}

/** The password of each account these tests sign in (creating a token asks for it, ADR 0062). */
const passwordOf = (client: TestClient) => (client === admin ? 'admin-password-1' : 'user-password-1');

async function createToken(client: TestClient, name: string, scope?: 'user' | 'admin') {
  const res = await client.post('/api/user/tokens', {
    name,
    ...(scope ? { scope } : {}),
    password: passwordOf(client),
  });
  expect(res.status, res.body).toBe(201);
  return res.json<{ data: { id: string; attributes: Record<string, unknown> }; plainTextToken: string }>();
}

const tokenRows = (userId: string) =>
  server.ctx.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));

describe('personal access tokens', () => {
  it('are created with the secret shown once, stored as its SHA-256, and listed without any secret', async () => {
    const created = await createToken(user, 'Backup script');
    expect(created.plainTextToken).toMatch(/^fst_[A-Za-z0-9_-]{43}$/);
    expect(created.data).toEqual({
      id: expect.any(String),
      type: 'personal_access_token',
      attributes: { name: 'Backup script', scope: 'user', created_at: expect.any(String), last_used_at: null },
    });

    const [row] = (await tokenRows(await userIdOf(server, 'user@example.com'))).filter((r) => r.id === created.data.id);
    expect(row?.tokenHash).toBe(sha256(created.plainTextToken));
    expect(JSON.stringify(row)).not.toContain(created.plainTextToken);

    const list = await user.get('/api/user/tokens');
    expect(list.status).toBe(200);
    const listed = list.json<{ data: { id: string; attributes: Record<string, unknown> }[] }>().data;
    expect(listed.find((t) => t.id === created.data.id)).toEqual(created.data);
    for (const t of listed)
      expect(Object.keys(t.attributes).sort()).toEqual(['created_at', 'last_used_at', 'name', 'scope']);
    expect(list.body).not.toContain(created.plainTextToken);
    expect(list.body).not.toContain(sha256(created.plainTextToken));
    expect(list.body).not.toMatch(/hash|user_id|tokenable/i);
    // Someone else's list does not show it.
    expect((await admin.get('/api/user/tokens')).body).not.toContain(created.data.id);
  });

  it('refuse a name too short, and a token without a signed-in user', async () => {
    const before = (await tokenRows(await userIdOf(server, 'user@example.com'))).length;
    const res = await user.post('/api/user/tokens', { name: ' x ' });
    expect(res.status).toBe(422);
    expect(res.json().errors.name).toBeDefined();
    expect((await server.client().post('/api/user/tokens', { name: 'nobody' })).status).toBe(401);
    expect((await tokenRows(await userIdOf(server, 'user@example.com'))).length).toBe(before);
  });

  it('authenticate every call of the user as Bearer, without CSRF, and the answer sets no cookie', async () => {
    const { plainTextToken } = await createToken(user, 'CLI');
    const me = await bearer(plainTextToken, 'GET', '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email).toBe('user@example.com');
    expect(me.headers['set-cookie']).toBeUndefined();

    // A POST without cookies or X-XSRF-TOKEN: a cookie-authenticated one would get 419.
    const changed = await bearer(plainTextToken, 'POST', '/api/user/settings', { name: 'first_name', value: 'Bea' });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['set-cookie']).toBeUndefined();
    expect((await user.get('/api/user')).json().data.relationships.settings.data.attributes.first_name).toBe('Bea');

    const folder = await bearer(plainTextToken, 'POST', '/api/create-folder', {
      name: 'From the API',
      parent_id: null,
    });
    expect(folder.statusCode, folder.body).toBe(201);
  });

  it('with a session cookie: a bearer request uses the token only, never ends the session, sets no cookie', async () => {
    const { plainTextToken } = await createToken(user, 'Both');
    const cookie = `${SESSION_COOKIE}=${user.cookies.get(SESSION_COOKIE)}`;
    const out = await bearer(plainTextToken, 'POST', '/api/logout', {}, { cookie });
    expect(out.headers['set-cookie']).toBeUndefined();
    expect((await user.get('/api/user')).status).toBe(200);
  });

  it('never start a session, not even on the sign-in route: no session or pending sign-in row is made', async () => {
    const { plainTextToken } = await createToken(user, 'Signs in');
    const adminId = await userIdOf(server, 'admin@example.com');
    const rowsOf = async () => ({
      sessions: (await server.ctx.db.select().from(sessions).where(eq(sessions.userId, adminId))).length,
      challenges: (
        await server.ctx.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, adminId))
      ).length,
    });
    const before = await rowsOf();
    // Another account's password through a token: no cookie comes back, so no row may be left either
    // (it would show in that account's sessions list as a sign-in nobody holds).
    const res = await bearer(plainTextToken, 'POST', '/api/login', {
      email: 'admin@example.com',
      password: 'admin-password-1',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await rowsOf()).toEqual(before);
    // With two-factor on, the password step makes no pending sign-in either.
    await server.ctx.db.update(users).set({ twoFactorConfirmedAt: new Date() }).where(eq(users.id, adminId));
    try {
      await bearer(plainTextToken, 'POST', '/api/login', { email: 'admin@example.com', password: 'admin-password-1' });
      expect(await rowsOf()).toEqual(before);
    } finally {
      await server.ctx.db.update(users).set({ twoFactorConfirmedAt: null }).where(eq(users.id, adminId));
    }
  });

  it('a forged, malformed or revoked token answers 401 auth.invalid_token, even beside a valid session', async () => {
    const { data, plainTextToken } = await createToken(user, 'Soon revoked');
    const forged = `fst_${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense', '', plainTextToken.slice(0, -1)]) {
      const res = await bearer(token, 'GET', '/api/user');
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('auth.invalid_token');
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }

    // A browser-like client with a live session, CSRF header and a bad bearer: refused, nothing changed.
    const withCookie = await user.request(
      'POST',
      '/api/user/settings',
      { name: 'last_name', value: 'Forged' },
      { authorization: `Bearer ${forged}` },
    );
    expect(withCookie.status).toBe(401);
    expect((await user.get('/api/user')).json().data.relationships.settings.data.attributes.last_name).not.toBe(
      'Forged',
    );

    expect((await bearer(plainTextToken, 'GET', '/api/user')).statusCode).toBe(200);
    const revoked = await user.request('DELETE', `/api/user/tokens/${data.id}`);
    expect(revoked.status).toBe(200);
    const after = await bearer(plainTextToken, 'GET', '/api/user');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('auth.invalid_token');
    expect((await user.get('/api/user/tokens')).body).not.toContain(data.id);
  });

  it('another scheme (a proxy’s Basic credentials) is not ours: the session decides', async () => {
    const res = await user.request('GET', '/api/user', undefined, { authorization: 'Basic dXNlcjpwYXNz' });
    expect(res.status).toBe(200);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Basic eDp5' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('auth.unauthenticated');
  });

  it('revoking someone else’s token answers 404 and leaves it working', async () => {
    const { data, plainTextToken } = await createToken(admin, 'Admin’s own');
    const res = await user.request('DELETE', `/api/user/tokens/${data.id}`);
    expect(res.status).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await user.request('DELETE', '/api/user/tokens/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await bearer(plainTextToken, 'GET', '/api/user')).statusCode).toBe(200);
    expect((await admin.get('/api/user/tokens')).body).toContain(data.id);
  });

  it('reach /api/admin only with the admin scope of an administrator', async () => {
    const normal = await createToken(admin, 'Admin, normal scope');
    expect(normal.data.attributes.scope).toBe('user');
    const refused = await bearer(normal.plainTextToken, 'GET', '/api/admin/settings');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.token_scope');
    // Nor a route the admin API does not have: 403 before 404, as for a signed-in user.
    expect((await bearer(normal.plainTextToken, 'GET', '/api/admin/nothing-here')).statusCode).toBe(403);
    const before = (await admin.get('/api/admin/settings')).json().data.registration;
    const write = await bearer(normal.plainTextToken, 'PATCH', '/api/admin/settings', {
      name: 'registration',
      value: !before,
    });
    expect(write.statusCode).toBe(403);
    expect((await admin.get('/api/admin/settings')).json().data.registration).toBe(before);
    // The same token still works outside /api/admin.
    expect((await bearer(normal.plainTextToken, 'GET', '/api/user')).statusCode).toBe(200);

    // A user-scope token cannot mint an admin-scope one.
    const minted = await bearer(normal.plainTextToken, 'POST', '/api/user/tokens', {
      name: 'escalate',
      scope: 'admin',
    });
    expect(minted.statusCode).toBe(403);
    expect(minted.json().code).toBe('auth.token_scope');

    const scoped = await createToken(admin, 'Admin scope', 'admin');
    expect(scoped.data.attributes.scope).toBe('admin');
    const ok = await bearer(scoped.plainTextToken, 'GET', '/api/admin/settings');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.registration).toBe(before);

    // Demoted, the admin-scope token reaches no further than its owner.
    const adminId = await userIdOf(server, 'admin@example.com');
    await server.ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, adminId));
    try {
      const demoted = await bearer(scoped.plainTextToken, 'GET', '/api/admin/settings');
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json().code).toBe('auth.forbidden');
    } finally {
      await server.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, adminId));
    }
  });

  it('are created only with the current password: the session alone is not enough', async () => {
    // A stolen session must not mint a secret that outlives it (issue 39 F1, ADR 0062).
    const userId = await userIdOf(server, 'user@example.com');
    const before = (await tokenRows(userId)).length;
    for (const password of [undefined, 'not-my-password']) {
      const res = await user.post('/api/user/tokens', { name: 'Sneaky', ...(password ? { password } : {}) });
      expect([res.status, res.json().code], res.body).toEqual([422, 'auth.invalid_credentials']);
      expect(res.json().errors.password).toBeDefined();
    }
    const adminRes = await admin.post('/api/user/tokens', { name: 'Sneaky admin', scope: 'admin' });
    expect([adminRes.status, adminRes.json().code]).toEqual([422, 'auth.invalid_credentials']);
    expect((await tokenRows(userId)).length).toBe(before);
    const ok = await user.post('/api/user/tokens', { name: 'Proper', password: 'user-password-1' });
    expect(ok.status).toBe(201);
    expect((await bearer(ok.json().plainTextToken, 'GET', '/api/user')).statusCode).toBe(200);
  });

  it('with the admin scope are refused to a user who is not an administrator', async () => {
    const userId = await userIdOf(server, 'user@example.com');
    const before = (await tokenRows(userId)).length;
    const res = await user.post('/api/user/tokens', {
      name: 'Wants admin',
      scope: 'admin',
      password: 'user-password-1',
    });
    expect(res.status).toBe(403);
    expect(res.json().code).toBe('auth.forbidden');
    expect((await tokenRows(userId)).length).toBe(before);
    const normal = await createToken(user, 'User token');
    const adminCall = await bearer(normal.plainTextToken, 'GET', '/api/admin/settings');
    expect(adminCall.statusCode).toBe(403);
    expect(adminCall.json().code).toBe('auth.forbidden');
  });

  it('record their last use at most once a minute', async () => {
    const { data, plainTextToken } = await createToken(user, 'Last used');
    const lastUsed = async () =>
      (await server.ctx.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, data.id)))[0]
        ?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await bearer(plainTextToken, 'GET', '/api/user');
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect(Date.now() - first!.getTime()).toBeLessThan(10_000);

    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await server.ctx.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: thirtySecondsAgo })
      .where(eq(personalAccessTokens.id, data.id));
    await bearer(plainTextToken, 'GET', '/api/user');
    expect((await lastUsed())?.getTime()).toBe(thirtySecondsAgo.getTime());

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await server.ctx.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: twoMinutesAgo })
      .where(eq(personalAccessTokens.id, data.id));
    await bearer(plainTextToken, 'GET', '/api/user');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);

    const listed = (await user.get('/api/user/tokens')).json<{
      data: { id: string; attributes: { last_used_at: string } }[];
    }>();
    expect(listed.data.find((t) => t.id === data.id)?.attributes.last_used_at).toBe((await lastUsed())!.toISOString());
  });

  it('die with their user', async () => {
    const doomed = await registerUser(server, 'doomed@example.com');
    const { plainTextToken } = await createToken(doomed, 'Doomed');
    expect((await bearer(plainTextToken, 'GET', '/api/user')).statusCode).toBe(200);
    const id = await userIdOf(server, 'doomed@example.com');
    await server.ctx.db.delete(users).where(eq(users.id, id));
    expect(await tokenRows(id)).toEqual([]);
    expect((await bearer(plainTextToken, 'GET', '/api/user')).statusCode).toBe(401);
  });

  it(`are at most ${ACCESS_TOKENS_PER_USER_MAX} per user`, async () => {
    const many = await registerUser(server, 'many@example.com');
    const id = await userIdOf(server, 'many@example.com');
    await server.ctx.db.insert(personalAccessTokens).values(
      Array.from({ length: ACCESS_TOKENS_PER_USER_MAX - 1 }, (_, i) => ({
        userId: id,
        name: `t${i}`,
        tokenHash: sha256(`seed-${i}`),
      })),
    );
    await createToken(many, 'The last one');
    const res = await many.post('/api/user/tokens', { name: 'One too many', password: 'user-password-1' });
    expect(res.status).toBe(422);
    expect(res.json().code).toBe('tokens.too_many');
    const [n] = await server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, id));
    expect(n?.n).toBe(ACCESS_TOKENS_PER_USER_MAX);
  });
});

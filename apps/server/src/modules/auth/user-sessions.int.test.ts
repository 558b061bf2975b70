import { userSessionsResponse, type UserSession } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../lib/crypto.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { sessions, twoFactorChallenges } from './auth.table.js';
import { SESSION_COOKIE } from './sessions.js';
import { describeUserAgent } from './security.routes.js';

const PASSWORD = 'user-password-1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

async function list(client: TestClient): Promise<UserSession[]> {
  const res = await client.get('/api/user/sessions');
  expect(res.status).toBe(200);
  return userSessionsResponse.parse(res.json()).data;
}

async function signIn(server: TestServer, email: string, ip: string, userAgent: string) {
  const client = server.client(ip);
  const res = await client.post('/api/login', { email, password: PASSWORD }, { 'user-agent': userAgent });
  expect(res.status).toBe(200);
  return client;
}

const rowOf = async (server: TestServer, client: TestClient) =>
  (
    await server.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(client.cookies.get(SESSION_COOKIE) ?? '')))
  )[0];

describe('the user’s sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  it('lists the live sessions with device, browser, address and last seen, the caller’s marked current', async () => {
    await registerUser(server, 'sam@example.com', PASSWORD, '10.30.0.1');
    const desk = await signIn(server, 'sam@example.com', '10.30.0.2', FIREFOX_WINDOWS);
    const phone = await signIn(server, 'sam@example.com', '10.30.0.3', SAFARI_IPHONE);
    const seen = await list(desk);
    expect(seen).toHaveLength(3);
    const mine = seen.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(seen[0]!.current).toBe(true);
    expect(mine[0]).toMatchObject({ ip: '10.30.0.2', browser: 'Firefox 132', os: 'Windows 10', device: 'desktop' });
    expect(seen.find((s) => s.ip === '10.30.0.3')).toMatchObject({
      current: false,
      browser: 'Safari 17',
      os: 'iOS',
      device: 'mobile',
    });
    // Ids are not the session's cookie or its hash.
    const row = await rowOf(server, desk);
    expect(seen.map((s) => s.id)).not.toContain(row!.id);
    expect((await list(phone)).find((s) => s.current)?.ip).toBe('10.30.0.3');
    expect((await server.client().get('/api/user/sessions')).status).toBe(401);
  });

  it('signs out one session, and answers 404 for another user’s session, which lives on', async () => {
    const own = await registerUser(server, 'ann@example.com', PASSWORD, '10.31.0.1');
    const other = await signIn(server, 'ann@example.com', '10.31.0.2', FIREFOX_WINDOWS);
    const stranger = await registerUser(server, 'bob@example.com', PASSWORD, '10.31.0.3');
    const strangersId = (await list(stranger))[0]!.id;

    const refused = await own.request('DELETE', `/api/user/sessions/${strangersId}`);
    expect(refused.status).toBe(404);
    expect(refused.json().code).toBe('not_found');
    expect((await stranger.get('/api/user')).status).toBe(200);
    expect((await own.request('DELETE', '/api/user/sessions/not-a-uuid')).status).toBe(404);
    expect((await own.request('DELETE', `/api/user/sessions/${crypto.randomUUID()}`)).status).toBe(404);

    const target = (await list(own)).find((s) => !s.current)!;
    const ended = await own.request('DELETE', `/api/user/sessions/${target.id}`);
    expect(ended.status).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await own.get('/api/user')).status).toBe(200);
    expect((await list(own)).map((s) => s.id)).not.toContain(target.id);
    expect((await own.request('DELETE', `/api/user/sessions/${target.id}`)).status).toBe(404);

    // Ending one's own session from the list is signing out.
    const self = (await list(own)).find((s) => s.current)!;
    expect((await own.request('DELETE', `/api/user/sessions/${self.id}`)).status).toBe(200);
    expect(own.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await own.get('/api/user')).status).toBe(401);
  });

  it('signs out everywhere else, keeping this session and leaving other users alone', async () => {
    const here = await registerUser(server, 'cy@example.com', PASSWORD, '10.32.0.1');
    const a = await signIn(server, 'cy@example.com', '10.32.0.2', FIREFOX_WINDOWS);
    const b = await signIn(server, 'cy@example.com', '10.32.0.3', SAFARI_IPHONE);
    const stranger = await registerUser(server, 'dee@example.com', PASSWORD, '10.32.0.4');
    const before = await rowOf(server, here);
    const res = await here.request('DELETE', '/api/user/sessions');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await a.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await stranger.get('/api/user')).status).toBe(200);
    expect(await rowOf(server, here)).toEqual(before);
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
  });

  it('changing the password ends the other sessions and pending sign-ins, not this one', async () => {
    const here = await registerUser(server, 'eve@example.com', PASSWORD, '10.33.0.1');
    const elsewhere = await signIn(server, 'eve@example.com', '10.33.0.2', FIREFOX_WINDOWS);
    const id = await userIdOf(server, 'eve@example.com');
    await server.ctx.db
      .insert(twoFactorChallenges)
      .values({ id: 'pending', userId: id, expiresAt: new Date(Date.now() + 60_000) });
    const cookie = here.cookies.get(SESSION_COOKIE);
    const before = await rowOf(server, here);
    const res = await here.post('/api/user/password', {
      current: PASSWORD,
      password: 'eve-password-2',
      password_confirmation: 'eve-password-2',
    });
    expect(res.status).toBe(200);
    expect(here.cookies.get(SESSION_COOKIE)).toBe(cookie);
    expect(await rowOf(server, here)).toEqual(before);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect(await server.ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
    expect(await server.ctx.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, id))).toEqual(
      [],
    );
  });

  it('moves "last seen" and the address at most once a minute, not on every request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await registerUser(server, 'flo@example.com', PASSWORD, '10.34.0.1');
    const start = (await rowOf(server, client))!.lastSeenAt;
    vi.setSystemTime(start.getTime() + 30_000);
    await client.get('/api/user');
    expect((await rowOf(server, client))!.lastSeenAt).toEqual(start);

    const moved = server.client('10.34.0.9');
    for (const [k, v] of client.cookies) moved.cookies.set(k, v);
    vi.setSystemTime(start.getTime() + 61_000);
    await moved.get('/api/user');
    const row = (await rowOf(server, moved))!;
    expect(row.lastSeenAt.getTime()).toBe(start.getTime() + 61_000);
    expect(row.ip).toBe('10.34.0.9');
    vi.setSystemTime(start.getTime() + 62_000);
    await moved.get('/api/user');
    expect((await rowOf(server, moved))!.lastSeenAt.getTime()).toBe(start.getTime() + 61_000);
  });

  it('describes user agents a person recognises, and nothing for what it cannot read', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'unknown' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, device: 'unknown' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', os: 'Linux', device: 'desktop' });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { SettableClock } from '../../lib/clock.js';
import { users } from '../users/index.js';

/*
 * Issue 39 defect 1: account security is a capability a token never has (ADR 0062). An account made
 * by social sign-in has no password; a token of it (either scope) must not set one, turn on
 * two-factor, mint tokens, see or end sessions, or add passkeys. The browser's session can, and a
 * first password needs a sign-in of the last 15 minutes.
 */

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await installWithAdmin(server);
});
afterAll(() => server.close());

/** A signed-in account without a password, as social sign-in makes them, optionally an administrator. */
async function socialOnlyAccount(email: string, role: 'user' | 'admin', ip?: string) {
  const session = await registerUser(server, email, undefined, ip);
  await server.ctx.db.update(users).set({ passwordHash: null, role }).where(eq(users.email, email));
  const mint = async (scope: 'user' | 'admin') => {
    const res = await session.post('/api/user/tokens', { name: `${scope} token`, scope });
    expect(res.status).toBe(201);
    return res.json<{ plainTextToken: string }>().plainTextToken;
  };
  return { session, userToken: await mint('user'), adminToken: role === 'admin' ? await mint('admin') : null };
}

const asToken = (token: string, method: string, url: string, body?: unknown) =>
  server.client().request(method, url, body, { authorization: `Bearer ${token}` });

/** Every account-security action, with a body that would succeed for the session. */
const ACTIONS: { name: string; method: string; url: string; body?: unknown }[] = [
  {
    name: 'set a first password',
    method: 'POST',
    url: '/api/user/password',
    body: { password: 'taken-over-1', password_confirmation: 'taken-over-1' },
  },
  { name: 'turn on two-factor', method: 'POST', url: '/api/user/two-factor-authentication', body: { password: 'x' } },
  {
    name: 'confirm two-factor',
    method: 'POST',
    url: '/api/user/confirmed-two-factor-authentication',
    body: { code: '123456' },
  },
  {
    name: 'turn off two-factor',
    method: 'DELETE',
    url: '/api/user/two-factor-authentication',
    body: { password: 'x' },
  },
  { name: 'read recovery codes', method: 'GET', url: '/api/user/two-factor-recovery-codes' },
  {
    name: 'replace recovery codes',
    method: 'POST',
    url: '/api/user/two-factor-recovery-codes',
    body: { password: 'x' },
  },
  { name: 'mint a token', method: 'POST', url: '/api/user/tokens', body: { name: 'another one', scope: 'user' } },
  { name: 'list tokens', method: 'GET', url: '/api/user/tokens' },
  { name: 'revoke a token', method: 'DELETE', url: '/api/user/tokens/00000000-0000-4000-8000-000000000000' },
  { name: 'list sessions', method: 'GET', url: '/api/user/sessions' },
  { name: 'end the other sessions', method: 'DELETE', url: '/api/user/sessions' },
  { name: 'end a session', method: 'DELETE', url: '/api/user/sessions/00000000-0000-4000-8000-000000000000' },
  { name: 'list passkeys', method: 'GET', url: '/api/user/passkeys' },
  { name: 'start adding a passkey', method: 'POST', url: '/api/user/passkeys/options', body: { password: 'x' } },
  { name: 'add a passkey', method: 'POST', url: '/api/user/passkeys', body: { credential: {} } },
  {
    name: 'rename a passkey',
    method: 'PATCH',
    url: '/api/user/passkeys/00000000-0000-4000-8000-000000000000',
    body: { name: 'x' },
  },
  { name: 'remove a passkey', method: 'DELETE', url: '/api/user/passkeys/00000000-0000-4000-8000-000000000000' },
];

describe('account security with a token of an account made by social sign-in', () => {
  for (const role of ['user', 'admin'] as const) {
    it(`is refused to every token of a social-only ${role}, whatever its scope, and changes nothing`, async () => {
      const account = await socialOnlyAccount(`social-${role}@example.com`, role);
      const tokens = [account.userToken, ...(account.adminToken ? [account.adminToken] : [])];
      for (const token of tokens) {
        for (const action of ACTIONS) {
          const res = await asToken(token, action.method, action.url, action.body);
          expect([res.status, res.json().code], `${action.name}: ${res.body}`).toEqual([403, 'auth.token_scope']);
        }
      }
      const [row] = await server.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `social-${role}@example.com`));
      expect(row?.passwordHash).toBeNull();
      expect(row?.twoFactorSecret).toBeNull();
      // Only the tokens the session made.
      expect((await account.session.get('/api/user/tokens')).json().data).toHaveLength(tokens.length);
      // The token still works where tokens belong.
      expect((await asToken(account.userToken, 'GET', '/api/user')).status).toBe(200);
    });
  }

  it('is open to the session as today: sessions, tokens, a first password, then two-factor', async () => {
    const { session } = await socialOnlyAccount('social-session@example.com', 'user');
    expect((await session.get('/api/user/sessions')).json().data).toHaveLength(1);
    expect((await session.request('DELETE', '/api/user/sessions')).json()).toEqual({ ended: 0 });
    expect((await session.post('/api/user/tokens', { name: 'script', scope: 'user' })).status).toBe(201);
    const set = await session.post('/api/user/password', {
      password: 'my-own-password-1',
      password_confirmation: 'my-own-password-1',
    });
    expect([set.status, set.json().message]).toEqual([200, 'Your password was set.']);
    const twoFactor = await session.post('/api/user/two-factor-authentication', { password: 'my-own-password-1' });
    expect(twoFactor.status).toBe(200);
    expect((await session.get('/api/user/passkeys')).status).toBe(200);
  });
});

describe('a token of an account without a password', () => {
  it('needs a sign-in of the last 15 minutes, as a first password does', async () => {
    const clock = new SettableClock();
    const original = server.ctx.clock;
    server.ctx.clock = clock;
    try {
      // Minted within minutes of the sign-in (socialOnlyAccount does): the session is enough.
      const { session } = await socialOnlyAccount('social-token@example.com', 'user', '10.39.0.1');
      clock.advance(16 * 60_000);
      const stale = await session.post('/api/user/tokens', { name: 'stale', scope: 'user' });
      expect([stale.status, stale.json().code]).toEqual([403, 'auth.forbidden']);
      expect((await session.get('/api/user/tokens')).json().data).toHaveLength(1);
    } finally {
      server.ctx.clock = original;
    }
  });
});

describe('a first password', () => {
  it('needs a sign-in of the last 15 minutes; a password change does not', async () => {
    const clock = new SettableClock();
    const original = server.ctx.clock;
    server.ctx.clock = clock;
    try {
      const { session } = await socialOnlyAccount('social-stale@example.com', 'user');
      clock.advance(16 * 60_000);
      const body = { password: 'late-password-1', password_confirmation: 'late-password-1' };
      const stale = await session.post('/api/user/password', body);
      expect([stale.status, stale.json().code]).toEqual([403, 'auth.forbidden']);
      const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'social-stale@example.com'));
      expect(row?.passwordHash).toBeNull();

      // Within the window (14 minutes after this sign-in) it is set.
      clock.set(new Date(Date.now() + 14 * 60_000));
      const fresh = await registerUser(server, 'social-fresh@example.com');
      await server.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.email, 'social-fresh@example.com'));
      expect((await fresh.post('/api/user/password', body)).status).toBe(200);

      // Changing a password (the current one known) never needed a recent sign-in.
      clock.advance(60 * 60_000);
      const changed = await fresh.post('/api/user/password', {
        current: 'late-password-1',
        password: 'later-password-2',
        password_confirmation: 'later-password-2',
      });
      expect([changed.status, changed.json().message]).toEqual([200, 'Your password was changed.']);
    } finally {
      server.ctx.clock = original;
    }
  });

  it('needs a sign-in that is not in the future: a start time ahead of the clock is refused', async () => {
    const clock = new SettableClock();
    const original = server.ctx.clock;
    server.ctx.clock = clock;
    try {
      const { session } = await socialOnlyAccount('social-future@example.com', 'user', '10.39.0.2');
      const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'social-future@example.com'));
      const ahead = new Date(clock.now().getTime() + 10 * 60_000).toISOString();
      await server.ctx.db.execute(
        sql`update sessions set created_at = ${ahead}::timestamptz where user_id = ${row!.id}`,
      );
      const body = { password: 'future-password-1', password_confirmation: 'future-password-1' };
      const set = await session.post('/api/user/password', body);
      expect([set.status, set.json().code]).toEqual([403, 'auth.forbidden']);
      const token = await session.post('/api/user/tokens', { name: 'later', scope: 'user' });
      expect([token.status, token.json().code]).toEqual([403, 'auth.forbidden']);
    } finally {
      server.ctx.clock = original;
    }
  });

  it('is judged by one clock: a database clock ahead of the app’s does not widen the window', async () => {
    // The app's clock 30 minutes behind the database's: 16 minutes after the sign-in by the app's
    // clock, the sign-in is still "in the future" by the database's, and must not count as recent.
    const clock = new SettableClock();
    const original = server.ctx.clock;
    server.ctx.clock = clock;
    try {
      clock.set(new Date(Date.now() - 30 * 60_000));
      const { session } = await socialOnlyAccount('social-skew@example.com', 'user', '10.39.0.3');
      clock.advance(16 * 60_000);
      const body = { password: 'skewed-password-1', password_confirmation: 'skewed-password-1' };
      const set = await session.post('/api/user/password', body);
      expect([set.status, set.json().code]).toEqual([403, 'auth.forbidden']);
    } finally {
      server.ctx.clock = original;
    }
  });

  it('cannot be set by the administrator’s token on their own social-only account either', async () => {
    const res = await admin.post('/api/user/tokens', {
      name: 'admin script',
      scope: 'admin',
      password: 'admin-password-1',
    });
    const token = res.json<{ plainTextToken: string }>().plainTextToken;
    await server.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.email, 'admin@example.com'));
    const set = await asToken(token, 'POST', '/api/user/password', {
      password: 'taken-over-1',
      password_confirmation: 'taken-over-1',
    });
    expect([set.status, set.json().code]).toEqual([403, 'auth.token_scope']);
  });
});

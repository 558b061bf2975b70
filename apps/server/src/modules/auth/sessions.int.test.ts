import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../lib/crypto.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { installWithAdmin, registerUser, startTestServer, type TestServer } from '../../../test/harness.js';
import { passwordResets, sessions } from './auth.table.js';
import { SESSION_COOKIE } from './sessions.js';
import { SESSIONS_CLEANUP_JOB } from './sessions.job.js';

const DAY = 86_400_000;
const PASSWORD = 'user-password-1';

const countOf = async (server: TestServer, table: 'sessions' | 'password_resets') =>
  Number(
    rowsOf<{ n: string }>(await server.ctx.db.execute(sql`select count(*)::text as n from ${sql.identifier(table)}`))[0]
      ?.n,
  );

describe('expired sessions', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = undefined;
  });

  it('are deleted by the clean-up job, with expired reset tokens, while live ones are kept', async () => {
    server = await startTestServer({ SESSION_DAYS: '30' });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await installWithAdmin(server);
    const early = await registerUser(server, 'user@example.com', PASSWORD);
    expect((await server.client().post('/api/password/recover', { email: 'user@example.com' })).status).toBe(200);
    expect(await countOf(server, 'password_resets')).toBe(1);

    vi.setSystemTime(start + 20 * DAY);
    const late = server.client();
    expect((await late.post('/api/login', { email: 'user@example.com', password: PASSWORD })).status).toBe(200);

    vi.setSystemTime(start + 31 * DAY);
    expect(await countOf(server, 'sessions')).toBe(3);
    await server.ctx.jobs.drain([SESSIONS_CLEANUP_JOB]);

    const left = await server.ctx.db.select({ id: sessions.id }).from(sessions);
    expect(left).toEqual([{ id: sha256(late.cookies.get(SESSION_COOKIE) ?? '') }]);
    expect(await server.ctx.db.select().from(passwordResets)).toEqual([]);
    expect((await late.get('/api/user')).status).toBe(200);
    expect((await early.get('/api/user')).status).toBe(401);
  });

  it('are deleted on the server’s own schedule, within the hour, without anyone asking', async () => {
    server = await startTestServer({ SESSION_DAYS: '1' });
    await installWithAdmin(server);
    await registerUser(server, 'user@example.com', PASSWORD);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.now() + 2 * DAY);
    const live = server.client();
    expect((await live.post('/api/login', { email: 'user@example.com', password: PASSWORD })).status).toBe(200);
    const liveId = sha256(live.cookies.get(SESSION_COOKIE) ?? '');
    expect(await countOf(server, 'sessions')).toBe(3);

    server.ctx.jobs.start();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await server.ctx.jobs.stop(); // waits for the runs the timers started

    expect(await server.ctx.db.select({ id: sessions.id }).from(sessions)).toEqual([{ id: liveId }]);
    expect((await live.get('/api/user')).status).toBe(200);
  });
});

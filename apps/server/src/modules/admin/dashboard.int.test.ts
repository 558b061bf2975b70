import { randomBytes } from 'node:crypto';
import { adminDashboardResponse, adminStatusResponse } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { trafficOf, utcDay } from '../traffic/index.js';
import { USER_DELETIONS_JOB } from './user-deletion.js';

describe('admin dashboard and server status', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'newest@example.com');
    userId = await userIdOf(server, 'newest@example.com');
  });
  afterAll(() => server.close());

  it('answers 401 to a visitor and 403 to a user', async () => {
    for (const url of ['/api/admin/dashboard', '/api/admin/status']) {
      expect((await server.client().get(url)).status, url).toBe(401);
      const denied = await user.get(url);
      expect(denied.status, url).toBe(403);
      expect(denied.json().code).toBe('auth.forbidden');
    }
  });

  it('shows users, storage by kind, 45 days of traffic, the newest users and the health', async () => {
    expect((await uploadFile(server, user, { name: 'photo.png', content: randomBytes(2048) })).status).toBe(201);
    const file = await uploadFile(server, user, { name: 'notes.txt', content: 'x'.repeat(500) });
    const id = file.json<{ data: { id: string } }>().data.id;
    expect((await user.get(`/api/files/${id}/download`)).status).toBe(200);
    await server.ctx.traffic.flush();
    await server.ctx.jobs.drain();

    const res = await admin.get('/api/admin/dashboard');
    expect(res.status, res.body).toBe(200);
    const { data } = adminDashboardResponse.parse(res.json());
    expect(data.users).toEqual({ total: 2, admins: 1, new_last_30_days: 2 });
    expect(data.storage.used).toBe(2548);
    expect(data.storage.by_category.reduce((s, c) => s + c.bytes, 0)).toBe(2548);
    expect(data.traffic.days).toHaveLength(45);
    const today = data.traffic.days.at(-1);
    expect(today).toEqual({ day: utcDay(new Date()), upload: 2548, download: 500 });
    expect(data.traffic.upload_total).toBe(2548);
    expect(data.traffic.download_total).toBe(500);
    expect(data.newest_users[0]).toMatchObject({ id: userId, email: 'newest@example.com' });
    expect(data.newest_users).toHaveLength(2);
    expect(data.health.database).toMatchObject({ status: 'ok', driver: expect.any(String) });
    expect(data.health.database.migrations_applied).toBe(data.health.database.migrations_total);
    expect(data.health.storage).toMatchObject({ status: 'ok', driver: 'local', error: null });
    expect(data.health.redis).toMatchObject({ configured: false, status: 'ok' });
    expect(data.health.mail).toMatchObject({ driver: 'outbox', status: 'warning' });
    expect(data.health.disk.status).not.toBe('down');
    expect(data.health.disk.free_bytes).toBeGreaterThan(0);
    // Every registered job ran once (drain) and its heartbeat was written.
    expect(data.health.jobs.items.map((j) => j.name)).toContain('user-deletions');
    expect(data.health.jobs.items.every((j) => j.status === 'ok' && j.last_success_at)).toBe(true);
    expect(data.health.runtime.node_version).toBe(process.version);
  });

  it('reports a job that never succeeded as down, with its error', async () => {
    server.ctx.jobs.register({
      name: 'always-failing',
      intervalMs: 60_000,
      run: () => Promise.reject(new Error('the test job failed')),
    });
    await server.ctx.jobs.drain(['always-failing', 'job-heartbeats']);
    const { data } = adminStatusResponse.parse((await admin.get('/api/admin/status')).json());
    const job = data.jobs.items.find((j) => j.name === 'always-failing');
    expect(job).toMatchObject({ status: 'down', last_error: 'the test job failed', last_success_at: null });
    expect(data.jobs.status).toBe('down');
  });

  it("deletes the user's traffic with the account", async () => {
    await server.ctx.traffic.flush();
    expect(await trafficOf(server.ctx.db, userId)).toHaveLength(1);
    const res = await admin.request('DELETE', `/api/admin/users/${userId}`, { email: 'newest@example.com' });
    expect(res.status, res.body).toBeLessThan(300);
    // Counted after the deletion was asked for, before the account went: dropped with it.
    server.ctx.traffic.countDownload(userId, 99);
    await server.ctx.jobs.drain([USER_DELETIONS_JOB]);
    await server.ctx.traffic.flush();
    expect(await trafficOf(server.ctx.db, userId)).toEqual([]);
  });
});

describe('server status: the running configuration', () => {
  const secrets = {
    SMTP_PASSWORD: 'smtp-password-VALUE-1',
    SMTP_USER: 'smtp-user-VALUE-2',
    SETUP_ADMIN_PASSWORD: 'admin-password-VALUE-3',
    DATABASE_URL: 'postgres://dbuser-VALUE-5:db-password-VALUE-6@127.0.0.1:1/files',
  };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ...secrets,
      SETUP_ADMIN_EMAIL: 'root@example.com',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      MAIL_FROM: 'files@example.com',
    });
  }, 20_000);
  afterAll(() => server.close());

  it('shows where things are and which secrets are set, never a secret', async () => {
    const admin = server.client();
    expect(
      (await admin.post('/api/login', { email: 'root@example.com', password: secrets.SETUP_ADMIN_PASSWORD })).status,
    ).toBe(200);
    const res = await admin.get('/api/admin/status');
    expect(res.status, res.body).toBe(200);
    for (const value of Object.values(secrets)) {
      const bare = value.match(/VALUE-\d/g) ?? [value];
      for (const part of bare) expect(res.body).not.toContain(part);
    }
    const { data } = adminStatusResponse.parse(res.json());
    const entry = (key: string) => data.config.find((e) => e.key === key);
    expect(entry('SMTP_PASSWORD')).toEqual({ key: 'SMTP_PASSWORD', value: null, secret: true, set: true });
    expect(entry('SMTP_HOST')?.value).toBe('127.0.0.1');
    expect(entry('DATABASE_URL')?.value).toBe('postgres://127.0.0.1:1/files');
    expect(data.mail).toMatchObject({ driver: 'smtp', status: 'ok', host: '127.0.0.1:1' });
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileRequestResource, shareResource } from '@filestore/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, resolveConfig } from '../src/app/config.js';
import { createServer } from '../src/app/server.js';
import { rowsOf } from '../src/lib/db/migrate.js';
import { FILE_REQUESTS_JOB, fileRequests } from '../src/modules/file-requests/index.js';
import {
  freshTestDatabase,
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  testDatabaseKind,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from './harness.js';

/**
 * What several nodes must share, checked with two in-process nodes on one PostgreSQL database
 * (and one Redis where limits are counted): whatever one node did, the other must know. The same
 * with real processes, S3 and sockets is two-nodes.int.test.ts; the list is docs/multi-node.md.
 * PGlite is one process's database: there is nothing to share, so this runs on the postgres run.
 */
const onPostgres = testDatabaseKind === 'postgres';
const redisUrl = process.env.TEST_REDIS_URL;

/** The same browser (its cookies) talking to another node, as behind a balancer without sticky sessions. */
function sameBrowserOn(node: TestServer, client: TestClient, ip: string): TestClient {
  const moved = node.client(ip);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

/** An address of its own per run: the test Redis is shared, and limits are counted per address. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(!onPostgres)('two nodes starting at once on an empty database', () => {
  it('both start with SETUP_ADMIN_EMAIL set, and exactly one admin is made', async () => {
    const { target, drop } = await freshTestDatabase();
    const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'filestore-node-')));
    try {
      const started = await Promise.allSettled(
        dirs.map((dir) => {
          const env = parseEnv({
            DATA_DIR: dir,
            LOG_LEVEL: 'silent',
            SETUP_ADMIN_EMAIL: 'first@example.com',
            SETUP_ADMIN_PASSWORD: 'first-password-1',
          });
          return createServer(resolveConfig(env, dir, {}), {
            database: target,
            logger: pino({ level: 'silent' }),
            startJobs: false,
          });
        }),
      );
      for (const s of started) if (s.status === 'fulfilled') await s.value.close();
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      const check = await createServer(
        resolveConfig(parseEnv({ DATA_DIR: dirs[0], LOG_LEVEL: 'silent' }), dirs[0]!, {}),
        {
          database: target,
          logger: pino({ level: 'silent' }),
          startJobs: false,
        },
      );
      try {
        const admins = rowsOf<{ n: number }>(
          await check.ctx.db.execute(sql`select count(*)::int as n from users where role = 'admin'`),
        );
        expect(admins[0]?.n).toBe(1);
      } finally {
        await check.close();
      }
    } finally {
      await drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPostgres)('a node on PostgreSQL without Redis', () => {
  it('says at start-up that its rate limits are its own, and where to read about several nodes', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const { target, drop } = await freshTestDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'filestore-node-'));
    try {
      const config = resolveConfig(parseEnv({ DATA_DIR: dir }), dir, {});
      const server = await createServer(config, { database: target, logger, startJobs: false });
      await server.close();
      const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
      expect(warnings.map((w) => w.msg)).toEqual([expect.stringContaining('REDIS_URL is not set')]);
      expect(warnings[0]?.msg).toContain('docs/multi-node.md');

      lines.length = 0;
      const withRedis = resolveConfig(
        parseEnv({ DATA_DIR: dir, REDIS_URL: redisUrl ?? 'redis://127.0.0.1:1' }),
        dir,
        {},
      );
      const quiet = await createServer(withRedis, { database: target, logger, startJobs: false });
      await quiet.close();
      expect(lines.join('\n')).not.toContain('REDIS_URL is not set');
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPostgres)('what two nodes on one database share', () => {
  let a: TestServer;
  let b: TestServer;
  let ownerOnA: TestClient;
  let ownerId: string;
  const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

  beforeAll(async () => {
    a = await startTestServer(env);
    b = await startTestServer(env, { sameDatabaseAs: a });
    await installWithAdmin(a);
    ownerOnA = await registerUser(a, 'owner@example.com', 'owner-password-1', randomIp());
    ownerId = await userIdOf(a, 'owner@example.com');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('knows on B the session made on A, and ends it on B when A signs it out', async () => {
    const ip = randomIp();
    const onA = a.client(ip);
    expect((await onA.post('/api/login', { email: 'owner@example.com', password: 'owner-password-1' })).status).toBe(
      200,
    );
    const onB = sameBrowserOn(b, onA, ip);
    const user = await onB.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.json().data.attributes.email).toBe('owner@example.com');

    expect((await onA.post('/api/logout')).status).toBe(204);
    // B still holds the cookie (the browser's copy was cleared by A): it names no session any more.
    expect((await onB.get('/api/user')).status).toBe(401);
  });

  it.skipIf(!redisUrl)(
    'counts wrong passwords sent to A and B together: the sixth is refused on either node (Redis)',
    async () => {
      const ip = randomIp();
      const email = `guess-${randomBytes(4).toString('hex')}@example.com`;
      await registerUser(a, email, 'right-password-1', randomIp());
      const nodes = [a.client(ip), b.client(ip)];
      for (let i = 0; i < 5; i++) {
        const res = await nodes[i % 2]!.post('/api/login', { email, password: `wrong ${i}` });
        expect(res.status, `attempt ${i} on ${i % 2 ? 'B' : 'A'}`).toBe(422);
      }
      for (const node of nodes) {
        const res = await node.post('/api/login', { email, password: 'right-password-1' });
        expect(res.status).toBe(429);
        expect(res.json().code).toBe('auth.too_many_attempts');
      }
    },
  );

  it.skipIf(!redisUrl)(
    'opens on B a share unlocked on A, and counts wrong share passwords over both nodes (Redis)',
    async () => {
      const file = await seedFile(a, ownerId, { name: 'locked.txt', content: 'behind a password' });
      const made = await ownerOnA.post('/api/share', {
        id: file.id,
        type: 'file',
        isPassword: true,
        password: 'share-password',
      });
      expect(made.status, made.body).toBe(201);
      const token = shareResource.parse(made.json()).data.attributes.token;

      const ip = randomIp();
      const visitorOnA = a.client(ip);
      expect((await visitorOnA.get(`/api/sharing/file/${token}`)).status).toBe(403);
      expect((await visitorOnA.post(`/api/sharing/authenticate/${token}`, { password: 'share-password' })).status).toBe(
        200,
      );
      const visitorOnB = sameBrowserOn(b, visitorOnA, ip);
      // (Its bytes are on A's own disk here: the share's file, not its content, is what B must open.)
      const opened = await visitorOnB.get(`/api/sharing/file/${token}`);
      expect(opened.status, opened.body).toBe(200);

      const guesser = randomIp();
      const guessers = [a.client(guesser), b.client(guesser)];
      for (let i = 0; i < 5; i++) {
        const res = await guessers[i % 2]!.post(`/api/sharing/authenticate/${token}`, { password: `guess ${i}` });
        expect(res.status).toBe(401);
      }
      for (const node of guessers) {
        expect((await node.post(`/api/sharing/authenticate/${token}`, { password: 'share-password' })).status).toBe(
          429,
        );
      }
    },
  );

  it('closes each due upload request, and mails and notifies its owner, once when both nodes run the job at once', async () => {
    const inbox = await seedFolder(a, ownerId, { name: 'Inbox' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ownerOnA.post('/api/file-request', { folder_id: inbox.id, name: `Request ${i}` });
      expect(res.status, res.body).toBe(201);
      ids.push(fileRequestResource.parse(res.json()).data.id);
    }
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (const id of ids) {
      await a.ctx.db
        .update(fileRequests)
        .set({ createdAt: ago(80), lastUploadAt: ago(25) })
        .where(eq(fileRequests.id, id));
    }
    const before = a.outbox().length + b.outbox().length;
    await Promise.all([a.ctx.jobs.drain([FILE_REQUESTS_JOB]), b.ctx.jobs.drain([FILE_REQUESTS_JOB])]);
    const rows = await a.ctx.db.select().from(fileRequests).where(inArray(fileRequests.id, ids));
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('filled'));
    expect(a.outbox().length + b.outbox().length - before).toBe(12);
    // And one notification each (written in the transaction that closed the request).
    const notes = rowsOf<{ n: number }>(
      await a.ctx.db.execute(
        sql`select count(*)::int as n from notifications where user_id = ${ownerId} and title like '%is complete'`,
      ),
    );
    expect(notes[0]?.n).toBe(12);
  });

  it("stops small files sent to both nodes at once at the owner's quota", async () => {
    const admin = a.client(randomIp());
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password-1' })).status).toBe(
      200,
    );
    const quotaUser = `quota-${randomBytes(4).toString('hex')}@example.com`;
    const onA = await registerUser(a, quotaUser, 'quota-password-1', randomIp());
    const quotaUserId = await userIdOf(a, quotaUser);
    // 1,000,000 bytes: six files of 150,000, not seven, wherever they are sent.
    expect((await admin.request('PATCH', `/api/admin/users/${quotaUserId}/capacity`, { capacity: 0.001 })).status).toBe(
      200,
    );
    const onB = sameBrowserOn(b, onA, randomIp());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? uploadFile(b, onB, { name: `b-${i}.bin`, content: randomBytes(150_000) })
          : uploadFile(a, onA, { name: `a-${i}.bin`, content: randomBytes(150_000) }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(6);
    expect(answers.filter((r) => r.status !== 201).map((r) => r.status)).toEqual(Array(6).fill(423));
    const used = rowsOf<{ used: number; files: number }>(
      await a.ctx.db.execute(sql`
        select (select storage_used from users where id = ${quotaUserId})::bigint::int as used,
               (select count(*) from items where owner_id = ${quotaUserId} and type = 'file')::int as files`),
    )[0];
    expect(used).toEqual({ used: 900_000, files: 6 });
  });
});

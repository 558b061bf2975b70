import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { remoteUploadResource, shareResource } from '@filestore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../lib/clock.js';
import { rowsOf } from '../../lib/db/migrate.js';
import {
  installWithAdmin,
  registerUser,
  seedFolder,
  startTestServer,
  testDatabaseKind,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { until } from '../../../test/process.js';
import { closeServer, listen, testNetwork } from '../../../test/remote-origins.js';
import { REMOTE_UPLOADS_JOB } from './remote-uploads.usecases.js';

const TOO_SLOW = 'The download averaged less than 16 KB/s after its first 30 seconds and was stopped.';
const BATCH_OVER = 'The links of this upload took more than 60 seconds to download in all; the rest were stopped.';

/**
 * Issue 39, defect 2 (ADR 0066): one owner's slow downloads do not hold the job from another
 * owner, a node fetches several URLs at once within REMOTE_UPLOAD_CONCURRENCY, what may wait is
 * capped per actor and per owner, and a trickling server is cut. A node:http origin on loopback
 * (the only address the injected network allows); the limits run on a pinned clock the tests move,
 * so no test waits for a real timeout.
 */
describe('remote upload between owners', () => {
  let server: TestServer;
  let origin: Awaited<ReturnType<typeof listen>>;
  const clock = new SettableClock();
  const seen: string[] = [];
  let active = 0;
  let maxActive = 0;
  let gateOpen = false;
  const held: http.ServerResponse[] = [];
  const url = (path: string) => `http://127.0.0.1:${origin.port}${path}`;
  const users = new Map<string, TestClient>();

  const handler: http.RequestListener = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(path);
    if (path.startsWith('/trickle/')) {
      // A byte now and then: never done, never idle long enough for the socket's own timeout.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => res.write(Buffer.alloc(1)), 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (path.startsWith('/fast/')) {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 5 });
      return res.end('hello');
    }
    if (path.startsWith('/hold/')) {
      active++;
      maxActive = Math.max(maxActive, active);
      res.on('close', () => active--);
      res.writeHead(200, { 'content-type': 'text/plain' });
      if (gateOpen) return res.end('held');
      held.push(res);
      return;
    }
    res.writeHead(404);
    res.end();
  };

  const user = async (name: string) => {
    if (!users.has(name)) {
      users.set(
        name,
        await registerUser(server, `${name}@example.com`, 'user-password-1', `127.0.0.${users.size + 10}`),
      );
    }
    return users.get(name)!;
  };
  const start = async (client: TestClient, urls: string[], route = '/api/upload/remote') => {
    const res = await client.post(route, { urls, parent_id: null });
    expect(res.status, res.body).toBe(201);
    return remoteUploadResource.parse(res.json()).data.id;
  };
  const status = async (client: TestClient, batchId: string) => {
    const res = await client.get(`/api/upload/remote/${batchId}`);
    expect(res.status, res.body).toBe(200);
    return remoteUploadResource.parse(res.json()).data.attributes;
  };
  const urlStatuses = async (batchId: string) =>
    rowsOf<{ status: string }>(
      await server.ctx.db.execute(
        sql`select status from remote_upload_urls where batch_id = ${batchId} order by position`,
      ),
    ).map((r) => r.status);
  const drain = () => server.ctx.jobs.drain([REMOTE_UPLOADS_JOB]);
  /** Moves the clock past the grace period until the job is idle: every trickle left is cut. */
  const cutTrickles = async (draining: Promise<void>) => {
    let done = false;
    void draining.finally(() => (done = true));
    while (!done) {
      clock.advance(31_000);
      await sleep(300);
    }
    await draining;
  };
  const trickles = () => seen.filter((p) => p.startsWith('/trickle/')).length;

  beforeAll(async () => {
    origin = await listen(handler);
    server = await startTestServer(
      {
        REMOTE_UPLOAD_CONCURRENCY: '3',
        REMOTE_UPLOAD_TIMEOUT_SECONDS: '120',
        REMOTE_UPLOAD_BATCH_SECONDS: '60',
        REMOTE_UPLOAD_MIN_RATE_KB: '16',
      },
      { remoteNetwork: testNetwork({}, [`127.0.0.1:${origin.port}`]) },
    );
    // Stands still unless a test moves it: a busy machine never reaches a limit by itself.
    clock.set(new Date());
    server.ctx.clock = clock;
    await installWithAdmin(server);
  });
  afterAll(async () => {
    gateOpen = true;
    for (const res of held) res.end();
    await server?.close();
    if (origin) await closeServer(origin.server);
  });

  it("runs another owner's single fast URL while one owner's slow URLs hold their slots", async () => {
    const a = await user('slow-owner');
    const b = await user('fast-owner');
    const slowBatch = await start(a, [url('/trickle/1'), url('/trickle/2'), url('/trickle/3')]);
    const draining = drain();
    // Three slots: the owner alone gets two; the last is kept for an owner with nothing running.
    await until(() => trickles() >= 2);
    const fastBatch = await start(b, [url('/fast/b.txt')]);

    const fast = await until(async () => {
      const s = await status(b, fastBatch);
      return s.status === 'done' ? s : null;
    });
    expect(fast).toMatchObject({ processed: 1, failed: 0 });
    // B's URL finished while A's were still trickling: none of A's is settled, the third still waits.
    expect(await status(a, slowBatch)).toMatchObject({ status: 'running', processed: 0 });
    expect(await urlStatuses(slowBatch)).toEqual(['running', 'running', 'pending']);
    expect(trickles()).toBe(2);

    await cutTrickles(draining);
    expect(await status(a, slowBatch)).toMatchObject({ status: 'done', processed: 3, failed: 3 });
  }, 120_000);

  it('fetches several URLs at once per node, never more than REMOTE_UPLOAD_CONCURRENCY, one owner after another', async () => {
    const owners = ['hold-a', 'hold-b', 'hold-c'];
    const batches: [TestClient, string][] = [];
    for (const name of owners) {
      const client = await user(name);
      batches.push([
        client,
        await start(
          client,
          [1, 2, 3, 4].map((i) => url(`/hold/${name}-${i}`)),
        ),
      ]);
    }
    seen.length = 0;
    const draining = drain();
    await until(() => active === 3);
    // Two more looks of the job at its free slots, which it has none of: still three.
    await sleep(2500);
    expect(active).toBe(3);
    // The three slots went to the three owners, one each, before anyone's second URL.
    expect(seen.map((p) => p.split('/')[2]!.replace(/-\d$/, '')).sort()).toEqual(owners);

    gateOpen = true;
    for (const res of held.splice(0)) res.end('held');
    await draining;
    expect(maxActive).toBe(3);
    for (const [client, id] of batches) {
      expect(await status(client, id)).toMatchObject({ status: 'done', processed: 4, failed: 0 });
    }
    gateOpen = false;
  }, 120_000);

  it('cuts a trickling download after the grace period, with the reason for the user', async () => {
    const a = await user('trickle-owner');
    const before = trickles();
    const batch = await start(a, [url('/trickle/alone')]);
    const draining = drain();
    await until(() => trickles() > before);
    clock.advance(31_000);
    await draining;
    const done = await status(a, batch);
    expect(done).toMatchObject({ processed: 1, failed: 1 });
    expect(done.failures).toEqual([{ url: url('/trickle/alone'), reason: TOO_SLOW }]);
    const [row] = rowsOf<{ error_code: string }>(
      await server.ctx.db.execute(sql`select error_code from remote_upload_urls where batch_id = ${batch}`),
    );
    expect(row?.error_code).toBe('remote_upload.too_slow');
  }, 60_000);

  it("stops a batch's URLs once they used its download time in all, the rest without a request", async () => {
    const a = await user('batch-owner');
    const before = seen.length;
    const batch = await start(a, [url('/trickle/b1'), url('/trickle/b2'), url('/trickle/b3'), url('/fast/b4.txt')]);
    const draining = drain();
    await until(() => trickles() >= 2 && seen.slice(before).length >= 2);
    // Past the batch's 60 s (not yet the URL's 120 s): both running are stopped, the two left never start.
    clock.advance(61_000);
    await draining;
    const done = await status(a, batch);
    expect(done).toMatchObject({ processed: 4, failed: 4 });
    expect(done.failures.map((f) => f.reason)).toEqual([BATCH_OVER, BATCH_OVER, BATCH_OVER, BATCH_OVER]);
    expect(seen.slice(before)).toEqual(['/trickle/b1', '/trickle/b2']);
  }, 60_000);

  it('refuses more open batches or queued URLs than an actor or an owner may have, with remote_upload.queue_full', async () => {
    const refusedWith = (
      res: { status: number; json(): { code: string; details?: { scope?: string } } },
      scope: string,
    ) => {
      expect(res.status).toBe(429);
      expect(res.json().code).toBe('remote_upload.queue_full');
      expect(res.json().details?.scope).toBe(scope);
    };
    try {
      // Per actor: five open batches.
      const d = await user('cap-batches');
      for (let i = 0; i < 5; i++) await start(d, [url(`/missing/${i}`)]);
      refusedWith(await d.post('/api/upload/remote', { urls: [url('/missing/6')], parent_id: null }), 'actor');

      // Per actor: a hundred URLs waiting.
      const e = await user('cap-urls');
      const fifty = (tag: string) => Array.from({ length: 50 }, (_, i) => url(`/missing/${tag}-${i}`));
      await start(e, fifty('x'));
      await start(e, fifty('y'));
      refusedWith(await e.post('/api/upload/remote', { urls: [url('/missing/z')], parent_id: null }), 'actor');

      // Per owner: twenty open batches asked for by others (editor links, no account needed, or team
      // members); the owner's own batches count only against the owner's actor limit, so links
      // cannot starve the owner (found by a review helper).
      const f = await user('cap-owner');
      const fId = await userIdOf(server, 'cap-owner@example.com');
      for (let i = 0; i < 4; i++) await start(f, [url(`/missing/own-${i}`)]);
      const guest = server.client('127.0.0.40');
      const links: string[] = [];
      for (let n = 0; n < 5; n++) {
        const folder = await seedFolder(server, fId, { name: `Drop ${n}` });
        const res = await f.post('/api/share', { id: folder.id, type: 'folder', permission: 'editor' });
        expect(res.status, res.body).toBe(201);
        links.push(shareResource.parse(res.json()).data.attributes.token);
      }
      for (const token of links.slice(0, 4)) {
        for (let i = 0; i < 5; i++)
          await start(guest, [url(`/missing/${token}-${i}`)], `/api/sharing/upload/remote/${token}`);
      }
      refusedWith(
        await guest.post(`/api/sharing/upload/remote/${links[4]}`, { urls: [url('/missing/last')], parent_id: null }),
        'owner',
      );
      // The owner still starts their own, up to their own (actor) limit.
      expect((await f.post('/api/upload/remote', { urls: [url('/missing/own-4')], parent_id: null })).status).toBe(201);
      refusedWith(await f.post('/api/upload/remote', { urls: [url('/missing/own')], parent_id: null }), 'actor');

      // Requests at once cannot all pass the same count: exactly five of eight are stored.
      const g = await user('cap-race');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          g.post('/api/upload/remote', { urls: [url(`/missing/race-${i}`)], parent_id: null }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    } finally {
      await server.ctx.db.execute(sql`delete from remote_upload_batches where status <> 'done'`);
    }
  }, 120_000);

  // Last: it stops this server's job runner.
  it('stops claiming on shutdown and waits for the fetches in flight to settle', async () => {
    const a = await user('stop-owner');
    const batch = await start(a, [url('/hold/stop-1'), url('/hold/stop-2')]);
    const draining = drain();
    await until(() => held.length === 2);
    let stopped = false;
    const stopping = server.ctx.jobs.stop().then(() => (stopped = true));
    await sleep(300);
    expect(stopped).toBe(false);
    gateOpen = true;
    for (const res of held.splice(0)) res.end('held');
    await Promise.all([stopping, draining]);
    expect(await status(a, batch)).toMatchObject({ status: 'done', processed: 2, failed: 0 });
  }, 60_000);
});

/**
 * Turns live in the database, not in a node: a second node on the same PostgreSQL serves the owner
 * with nothing running rather than the next URL in line, which the first node's owner has.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('remote upload across two nodes', () => {
  let first: TestServer;
  let second: TestServer;
  let origin: Awaited<ReturnType<typeof listen>>;
  const clock = new SettableClock();
  const seen: string[] = [];
  const env = {
    REMOTE_UPLOAD_CONCURRENCY: '1',
    REMOTE_UPLOAD_TIMEOUT_SECONDS: '120',
    REMOTE_UPLOAD_BATCH_SECONDS: '600',
    REMOTE_UPLOAD_MIN_RATE_KB: '16',
  };

  beforeAll(async () => {
    origin = await listen((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push(path);
      if (path.startsWith('/trickle/')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const timer = setInterval(() => res.write(Buffer.alloc(1)), 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 5 });
      res.end('hello');
    });
    const remoteNetwork = testNetwork({}, [`127.0.0.1:${origin.port}`]);
    first = await startTestServer(env, { remoteNetwork });
    second = await startTestServer(env, { remoteNetwork, sameDatabaseAs: first });
    clock.set(new Date());
    first.ctx.clock = clock;
    second.ctx.clock = clock;
    await installWithAdmin(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    if (origin) await closeServer(origin.server);
  });

  it('gives the second node to the owner with nothing running', async () => {
    const a = await registerUser(first, 'node-slow@example.com', 'user-password-1', '127.0.0.60');
    const b = await registerUser(first, 'node-fast@example.com', 'user-password-1', '127.0.0.61');
    const batchOf = async (client: TestClient, urls: string[]) => {
      const res = await client.post('/api/upload/remote', { urls, parent_id: null });
      expect(res.status, res.body).toBe(201);
      return remoteUploadResource.parse(res.json()).data.id;
    };
    const statusOf = async (client: TestClient, id: string) =>
      remoteUploadResource.parse((await client.get(`/api/upload/remote/${id}`)).json()).data.attributes;
    const slow = await batchOf(a, [
      `http://127.0.0.1:${origin.port}/trickle/1`,
      `http://127.0.0.1:${origin.port}/trickle/2`,
    ]);
    const fast = await batchOf(b, [`http://127.0.0.1:${origin.port}/fast/x.txt`]);

    // The first node takes the first owner's first URL and trickles; then the second node looks.
    const drains = [first.ctx.jobs.drain([REMOTE_UPLOADS_JOB])];
    await until(() => seen.length >= 1);
    drains.push(second.ctx.jobs.drain([REMOTE_UPLOADS_JOB]));
    const done = await until(async () => {
      const s = await statusOf(b, fast);
      return s.status === 'done' ? s : null;
    });
    expect(done).toMatchObject({ processed: 1, failed: 0 });
    expect((await statusOf(a, slow)).processed).toBe(0);
    expect(seen.slice(0, 2)).toEqual(['/trickle/1', '/fast/x.txt']);

    let settled = false;
    const all = Promise.all(drains).finally(() => (settled = true));
    while (!settled) {
      clock.advance(31_000);
      await sleep(300);
    }
    await all;
    expect(await statusOf(a, slow)).toMatchObject({ status: 'done', processed: 2, failed: 2 });
  }, 120_000);
});

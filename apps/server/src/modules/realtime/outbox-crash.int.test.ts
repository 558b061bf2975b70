import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, HttpClient, ServerProcess } from '../../../test/process.js';
import { TestSocket } from './socket-client.test-helper.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };
const RESTARTS_TIMEOUT = 300_000;

/**
 * kill -9 of the real server process between the commit of an event and its delivery, and between
 * sending it and marking it delivered: the restarted process delivers it, and no connection gets
 * the same id twice.
 */
describe('the outbox across a crash of the server process', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let client: HttpClient;
  const sockets: TestSocket[] = [];

  const socket = async (lastId?: string) => {
    const s = new TestSocket(server.url, { cookie: client.authHeaders().cookie, lastId });
    sockets.push(s);
    await s.connected();
    return s;
  };
  /** A clean stop (the dispatcher finishes marking what it sent), then a start with `env`. */
  const restart = async (env: Record<string, string> = {}) => {
    await server.kill('SIGTERM');
    await server.start(env);
  };
  /** An event the client has seen: where its next connection resumes. */
  const seenId = async () => {
    const s = await socket();
    expect((await client.request('POST', '/api/admin/test-websockets')).status).toBe(204);
    const [event] = await s.waitFor(1, 'websocket.test');
    s.close();
    return event?.id as string;
  };
  const createFolder = (name: string) =>
    client.postJson('/api/create-folder', { name }).then(
      (r) => r.status,
      () => 0, // the process may die before it answers
    );

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-outbox-crash-'));
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
    });
    await server.start();
    client = new HttpClient(() => server.url);
    expect((await client.postJson('/api/login', ADMIN)).status).toBe(200);
  }, RESTARTS_TIMEOUT);
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'delivers after a restart an event committed by a process that died before sending it',
    async () => {
      const resumeAfter = await seenId();
      await restart({ FILESTORE_TEST_CRASH_AT: 'outbox-before-send' });
      const before = await socket(resumeAfter);
      await createFolder('Committed, never sent');
      expect(await server.exited()).toMatchObject({ signal: 'SIGKILL' });
      expect(before.received.filter((e) => e.name === 'items.changed')).toEqual([]);

      await server.start();
      const after = await socket(resumeAfter);
      const [event] = await after.waitFor(1, 'items.changed');
      expect(event?.payload).toEqual({ folders: [null] });
      // The fallback dispatcher runs every 2 s: past it, still once.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(after.received.filter((e) => e.name === 'items.changed')).toHaveLength(1);
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'sends again an event whose process died before marking it delivered, never twice to one connection',
    async () => {
      const resumeAfter = await seenId();
      await restart({ FILESTORE_TEST_CRASH_AT: 'outbox-after-send' });
      const before = await socket(resumeAfter);
      await createFolder('Sent, never marked');
      const [sent] = await before.waitFor(1, 'items.changed');
      expect(await server.exited()).toMatchObject({ signal: 'SIGKILL' });

      await server.start();
      // A client that saw it resumes after it: the redelivery is not sent to it.
      const hadIt = await socket(sent?.id);
      // One that had not (it resumes from before) gets it, once, from the replay or the redelivery.
      const missedIt = await socket(resumeAfter);
      const [again] = await missedIt.waitFor(1, 'items.changed');
      expect(again?.id).toBe(sent?.id);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(missedIt.received.filter((e) => e.name === 'items.changed')).toHaveLength(1);
      expect(hadIt.received.filter((e) => e.name === 'items.changed')).toEqual([]);
    },
    RESTARTS_TIMEOUT,
  );
});

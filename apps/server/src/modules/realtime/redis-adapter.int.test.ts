import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, resolveConfig } from '../../app/config.js';
import { createServer, type Server } from '../../app/server.js';
import { freshTestDatabase, installWithAdmin, testDatabaseKind, TestClient } from '../../../test/harness.js';
import { sessionCookie, TestSocket } from './socket-client.test-helper.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two Socket.IO servers (two app instances, as two nodes are) on one PostgreSQL database and one
 * Redis: an event written through node A reaches a socket connected to node B, once. PGlite is
 * one process's database, so this runs on the postgres project only.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('events between nodes through the Redis adapter', () => {
  const nodes: { server: Server; url: string; dataDir: string }[] = [];
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await freshTestDatabase();
    drop = database.drop;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-node-'));
      const config = resolveConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL }), dataDir, {});
      const server = await createServer(config, { database: database.target, logger: pino({ level: 'silent' }) });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      nodes.push({
        server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        dataDir,
      });
    }
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) {
      await node.server.close();
      rmSync(node.dataDir, { recursive: true, force: true });
    }
    await drop();
  });

  it('delivers an event written through node A to the user’s socket on node B, once', async () => {
    const [a, b] = nodes as [(typeof nodes)[number], (typeof nodes)[number]];
    const onA = Object.assign(a.server, {
      dataDir: a.dataDir,
      outbox: () => [],
      client: () => new TestClient(a.server),
    });
    const admin = await installWithAdmin(onA);
    // Node B dispatches nothing itself: what its socket gets, node A sent through Redis.
    await b.server.ctx.jobs.stop();
    const socket = new TestSocket(b.url, { cookie: sessionCookie(admin.cookies) });
    try {
      await socket.connected();
      // Node B's adapter subscribes to Redis as the socket joins; give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await admin.post('/api/create-folder', { name: 'Made on A' })).status).toBe(201);
      expect((await admin.post('/api/admin/test-websockets')).status).toBe(204);
      const events = await socket.waitFor(2);
      expect(events.map((e) => e.name)).toEqual(['items.changed', 'websocket.test']);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(socket.received).toHaveLength(2);
    } finally {
      socket.close();
    }
  });
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../test/harness.js';
import { freePort, freshPostgresDatabase } from '../../test/process.js';
import { parseEnv, resolveConfig } from './config.js';
import { createServer, type Server } from './server.js';

const ADMIN = { email: 'ops@example.com', password: 'ops-password-1' };

/** A redis-server of this test's own, on its own port, that the test can kill and start again. */
class RedisProcess {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    this.child = child;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', () => reject(new Error(`redis-server exited:\n${out}`)));
    });
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedis)('Redis going away and coming back', () => {
  let redis: RedisProcess;
  let server: Server;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  const log: string[] = [];
  const consoleErrors = vi.spyOn(console, 'error');

  beforeAll(async () => {
    redis = new RedisProcess(await freePort());
    await redis.start();
    database = await freshPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-redis-'));
    const env = parseEnv({
      DATA_DIR: dataDir,
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      SETUP_ADMIN_EMAIL: ADMIN.email,
      SETUP_ADMIN_PASSWORD: ADMIN.password,
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    server = await createServer(resolveConfig(env, dataDir, {}), {
      database: database ? { driver: 'postgres', url: database.url } : { driver: 'pglite-memory' },
      logger: pino({ level: 'info' }, sink),
      startJobs: false,
    });
    await server.app.ready();
  });

  afterAll(async () => {
    await server?.close();
    await redis?.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    consoleErrors.mockRestore();
  });

  const signIn = (client: TestClient) => client.post('/api/login', ADMIN);
  const signUp = (client: TestClient, n: number) =>
    client.post('/api/register', {
      name: 'New User',
      email: `new${n}@example.com`,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });

  it('refuses sign-in and sign-up with 503 while it is away, logs that once, and recovers', async () => {
    const client = new TestClient(server);
    expect((await signIn(client)).status).toBe(200);
    expect((await signUp(new TestClient(server), 1)).status).toBe(201);

    await redis.kill();
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const refused = await signIn(new TestClient(server));
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ type: 'error', code: 'service.rate_limiter_unavailable' });
      expect(refused.headers['retry-after']).toBe('5');
      // Fails closed at once rather than waiting for reconnection attempts.
      expect(Date.now() - started).toBeLessThan(3_000);
      const signUpRefused = await signUp(new TestClient(server), 10 + i);
      expect(signUpRefused.status).toBe(503);
      expect(signUpRefused.json().code).toBe('service.rate_limiter_unavailable');
    }
    // Let ioredis try to reconnect a few times: still one line, and nothing unhandled.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(log.filter((line) => line.includes('Redis cannot be reached'))).toHaveLength(1);
    expect(log.filter((line) => line.includes('request failed'))).toHaveLength(0);
    expect(consoleErrors.mock.calls.flat().join('\n')).not.toContain('Unhandled error event');

    await redis.start();
    await until(async () => (await signIn(new TestClient(server))).status === 200);
    expect((await signUp(new TestClient(server), 99)).status).toBe(201);
    expect(log.filter((line) => line.includes('redis is available again'))).toHaveLength(1);
  });
});

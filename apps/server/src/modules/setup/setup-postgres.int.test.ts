import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv, readSavedConfig, resolveConfig } from '../../app/config.js';
import { createServer } from '../../app/server.js';
import { installWithAdmin, startTestServer, testPostgresUrl } from '../../../test/harness.js';

// Once, on the postgres run of the HTTP suites (vitest.config.ts).
const base = testPostgresUrl;

describe.skipIf(!base)('setup wizard on PostgreSQL', () => {
  it('tests the connection, moves to PostgreSQL, and a restart remembers it', async () => {
    const url = new URL(base ?? '');
    const name = `filestore_wiz_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const server = await startTestServer();
    try {
      const client = server.client();
      const res = await client.post('/api/setup/database', {
        connection: 'postgres',
        host: url.hostname,
        port: Number(url.port || 5432),
        name,
        username: decodeURIComponent(url.username || 'postgres'),
        password: decodeURIComponent(url.password),
      });
      expect(res.status, res.body).toBe(200);
      expect(server.ctx.databaseDriver).toBe('postgres');
      const saved = JSON.parse(readFileSync(path.join(server.dataDir, 'config.json'), 'utf8'));
      expect(saved.databaseUrl).toContain(name);
      await installWithAdmin(server);
      expect((await client.get('/api/page/cookie-policy')).status).toBe(200);
      await server.ctx.close();

      // A new process on the same data folder finds PostgreSQL through config.json.
      const config = resolveConfig(
        parseEnv({ DATA_DIR: server.dataDir }),
        server.dataDir,
        readSavedConfig(server.dataDir),
      );
      expect(config.database.driver).toBe('postgres');
      const again = await createServer(config, { logger: pino({ level: 'silent' }) });
      try {
        expect(again.ctx.databaseDriver).toBe('postgres');
        expect(await again.ctx.isInstalled()).toBe(true);
      } finally {
        await again.close();
      }
    } finally {
      // The context was closed above already; the harness still drops its own database and folder.
      await server.close().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

import { appConfig, statusCheck } from '@filestore/contract';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestServer } from '../../../test/harness.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

describe('setup wizard', () => {
  let server: TestServer;
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream: SMTPServerDataStream, _session, done: () => void) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('reports installation needed with a status check, and the shell embeds the same config', async () => {
    const client = server.client();
    const config = appConfig.parse((await client.get('/api/config')).json());
    expect(config.installation).toBe('installation-needed');
    expect(config.isAuthenticated).toBe(false);
    expect(config.statusCheck?.dataDir.writable).toBe(true);
    expect(config.statusCheck?.database.reachable).toBe(true);
    const status = statusCheck.parse((await client.get('/api/setup/status')).json());
    expect(status.storage.writable).toBe(true);
    expect(status.mail).toEqual({ driver: 'outbox', configured: false });
    const html = (await client.request('GET', '/setup-wizard/status-check', undefined, { accept: 'text/html' })).body;
    expect(html).toContain('window.__CONFIG__=');
    expect(html).toContain('installation-needed');
  });

  it('keeps the embedded database and refuses an unreachable PostgreSQL with a clear error', async () => {
    const client = server.client();
    expect((await client.post('/api/setup/database', { connection: 'embedded' })).status).toBe(200);
    const bad = await client.post('/api/setup/database', {
      connection: 'postgres',
      host: '127.0.0.1',
      port: 1,
      name: 'nope',
      username: 'nobody',
    });
    expect(bad.status).toBe(422);
    expect(bad.json().code).toBe('setup.database_unreachable');
    const invalid = await client.post('/api/setup/database', { connection: 'postgres', host: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.json().code).toBe('validation.failed');
    expect(Object.keys(invalid.json().errors)).toContain('host');
  });

  it('tests SMTP before using it and then sends mail through it', async () => {
    const client = server.client();
    const bad = await client.post('/api/setup/environment-setup', {
      storage: { driver: 'local' },
      mail: { driver: 'smtp', smtp: { host: '127.0.0.1', port: 1, encryption: 'none', from: 'app@example.com' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json().code).toBe('setup.mail_unreachable');

    const ok = await client.post('/api/setup/environment-setup', {
      storage: { driver: 'local' },
      mail: {
        driver: 'smtp',
        smtp: { host: '127.0.0.1', port: smtpPort, encryption: 'none', from: 'app@example.com' },
      },
    });
    expect(ok.status).toBe(200);
    const saved = JSON.parse(readFileSync(path.join(server.dataDir, 'config.json'), 'utf8'));
    expect(saved.mail.driver).toBe('smtp');
    expect(saved.storage.driver).toBe('local');
  });

  it('refuses unreachable S3 storage', async () => {
    const res = await server.client().post('/api/setup/environment-setup', {
      storage: {
        driver: 's3',
        s3: { endpoint: 'http://127.0.0.1:1', region: 'us-east-1', bucket: 'files', key: 'k', secret: 's' },
      },
      mail: { driver: 'outbox' },
    });
    expect(res.status).toBe(422);
    expect(res.json().code).toBe('setup.storage_unreachable');
  });

  it('saves the app settings, creates the admin, signs them in, and closes every setup call', async () => {
    const client = server.client();
    const app = await client.post('/api/setup/app-setup', {
      title: 'Acme Files',
      description: 'Files for Acme',
      contactMail: 'it@acme.test',
      userRegistration: false,
      storageLimitation: true,
      defaultStorage: 10,
      subscriptionType: 'none',
    });
    expect(app.status).toBe(200);
    const admin = await installWithAdmin(server);
    const me = (await admin.get('/api/user')).json();
    expect(me.data.attributes.role).toBe('admin');
    expect(me.data.attributes.storage.capacity).toBe(10_000_000_000);

    const config = appConfig.parse((await admin.get('/api/config')).json());
    expect(config.installation).toBe('installation-done');
    expect(config.appName).toBe('Acme Files');
    expect(config.userRegistration).toBe(false);
    expect(config.statusCheck).toBeUndefined();

    for (const url of [
      '/api/setup/database',
      '/api/setup/environment-setup',
      '/api/setup/app-setup',
      '/api/setup/admin-setup',
    ]) {
      const res = await server.client().post(url, {});
      expect(res.status, url).toBe(410);
      expect(res.json().code).toBe('setup.completed');
    }
    expect((await server.client().get('/api/setup/status')).status).toBe(410);
  });

  it('sends mail through the SMTP server chosen in the wizard', async () => {
    await server.client().post('/api/password/recover', { email: 'admin@example.com' });
    expect(received.some((m) => m.includes('create-new-password'))).toBe(true);
  });
});

describe('unattended setup', () => {
  it('completes setup from SETUP_ADMIN_EMAIL and SETUP_ADMIN_PASSWORD at start-up', async () => {
    const server = await startTestServer({
      SETUP_ADMIN_EMAIL: 'ops@example.com',
      SETUP_ADMIN_PASSWORD: 'ops-password-1',
    });
    try {
      const client = server.client();
      expect(appConfig.parse((await client.get('/api/config')).json()).installation).toBe('installation-done');
      expect((await client.post('/api/login', { email: 'ops@example.com', password: 'ops-password-1' })).status).toBe(
        200,
      );
      expect((await client.get('/api/user')).json().data.attributes.role).toBe('admin');
    } finally {
      await server.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSealedSetting, readSettings } from '../settings/index.js';
import { installWithAdmin, startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';

describe('PATCH /api/admin/settings', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
  });
  afterAll(() => server.close());

  const patch = (name: string, value: unknown) => admin.request('PATCH', '/api/admin/settings', { name, value });

  it.each([
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
  ])('takes %j as %s, and the public configuration follows', async (value, expected) => {
    // Start from the opposite, so each case proves its own write.
    expect((await patch('registration', !expected)).status).toBe(200);
    const res = await patch('registration', value);
    expect(res.status).toBe(200);
    expect(res.json().data.registration).toBe(expected);
    expect((await admin.get('/api/admin/settings')).json().data.registration).toBe(expected);
    expect((await server.client().get('/api/config')).json().userRegistration).toBe(expected);
  });

  it.each(['yes', '2', 2, '', 'TRUE ', null, ['1']])(
    'refuses %j for a yes/no setting and keeps the old value',
    async (value) => {
      expect((await patch('storage_limitation', true)).status).toBe(200);
      const res = await patch('storage_limitation', value);
      expect(res.status).toBe(422);
      expect(res.json().code).toBe('validation.failed');
      expect((await admin.get('/api/admin/settings')).json().data.storage_limitation).toBe(true);
    },
  );

  it('keeps text that looks like a number or a boolean as text for text settings', async () => {
    expect((await patch('app_title', '1')).json().data.app_title).toBe('1');
    expect((await patch('app_title', 'true')).json().data.app_title).toBe('true');
    expect((await patch('upload_limit', '1')).json().data.upload_limit).toBe(1);
  });

  describe('secret settings', () => {
    it('stores a secret sealed, shows only whether it is set, and opens it for the server', async () => {
      expect((await admin.get('/api/admin/settings')).json().data.github_client_secret).toBe(false);
      const res = await patch('github_client_secret', 'gh-secret-value');
      expect(res.status).toBe(200);
      expect(res.json().data.github_client_secret).toBe(true);
      expect(JSON.stringify((await admin.get('/api/admin/settings')).json())).not.toContain('gh-secret-value');

      const settings = await readSettings(server.ctx.db);
      expect(settings.github_client_secret).not.toContain('gh-secret-value');
      expect(openSealedSetting(settings, 'github_client_secret')).toBe('gh-secret-value');
      // Bound to its name: the same sealed text under another secret's name does not open.
      expect(
        openSealedSetting({ ...settings, google_client_secret: settings.github_client_secret }, 'google_client_secret'),
      ).toBeNull();

      const cleared = await patch('github_client_secret', null);
      expect(cleared.json()).toMatchObject({ data: { github_client_secret: false } });
      expect(openSealedSetting(await readSettings(server.ctx.db), 'github_client_secret')).toBeNull();
    });

    it('refuses a secret that is not text, and never lets app_key be written or read', async () => {
      expect((await patch('github_client_secret', 5)).status).toBe(422);
      expect((await patch('app_key', 'x'.repeat(40))).json().code).toBe('settings.unknown_key');
      expect((await admin.get('/api/admin/settings')).json().data).not.toHaveProperty('app_key');
    });
  });
});

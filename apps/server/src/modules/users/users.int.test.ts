import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSetting, readSettings, writeSettings } from '../settings/index.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestServer,
  type TestClient,
} from '../../../test/harness.js';

describe('user preferences and roles', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server);
  });
  afterAll(() => server.close());

  it('saves theme and emoji with PATCH or POST + _method, and the config follows the user', async () => {
    const res = await user.request('PATCH', '/api/user/settings', { name: 'theme_mode', value: 'dark' });
    expect(res.status).toBe(200);
    expect(res.json().data.relationships.settings.data.attributes.theme_mode).toBe('dark');
    const viaPost = await user.post('/api/user/settings', { name: 'emoji_type', value: 'applemoji', _method: 'patch' });
    expect(viaPost.status).toBe(200);
    const config = (await user.get('/api/config')).json();
    expect(config.defaultThemeMode).toBe('dark');
    expect(config.defaultEmoji).toBe('applemoji');
    expect(config.isAuthenticated).toBe(true);
  });

  it('refuses unknown columns and bad values instead of writing them', async () => {
    for (const body of [
      { name: 'role', value: 'admin' },
      { name: 'storage_used', value: '0' },
      { name: 'theme_mode', value: 'purple' },
      { name: 'first_name', value: '' },
    ]) {
      const res = await user.post('/api/user/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('validation.failed');
    }
    expect((await user.get('/api/user')).json().data.attributes.role).toBe('user');
  });

  it('needs a session for the user resource and settings', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/user')).status).toBe(401);
    expect((await visitor.post('/api/user/settings', { name: 'theme_mode', value: 'dark' })).status).toBe(401);
  });

  it('answers /api/admin with 401 to a visitor, 403 to a user, and data to an admin', async () => {
    for (const url of ['/api/admin/dashboard', '/api/admin/users', '/api/admin/anything']) {
      expect((await server.client().get(url)).status, url).toBe(401);
      const denied = await user.get(url);
      expect(denied.status, url).toBe(403);
      expect(denied.json().code).toBe('auth.forbidden');
    }
    const dash = await admin.get('/api/admin/dashboard');
    expect(dash.status).toBe(200);
    expect(dash.json().data.users).toEqual({ total: 2, admins: 1, new_last_30_days: 2 });
  });

  it('serves the SPA shell for app routes with a script-safe config, and JSON 404 for unknown API paths', async () => {
    await ensureSetting(server.ctx.db, 'app_key', 'k'.repeat(48));
    const page = await server.client().request('GET', '/platform/files', undefined, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = page.body.match(/window\.__CONFIG__=(.*?)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(json).installation).toBe('installation-done');
    // Secrets stay on the server: the signing key never reaches the config or the shell.
    const key = (await readSettings(server.ctx.db)).app_key;
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(page.body).not.toContain(key);
    expect((await server.client().get('/api/config')).body).not.toContain(key);
    const api = await server.client().get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.json().code).toBe('not_found');
  });
});

describe('the HTML shell', () => {
  it('embeds a hostile app title as data, never as markup', async () => {
    const server = await startTestServer();
    try {
      await writeSettings(server.ctx.db, { app_title: '</script><script>alert(1)</script>' });
      const page = await server.client().request('GET', '/sign-in', undefined, { accept: 'text/html' });
      expect(page.body).not.toContain('<script>alert(1)');
      const json = page.body.match(/window\.__CONFIG__=(.*?)<\/script>/)?.[1] ?? '';
      expect(JSON.parse(json).appName).toBe('</script><script>alert(1)</script>');
    } finally {
      await server.close();
    }
  });
});

describe('admin settings and capacity', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server);
  });
  afterAll(() => server.close());

  it('changes a setting by name, coerces form text, and the public config follows', async () => {
    const res = await admin.request('PATCH', '/api/admin/settings', { name: 'chunk_size', value: '8' });
    expect(res.status).toBe(200);
    expect(res.json().data.chunk_size).toBe(8);
    expect((await server.client().get('/api/config')).json().chunkSize).toBe(8_000_000);
    const viaPost = await admin.post('/api/admin/settings', { name: 'upload_limit', value: 20, _method: 'patch' });
    expect(viaPost.json().data.upload_limit).toBe(20);
  });

  it('refuses unknown, internal and secret settings, and values of the wrong kind', async () => {
    for (const body of [
      { name: 'nope', value: 1 },
      { name: 'app_key', value: 'x'.repeat(40) },
      { name: 'setup_wizard_success', value: false },
    ]) {
      const res = await admin.request('PATCH', '/api/admin/settings', body);
      expect(res.status, body.name).toBe(422);
      expect(res.json().code).toBe('settings.unknown_key');
    }
    const small = await admin.request('PATCH', '/api/admin/settings', { name: 'chunk_size', value: 1 });
    expect(small.status).toBe(422);
    expect(small.json().code).toBe('validation.failed');
    const all = (await admin.get('/api/admin/settings')).json().data;
    expect(all).not.toHaveProperty('app_key');
    expect((await user.request('PATCH', '/api/admin/settings', { name: 'chunk_size', value: 8 })).status).toBe(403);
  });

  it('sets a user’s capacity in gigabytes, or back to the default', async () => {
    const id = (await user.get('/api/user')).json().data.id;
    const res = await admin.request('PATCH', `/api/admin/users/${id}/capacity`, { capacity: 0.001 });
    expect(res.status).toBe(200);
    expect((await user.get('/api/user')).json().data.attributes.storage.capacity).toBe(1_000_000);
    await admin.request('PATCH', `/api/admin/users/${id}/capacity`, { capacity: null });
    expect((await user.get('/api/user')).json().data.attributes.storage.capacity).toBe(5_000_000_000);
    const missing = await admin.request('PATCH', `/api/admin/users/${crypto.randomUUID()}/capacity`, { capacity: 1 });
    expect(missing.status).toBe(404);
  });
});

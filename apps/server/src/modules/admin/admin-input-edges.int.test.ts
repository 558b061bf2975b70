import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';

/** Inputs a tester found answering 500 or stored as something unusable (2026-11-29). */
describe('admin inputs at their edges', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('answers 422 naming the field for a NUL character anywhere, and stores nothing', async () => {
    const title = (await admin.get('/api/admin/settings')).json().data.app_title;
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', '/api/admin/settings', { name: 'app_title', value: 'a\u0000b' }, 'app_title'],
      ['PATCH', '/api/admin/pages/cookie-policy', { title: 'Cookies\u0000' }, 'title'],
      ['POST', '/api/admin/pages/preview', { content: 'x\u0000' }, 'content'],
      [
        'POST',
        '/api/admin/users',
        {
          name: 'N',
          email: 'n\u0000@example.com',
          password: 'secret-password-1',
          password_confirmation: 'secret-password-1',
          role: 'user',
        },
        'email',
      ],
      ['GET', '/api/admin/users?query=%00', undefined, 'query'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await admin.request(method, url, body);
      expect(res.status, `${method} ${url}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { [field]: [expect.any(String)] } });
    }
    expect((await admin.get('/api/admin/settings')).json().data.app_title).toBe(title);
    expect((await admin.get('/api/page/cookie-policy')).json().data.attributes.title).not.toContain('\u0000');
  });

  it('refuses an app address that is not http(s), and keeps an empty one or a real one', async () => {
    for (const value of [
      'javascript:alert(1)',
      'not a url at all',
      'ftp://files.example.com',
      'https://u:p@files.example.com',
      'https://:secret@files.example.com',
      'https://files.example.com/?',
      'https://files.example.com/#',
      ' https://files.example.com',
      'https://files.exa\nmple.com',
    ]) {
      const res = await admin.request('PATCH', '/api/admin/settings', { name: 'app_url', value });
      expect(res.status, value).toBe(422);
    }
    for (const [value, kept] of [
      ['https://files.example.com/', 'https://files.example.com'],
      ['http://127.0.0.1:8080/files//', 'http://127.0.0.1:8080/files'],
      ['', ''],
    ]) {
      const res = await admin.request('PATCH', '/api/admin/settings', { name: 'app_url', value });
      expect(res.status, value).toBe(200);
      expect(res.json().data.app_url, value).toBe(kept);
    }
  });

  it('refuses a capacity under one byte instead of storing nothing', async () => {
    const created = await admin.post('/api/admin/users', {
      name: 'Tiny',
      email: 'tiny@example.com',
      password: 'secret-password-1',
      password_confirmation: 'secret-password-1',
      role: 'user',
    });
    expect(created.status).toBe(201);
    const id = created.json().data.id as string;
    const tooSmall = await admin.request('PATCH', `/api/admin/users/${id}/capacity`, { max_storage_amount: 1e-10 });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.json().errors.max_storage_amount).toBeDefined();
    const oneByte = await admin.request('PATCH', `/api/admin/users/${id}/capacity`, { max_storage_amount: 1e-9 });
    expect(oneByte.status).toBe(200);
    expect(oneByte.json().data.storage_capacity).toBe(1);
    expect((await admin.get(`/api/admin/users/${id}/storage`)).json().data.capacity_formatted).toBe('1 B');
  });
});

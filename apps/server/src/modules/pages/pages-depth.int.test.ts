import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';
import { updatePage } from './pages.repository.js';

/** Markdown a tester nested 3,000 levels deep: the parser ran out of stack and the page answered 500 to everyone. */
describe('page text nested too deeply to show', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('refuses Markdown nested too deeply to show before saving it, and shows such text already stored as plain text', async () => {
    const deep = '>'.repeat(3000) + ' quoted';
    const before = (await admin.get('/api/admin/pages/cookie-policy')).json().data.attributes.content;

    const preview = await admin.post('/api/admin/pages/preview', { content: deep });
    expect(preview.status).toBe(422);
    expect(preview.json().errors.content).toBeDefined();
    const saved = await admin.request('PATCH', '/api/admin/pages/cookie-policy', { content: deep });
    expect(saved.status).toBe(422);
    expect(saved.json().errors.content).toBeDefined();
    expect((await admin.get('/api/admin/pages/cookie-policy')).json().data.attributes.content).toBe(before);

    // Stored before this check existed: the page still opens, for visitors and the admin.
    await updatePage(server.ctx.db, 'cookie-policy', { content: deep });
    for (const res of [
      await server.client().get('/api/page/cookie-policy'),
      await admin.get('/api/admin/pages/cookie-policy'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.json().data.attributes.content_html).toBe(`<p>${'&gt;'.repeat(3000)} quoted</p>`);
    }
    // And the admin can put readable text back.
    expect((await admin.request('PATCH', '/api/admin/pages/cookie-policy', { content: before })).status).toBe(200);
  });
});

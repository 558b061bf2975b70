import { pageResource } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';
import { pages } from './pages.table.js';

describe('legal pages', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
  });
  afterAll(() => server.close());

  it('serves the seeded cookie, privacy and terms pages to anyone', async () => {
    for (const slug of ['cookie-policy', 'privacy-policy', 'terms-of-service']) {
      const res = await server.client().get(`/api/page/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(pageResource.parse(res.json()).data.attributes.slug).toBe(slug);
    }
  });

  it('answers 404 for unknown and malformed slugs, and hides invisible pages from visitors', async () => {
    expect((await server.client().get('/api/page/nope')).status).toBe(404);
    expect((await server.client().get('/api/page/..%2Fsettings')).status).toBe(422);
    await server.ctx.db.update(pages).set({ visibility: false }).where(eq(pages.slug, 'privacy-policy'));
    expect((await server.client().get('/api/page/privacy-policy')).status).toBe(404);
    expect((await admin.get('/api/page/privacy-policy')).status).toBe(200);
  });
});

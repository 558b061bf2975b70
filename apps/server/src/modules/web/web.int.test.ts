import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';

describe('the HTML shell', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(['/', '/sign-in', '/platform/files', '/share/some-token'])(
    'may be framed only by the app itself: %s',
    async (url) => {
      const page = await server.client().request('GET', url, undefined, { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );
});

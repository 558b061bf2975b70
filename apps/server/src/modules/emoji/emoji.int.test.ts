import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { FILE_CSP } from '../downloads/index.js';

describe('twemoji images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves a Twemoji SVG with a long cache and the sandbox policy', async () => {
    for (const file of ['1f680.svg', '1f468-200d-1f4bb.svg']) {
      const res = await server.app.inject({ method: 'GET', url: `/emoji/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe(FILE_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toMatch(/^<svg/);
    }
  });

  it('serves nothing but emoji files from the package folder', async () => {
    for (const url of [
      '/emoji/..%2Fpackage.json',
      '/emoji/%2e%2e%2fpackage.json',
      '/emoji/package.json',
      '/emoji/1F680.svg',
      '/emoji/1f680.svg.map',
      '/emoji/ffffff.svg',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('@twemoji/svg');
    }
    // Not our route at all (browsers resolve the dots first); whatever answers, it is not the package file.
    const dotted = await server.app.inject({ method: 'GET', url: '/emoji/../package.json' });
    expect(dotted.body).not.toContain('@twemoji/svg');
    expect(dotted.headers['content-type']).not.toMatch(/svg/);
  });
});

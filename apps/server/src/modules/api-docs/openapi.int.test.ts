import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { BINARY_RESPONSES, DOCUMENTED_RESPONSES } from './documented-responses.js';
import { openApiPath } from './openapi.js';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses?: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  parameters?: { in: string; name: string; required?: boolean }[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/**
 * Routes Fastify registers that are not in the document, each with why. Not routes at all, so
 * nothing to list: the SPA shell (the not-found handler answers every other GET), and Socket.IO
 * (it listens on the HTTP server beside Fastify, at /socket.io/).
 */
const NOT_DOCUMENTED: { why: string; matches: (method: string, route: RouteOptions) => boolean }[] = [
  {
    why: 'HEAD, which Fastify adds beside every GET: the GET documents it',
    matches: (method) => method === 'HEAD',
  },
  {
    why: 'the built web app’s files (@fastify/static, one route per file, hidden from the document by its schemaHide)',
    matches: (_method, route) => route.schema?.hide === true && !route.url.startsWith('/api/'),
  },
];

const routes: { method: string; route: RouteOptions }[] = [];
let server: TestServer;
let doc: Document;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, route });
      },
    },
  );
  const res = await server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json<Document>();
});
afterAll(() => server.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the session cookie and bearer token schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerToken', 'sessionCookie']);
  });

  it('has every route the server registered, method by method', () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .filter(({ method, route }) => !NOT_DOCUMENTED.some((rule) => rule.matches(method, route)))
      .filter(({ method, route }) => !doc.paths[openApiPath(route.url)]?.[method.toLowerCase()])
      .map(({ method, route }) => `${method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('documents answers only for routes that exist', () => {
    const registered = new Set(routes.map(({ method, route }) => `${method} ${route.url}`));
    const stale = [...Object.keys(DOCUMENTED_RESPONSES), ...Object.keys(BINARY_RESPONSES)].filter(
      (key) => !registered.has(key),
    );
    expect(stale).toEqual([]);
  });

  it('describes requests and answers from the contract, and who may call', () => {
    expect(
      doc.paths['/api/user']?.get?.responses?.['200']?.content?.['application/json']?.schema.properties,
    ).toHaveProperty('data');
    expect(doc.paths['/api/files/{id}/download']?.get?.responses?.['200']?.content).toHaveProperty(
      'application/octet-stream',
    );
    const create = doc.paths['/api/user/tokens']?.post;
    expect(create?.requestBody?.content['application/json']?.schema.required).toEqual(['name']);
    expect(create?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('scope');
    expect(create?.responses?.['201']?.content?.['application/json']?.schema.properties).toHaveProperty(
      'plainTextToken',
    );
    // Account security: the session only, never a token (ADR 0062).
    expect(create?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/user']?.get?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(doc.paths['/api/user/tokens/{id}']?.delete?.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id' }),
    ]);
    expect(doc.paths['/api/admin/settings']?.get?.security).toEqual([
      { sessionCookie: [] },
      { bearerToken: ['admin'] },
    ]);
    expect(doc.paths['/api/ping']?.get?.security).toEqual([]);
    expect(doc.paths['/api/sharing/{token}']?.get?.security).toEqual([]);
  });

  it('says "sign-in needed" exactly where a visitor gets 401 (the GETs that need no parameter)', async () => {
    const visitor = server.client();
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      // Required parameters are checked before the handler asks for a user: 400/422 would hide a 401.
      if (!get || path.includes('{') || get.parameters?.some((p) => p.required)) continue;
      const res = await visitor.get(path);
      const needsSignIn = (get.security ?? []).length > 0;
      expect(res.status === 401, `${path}: ${res.status}`).toBe(needsSignIn);
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/user', '/api/user/tokens', '/api/ping', '/api/config']));
  });
});

describe('the reference page', () => {
  it('is served with a strict CSP, and everything it loads comes from this server', async () => {
    const page = await server.client().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.body).not.toMatch(/<script>/);
    const assets = [...page.body.matchAll(/(?:src|href)="(docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBe(5);
    for (const asset of assets) {
      const res = await server.client().get(`/api/${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.body.length).toBeGreaterThan(100);
    }
    expect((await server.client().get('/api/docs/assets/package.json')).status).toBe(404);
    expect((await server.client().get('/api/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

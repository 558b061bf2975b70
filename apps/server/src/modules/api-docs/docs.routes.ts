import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { DOCS_CSS, DOCS_JS } from './docs-assets.js';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page's files: Swagger UI from node_modules and our initializer, all from this server. */
const ASSETS: Record<string, { file: string; type: string } | { text: string; type: string }> = {
  'swagger-ui-bundle.js': { file: path.join(swaggerUiDir, 'swagger-ui-bundle.js'), type: 'text/javascript' },
  'swagger-ui.css': { file: path.join(swaggerUiDir, 'swagger-ui.css'), type: 'text/css' },
  'favicon-32x32.png': { file: path.join(swaggerUiDir, 'favicon-32x32.png'), type: 'image/png' },
  'docs.js': { text: DOCS_JS, type: 'text/javascript' },
  'docs.css': { text: DOCS_CSS, type: 'text/css' },
};

/**
 * Nothing from elsewhere, no inline script: the page works offline and a script injected into the
 * document (the API's descriptions are ours, but still) cannot run. Swagger UI sets inline styles.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="docs/assets/swagger-ui.css" />
    <link rel="stylesheet" href="docs/assets/docs.css" />
  </head>
  <body>
    <main id="swagger-ui" data-spec="openapi.json"><noscript>The API reference needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</noscript></main>
    <script src="docs/assets/swagger-ui-bundle.js"></script>
    <script src="docs/assets/docs.js"></script>
  </body>
</html>
`;

/** Swagger UI's files, read once: they change only with the package. */
const cache = new Map<string, Buffer>();

/** `GET /api/openapi.json` (the document) and `/api/docs` (a readable reference page, Swagger UI). */
export function apiDocsRoutes(app: TypedApp) {
  app.get('/api/openapi.json', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(app.swagger()),
  );

  app.get('/api/docs', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCS_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-cache')
      .send(PAGE),
  );

  app.get(
    '/api/docs/assets/:file',
    { config: { access: 'public' }, schema: { params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const asset = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
      if (!asset) throw notFound();
      let body = 'text' in asset ? asset.text : cache.get(asset.file);
      if (body === undefined && 'file' in asset) {
        body = await readFile(asset.file);
        cache.set(asset.file, body);
      }
      return reply
        .type(asset.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    },
  );
}

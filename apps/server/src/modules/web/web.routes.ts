import fastifyStatic from '@fastify/static';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { catalogueFor } from '../languages/index.js';
import { readSettings } from '../settings/index.js';
import { buildAppConfig } from '../system/index.js';
import { declareScopeGate } from '../access/index.js';
import { compressPage, type Shell } from './shell.js';

const API_PREFIXES = ['/api/', '/translations/', '/socket.io/'];

/**
 * The app's pages may be framed only by the app itself: another site cannot lay them under a
 * decoy and have the signed-in user click through it (clickjacking). CSP for today's browsers,
 * X-Frame-Options for older ones.
 */
export const FRAMING_HEADERS = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;

/**
 * Serves the built SPA: hashed assets from disk (brotli or gzip copies made by the build when the
 * client takes them, cached for a year), every other GET the shell with the config inside.
 */
export async function webRoutes(app: TypedApp, ctx: AppContext, shell: Shell) {
  const dist = shell.dist;
  if (dist) {
    // The built app's files are for anyone: @fastify/static registers one route per file, without our options.
    await app.register(async (files) => {
      declareScopeGate(files, 'public');
      await files.register(fastifyStatic, {
        root: dist,
        index: false,
        // The build's own files (the shell template, the preload map, the build stamp) are not assets.
        allowedPath: (pathName) => !['/index.html', '/preload.json', '/.build-stamp'].includes(pathName),
        wildcard: false,
        preCompressed: true,
        setHeaders: (res, file) => {
          if (file.includes(`${'/'}assets${'/'}`))
            void res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // The admin API answers 401/403 before 404 (the admin gate runs for its unknown paths too, ADR 0062).
    if (request.method !== 'GET' || API_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1))) {
      throw notFound(`No route for ${request.method} ${url}.`);
    }
    const config = await buildAppConfig(ctx, request, await readSettings(ctx.db));
    const { catalogue } = await catalogueFor(ctx.db, config.locale);
    const page = compressPage(shell.render(config, url, catalogue), request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .headers(FRAMING_HEADERS)
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(page.body);
  });
}

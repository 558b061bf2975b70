import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { FILE_CSP } from '../downloads/index.js';

const TWEMOJI_DIR = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
// Code points in hex joined by dashes: nothing else can name a file, so nothing can leave the folder.
const EMOJI_FILE = /^[0-9a-f]+(-[0-9a-f]+)*\.svg$/;

/** Twemoji images for the "twemoji" emoji style, served by us so no third-party CDN sees our users. */
export function emojiRoutes(app: TypedApp, _ctx: AppContext) {
  app.get(
    '/emoji/:file',
    { config: { access: 'public' }, schema: { params: z.object({ file: z.string().max(200) }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!EMOJI_FILE.test(file)) throw notFound();
      const svg = await readFile(path.join(TWEMOJI_DIR, file)).catch(() => {
        throw notFound();
      });
      return reply
        .headers({
          'content-type': 'image/svg+xml',
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': FILE_CSP,
        })
        .send(svg);
    },
  );
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '@filestore/contract';

export interface Shell {
  readonly dist: string | null;
  render(config: AppConfig): string;
}

// JSON inside <script> must not be able to close the tag or start a comment.
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FileStore</title><!--app-config--></head>
<body><p style="font-family:system-ui;padding:2rem">The web app is not built. Run <code>npm run build</code>.</p></body></html>`;

/** Reads the built index.html once; every page gets it with the configuration embedded. */
export function loadShell(dist: string): Shell {
  const file = path.join(dist, 'index.html');
  const template = existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK;
  return {
    dist: existsSync(file) ? dist : null,
    render(config) {
      const script = `<script>window.__CONFIG__=${scriptSafe(JSON.stringify(config))}</script>`;
      return template
        .replace('<!--app-config-->', script)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.appName)}</title>`);
    },
  };
}

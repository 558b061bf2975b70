import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { en, type AppConfig, type Catalogue } from '@filestore/contract';

export interface Shell {
  readonly dist: string | null;
  /**
   * The page for `url`: the configuration and the catalogue of `config.locale` inside (English when
   * none is given), its screen's chunks preloaded.
   */
  render(config: AppConfig, url: string, catalogue?: Catalogue): string;
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

/**
 * The catalogue the page starts with, so the first screen need not wait for /translations (spec §4:
 * the catalogue loads before the first render): what /translations/{locale} answers for the
 * reader's language (ADR 0044).
 */
const catalogueScript = (catalogue: Catalogue) =>
  `<script>window.__I18N__=${scriptSafe(JSON.stringify(catalogue))}</script>`;

/**
 * preload.json (written by the web build): for a path prefix, the chunks its screen loads after
 * the entry. Linking them from the page lets the browser fetch them alongside the entry instead of
 * after it has run; at low priority, since the page's skeleton paints from the HTML and the
 * stylesheet alone and the scripts must not compete with them (docs/adr/0015).
 */
function readPreloads(dist: string): [prefix: string, links: string][] {
  const file = path.join(dist, 'preload.json');
  if (!existsSync(file)) return [];
  const map = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return Object.entries(map)
    .sort(([a], [b]) => b.length - a.length)
    .map(([prefix, files]) => [
      prefix,
      files
        .map((f) =>
          f.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(f)}">`
            : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeHtml(f)}">`,
        )
        .join(''),
    ]);
}

/**
 * The appearance the admin chose (ADR 0043): their favicon instead of the built-in one, the touch
 * icon, the description, the Open Graph tags (absolute URLs: crawlers read them off the page) and
 * the browser's theme colour.
 */
function headTags(config: AppConfig): string {
  const { logos, host } = config;
  const tags = [
    `<meta name="description" content="${escapeHtml(config.appDescription)}">`,
    `<meta name="theme-color" content="${escapeHtml(config.appColor)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(config.appName)}">`,
    `<meta property="og:description" content="${escapeHtml(config.appDescription)}">`,
  ];
  if (logos.ogImage) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(host + logos.ogImage)}">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
      `<meta name="twitter:card" content="summary_large_image">`,
    );
  }
  if (logos.favicon) tags.push(`<link rel="icon" type="image/png" href="${escapeHtml(logos.favicon)}">`);
  if (logos.touchIcon) tags.push(`<link rel="apple-touch-icon" href="${escapeHtml(logos.touchIcon)}">`);
  return tags.join('');
}

/** Reads the built index.html once; every page gets it with the configuration embedded. */
export function loadShell(dist: string): Shell {
  const file = path.join(dist, 'index.html');
  const built = existsSync(file);
  const template = built ? readFileSync(file, 'utf8') : FALLBACK;
  const preloads = built ? readPreloads(dist) : [];
  return {
    dist: built ? dist : null,
    render(config, url, catalogue = en) {
      const script = `<script>window.__CONFIG__=${scriptSafe(JSON.stringify(config))}</script>`;
      const links = preloads.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1] ?? '';
      const favicon = config.logos.favicon;
      return (
        template
          // The admin's favicon replaces the built-in one (headTags links it).
          .replace(/<link\s+rel="icon"[^>]*>/, (builtIn) => (favicon ? '' : builtIn))
          .replace('<!--app-config-->', () => `${headTags(config)}${script}`)
          .replace('</head>', () => `${links}</head>`)
          // Last, so the links above reach the browser before the catalogue's bytes; the entry module
          // runs after the whole page is parsed, so it is there by then.
          .replace('</body>', () => `${catalogueScript(catalogue)}</body>`)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(config.appName)}</title>`)
      );
    },
  };
}

/** Whether an Accept-Encoding header takes `name` (listed, without q=0). */
function accepts(header: string | undefined, name: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    if (token.toLowerCase() !== name) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The page compressed for the client's Accept-Encoding: brotli at a middle level (a page is built
 * per request, so the strongest levels would cost more time than they save on the wire), else gzip.
 */
export function compressPage(html: string, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  const body = Buffer.from(html);
  if (accepts(acceptEncoding, 'br')) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return { body: brotliCompressSync(body, { params }), encoding: 'br' };
  }
  if (accepts(acceptEncoding, 'gzip')) return { body: gzipSync(body, { level: 6 }), encoding: 'gzip' };
  return { body };
}

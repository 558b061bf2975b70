import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '@filestore/contract';
import { compressPage, loadShell } from './shell.js';

const dist = mkdtempSync(path.join(os.tmpdir(), 'shell-test-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<html><head><title>x</title><link\n rel="icon" href="data:built-in" /><!--app-config--><script type="module" src="/assets/index.js"></script></head><body></body></html>',
);
writeFileSync(
  path.join(dist, 'preload.json'),
  JSON.stringify({ '/platform': ['assets/shell.js', 'assets/shell.css'], '/sign-in': ['assets/auth.js'] }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const logos = {
  main: null,
  mainDark: null,
  horizontal: null,
  horizontalDark: null,
  favicon: null,
  ogImage: null,
  touchIcon: null,
};
const config = {
  appName: 'Files </script>',
  appDescription: 'Files "and" more',
  appColor: '#00BC7E',
  host: 'https://files.example',
  locale: 'en',
  logos,
} as AppConfig;

describe('the page shell', () => {
  const shell = loadShell(dist);

  it('embeds the configuration and the catalogue, script-safe', () => {
    const page = shell.render(config, '/sign-in');
    expect(page).toContain('window.__CONFIG__={"appName":"Files \\u003c/script\\u003e"');
    expect(page).toMatch(/<script>window.__I18N__=\{.*\}<\/script><\/body>/);
    expect(page).toContain('<title>Files &lt;/script&gt;</title>');
  });

  it('keeps the built-in icon until the admin uploads one, then links theirs, the touch icon and the og image', () => {
    const plain = shell.render(config, '/sign-in');
    expect(plain).toContain('href="data:built-in"');
    expect(plain).toContain('<meta property="og:description" content="Files &quot;and&quot; more">');
    expect(plain).not.toContain('og:image');
    const branded = shell.render(
      {
        ...config,
        logos: {
          ...logos,
          favicon: '/api/appearance/f.png',
          touchIcon: '/api/appearance/t.png',
          ogImage: '/api/appearance/o.jpg',
        },
      },
      '/sign-in',
    );
    expect(branded).not.toContain('data:built-in');
    expect(branded).toContain('<link rel="icon" type="image/png" href="/api/appearance/f.png">');
    expect(branded).toContain('<link rel="apple-touch-icon" href="/api/appearance/t.png">');
    expect(branded).toContain('<meta property="og:image" content="https://files.example/api/appearance/o.jpg">');
  });

  it('links the chunks of the screen the path opens, and only those', () => {
    expect(shell.render(config, '/platform/files')).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shell.js"><link rel="stylesheet" crossorigin href="/assets/shell.css"></head>',
    );
    expect(shell.render(config, '/sign-in')).toContain('href="/assets/auth.js"');
    expect(shell.render(config, '/sign-in-elsewhere')).not.toContain('modulepreload');
    expect(shell.render(config, '/')).not.toContain('modulepreload');
  });
});

describe('compressPage', () => {
  const html = '<p>hello</p>'.repeat(100);

  it('prefers brotli, then gzip, by Accept-Encoding', () => {
    const br = compressPage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = compressPage(html, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
  });

  it('sends the page as it is when nothing acceptable is offered', () => {
    expect(compressPage(html, undefined)).toEqual({ body: Buffer.from(html) });
    expect(compressPage(html, 'br;q=0, identity').encoding).toBeUndefined();
    expect(compressPage(html, 'br;q=0, gzip;q=0.5').encoding).toBe('gzip');
  });
});

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
  '<html><head><title>x</title><!--app-config--><script type="module" src="/assets/index.js"></script></head><body></body></html>',
);
writeFileSync(
  path.join(dist, 'preload.json'),
  JSON.stringify({ '/platform': ['assets/shell.js', 'assets/shell.css'], '/sign-in': ['assets/auth.js'] }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const config = { appName: 'Files </script>', locale: 'en' } as AppConfig;

describe('the page shell', () => {
  const shell = loadShell(dist);

  it('embeds the configuration and the catalogue, script-safe', () => {
    const page = shell.render(config, '/sign-in');
    expect(page).toContain('window.__CONFIG__={"appName":"Files \\u003c/script\\u003e"');
    expect(page).toMatch(/<script>window.__I18N__=\{.*\}<\/script><\/body>/);
    expect(page).toContain('<title>Files &lt;/script&gt;</title>');
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

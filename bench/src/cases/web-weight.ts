import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { CHROME, CHROME_FLAGS, ensureChromium } from '../lib/chromium.js';
import { seedFilesScreen } from '../lib/files-screen.js';
import { diagnosisOptions, prepareDataDir, REPO, startOurServer } from '../lib/our-server.js';
import { removeTempDir, sleep, tempDir } from '../lib/proc.js';
import { absolute, round, type CaseContext, type CaseResult } from '../lib/report.js';
import { bytesBySource, packageOf } from '../lib/sourcemap.js';

const DIST = path.join(REPO, 'apps/web/dist');
const SCREEN = '/platform/files';
/** What the reference product sends for the same screen, gzipped (the figure). */
const REFERENCE_KB = 264;
const TARGET_KB = 200;
const KB = 1000;
/** How long the page is watched after the network went idle, to report (not count) what it loads later. */
const WATCH_AFTER_IDLE_MS = 10_000;

interface Download {
  path: string;
  kind: 'js' | 'css';
  /** The body as the browser used it, compressed on its own with zlib at level 9. */
  gzipBytes: number;
  /** The body's bytes on the wire, in the encoding the server chose. */
  sentBytes: number;
  encoding: string;
  /** When the response arrived, from the start of the navigation. */
  atMs: number;
}

interface Renderer {
  name: string;
  version: string;
}

/**
 * Stands in for React DevTools' global hook before any script of the page runs: react-dom registers
 * itself with it (its package name and version) when it loads, production builds included. Preact's
 * compat layer never does, so this tells in the browser which runtime renders the page.
 */
const DEVTOOLS_HOOK = `
  window.__RENDERERS__ = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(internals) {
      window.__RENDERERS__.push({ name: internals.rendererPackageName, version: internals.version });
      this.renderers.set(window.__RENDERERS__.length, internals);
      return window.__RENDERERS__.length;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
`;

function kindOf(response: Response): Download['kind'] | null {
  const type = response.headers()['content-type'] ?? '';
  if (/javascript|ecmascript/.test(type)) return 'js';
  if (/text\/css/.test(type)) return 'css';
  return null;
}

/** Which packages a script's gzipped bytes come from, shared out by the built file's source map. */
function addPackages(byPackage: Map<string, number>, download: Download): void {
  const file = path.join(DIST, download.path);
  if (download.kind !== 'js' || !existsSync(file)) return;
  const bySource = bytesBySource(file);
  const minified = [...bySource.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [source, bytes] of bySource) {
    const pkg = packageOf(source);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + (download.gzipBytes * bytes) / minified);
  }
}

const total = (downloads: Download[], kind?: Download['kind']) =>
  downloads.filter((d) => !kind || d.kind === kind).reduce((sum, d) => sum + d.gzipBytes, 0);

/**
 * Everything the browser downloads to show /platform/files to a signed-in user: a fresh Chromium
 * (empty cache) opens the page with the session cookie and waits until the network is idle (no
 * request for 500 ms, Playwright's `networkidle`) and the listing is on screen. Every JS and CSS
 * response until then counts, each body gzipped on its own at level 9, whatever encoding the server
 * chose (it sends brotli to Chromium). The page then stays open a while longer: what it loads after
 * idle (deferred on purpose) is reported beside the figure.
 */
export async function webWeightCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  ensureChromium((line) => context.log(line));
  const dataDir = tempDir('web-weight');
  const stops: (() => Promise<void>)[] = [];
  try {
    await prepareDataDir(dataDir, async () => undefined);
    const ours = await startOurServer(dataDir, diagnosisOptions(context, 'web-weight'));
    stops.push(() => ours.stop());
    const client = await ours.signedIn();
    stops.push(async () => client.close());
    await seedFilesScreen(client);

    const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
    stops.push(() => browser.close());
    const browserContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await browserContext.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: ours.url })));
    await browserContext.addInitScript(DEVTOOLS_HOOK);
    const page = await browserContext.newPage();

    const pending: Promise<Download | null>[] = [];
    let started = 0;
    let html = { gzipBytes: 0, sentBytes: 0 };
    page.on('response', (response) => {
      const atMs = performance.now() - started;
      const url = new URL(response.url());
      if (url.origin !== ours.url) return;
      const kind = kindOf(response);
      if (response.request().resourceType() === 'document') {
        pending.push(
          Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => {
            html = { gzipBytes: gzipSync(body, { level: 9 }).length, sentBytes: sizes.responseBodySize };
            return null;
          }),
        );
      }
      if (!kind) return;
      pending.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          path: url.pathname.replace(/^\//, ''),
          kind,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          sentBytes: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          atMs,
        })),
      );
    });

    started = performance.now();
    await page.goto(`${ours.url}${SCREEN}`, { waitUntil: 'networkidle' });
    // The listing must be on screen: a page that ended on sign-in or an error measured another screen.
    await page.getByText('Holidays 2025').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const idleAtMs = performance.now() - started;
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== SCREEN) throw new Error(`opening ${SCREEN} ended on ${finalPath}: it measured another screen`);

    await sleep(WATCH_AFTER_IDLE_MS);
    const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== null);
    const renderers = await page.evaluate(() => (window as unknown as { __RENDERERS__: Renderer[] }).__RENDERERS__);
    const react = renderers.find((r) => r.name === 'react-dom');
    if (!react) throw new Error(`the page registered no react-dom renderer (saw ${JSON.stringify(renderers)})`);
    context.log(`runtime: react-dom ${react.version}`);

    const counted = downloads.filter((d) => d.atMs <= idleAtMs);
    const later = downloads.filter((d) => d.atMs > idleAtMs);
    const sum = total(counted);
    for (const d of [...counted].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 12)) {
      context.log(`${(d.gzipBytes / KB).toFixed(1).padStart(6)} KB  ${d.path}`);
    }
    context.log(
      `until idle (${(idleAtMs / 1000).toFixed(1)} s): ${counted.length} files, ${(sum / KB).toFixed(1)} KB gzipped;` +
        ` after idle: ${later.length} files, ${(total(later) / KB).toFixed(1)} KB`,
    );
    const byPackage = new Map<string, number>();
    for (const d of counted) addPackages(byPackage, d);
    const topPackages = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15);
    context.log('by package (gzipped KB, estimated from the source maps):');
    for (const [pkg, size] of topPackages) context.log(`${(size / KB).toFixed(1).padStart(6)} KB  ${pkg}`);

    const list = (items: Download[]) =>
      items.map((d) => ({
        file: d.path,
        gzipKB: round(d.gzipBytes / KB, 1),
        sentKB: round(d.sentBytes / KB, 1),
        encoding: d.encoding,
        atMs: Math.round(d.atMs),
      }));
    return {
      rows: [
        absolute(
          'web weight',
          `${SCREEN} JS+CSS until network idle, gzipped`,
          'KB',
          sum / KB,
          { on: 'ours', kind: 'max', value: TARGET_KB },
          { value: REFERENCE_KB, name: 'reference product' },
        ),
      ],
      facts: {
        runtime: renderers,
        idleAtMs: Math.round(idleAtMs),
        files: counted.length,
        jsKB: round(total(counted, 'js') / KB, 1),
        cssKB: round(total(counted, 'css') / KB, 1),
        sentKB: round(counted.reduce((s, d) => s + d.sentBytes, 0) / KB, 1),
        htmlPage: { gzipKB: round(html.gzipBytes / KB, 1), sentKB: round(html.sentBytes / KB, 1) },
        counted: list(counted.sort((a, b) => b.gzipBytes - a.gzipBytes)),
        afterIdle: { watchedMs: WATCH_AFTER_IDLE_MS, gzipKB: round(total(later) / KB, 1), files: list(later) },
        topPackages: topPackages.map(([pkg, size]) => ({ package: pkg, gzipKB: round(size / KB, 1) })),
        gzip: 'zlib level 9, each response body on its own; KB = 1,000 bytes',
      },
      notes: [
        `A fresh Chromium opens ${SCREEN} signed in (4 folders, 6 images) and waits for network idle (no request for 500 ms) with the listing on screen; every JS and CSS response until then counts, gzipped at level 9 (the server sends brotli: sentKB).`,
        'The HTML page (which carries the message catalogue) is not counted; what the page loads after idle (sonner, menus, dialogs) is listed under afterIdle, not counted.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    removeTempDir(dataDir);
  }
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { CHROME, CHROME_FLAGS, ensureChromium } from '../lib/chromium.js';
import { seeded } from '../lib/data.js';
import type { ApiClient } from '../lib/http.js';
import { diagnosisOptions, prepareDataDir, startOurServer } from '../lib/our-server.js';
import { removeTempDir, syncDisks, tempDir } from '../lib/proc.js';
import { compare, median, round, type CaseContext, type CaseResult } from '../lib/report.js';
import { bulkRequests, sendBulk, type BulkBounds, type SmallFile } from './small-files.js';

const FILES = Number(process.env.BENCH_WEB_UPLOAD_FILES ?? 2000);
const ROUNDS = 2;
const KB = 1024;

/** 2,000 files of 4–64 KB (uniform), random bytes, the same sizes on every run. */
function smallFiles(round: number): SmallFile[] {
  const next = seeded(64);
  return Array.from({ length: FILES }, (_, i) => ({
    name: `r${round}-doc-${String(i).padStart(5, '0')}.bin`,
    content: randomBytes(4 * KB + Math.floor(next() * 60 * KB)),
  }));
}

async function filesIn(client: ApiClient, folderId: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const query: string = `per_page=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: {
      data: { type?: string; data?: { type: string } }[];
      meta: { paginate: { nextCursor: string | null } };
    } = await client.json('GET', `/api/browse/folders/${folderId}?${query}`);
    count += page.data.filter((d) => (d.data?.type ?? d.type) === 'file').length;
    cursor = page.meta.paginate.nextCursor;
  } while (cursor);
  return count;
}

/**
 * Issue 42: the web client in Chromium uploading a dropped folder of 2,000 small files (it packs
 * them into bulk requests, hashes each file, keeps the queue in IndexedDB), from the drop to the
 * panel saying every file is uploaded, against the bulk call driven directly in the same run.
 */
export async function webUploadCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  ensureChromium((line) => context.log(line));
  const dataDir = tempDir('web-upload');
  const desk = tempDir('web-upload-desk');
  const stops: (() => Promise<void>)[] = [];
  try {
    await prepareDataDir(dataDir, async () => undefined);
    const server = await startOurServer(dataDir, diagnosisOptions(context, 'web-upload'));
    stops.push(() => server.stop());
    const client = await server.signedIn();
    stops.push(async () => client.close());
    const { bulkUpload: bounds } = await client.json<{ bulkUpload: BulkBounds }>('GET', '/api/config');

    const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
    stops.push(() => browser.close());
    const browserContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await browserContext.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url })));
    const page = await browserContext.newPage();
    await page.goto(`${server.url}/platform/files`);
    await page.locator('main#content').waitFor();

    const web: number[] = [];
    const direct: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const files = smallFiles(round);
      // On disk for the browser: one folder of its own per round.
      const folder = path.join(desk, `Web round ${round}`);
      mkdirSync(folder, { recursive: true });
      for (const file of files) writeFileSync(path.join(folder, file.name), file.content);

      // Direct: the bulk call from Node, into a folder of its own, bodies made before the clock.
      const made = await client.json<{ data: { id: string } }>('POST', '/api/create-folder', {
        name: `Direct round ${round}`,
      });
      const requests = bulkRequests(files, made.data.id, bounds);
      syncDisks();
      const directTiming = await sendBulk(client, requests);
      direct.push(directTiming.filesPerSecond);

      // The web client: a real drop from the desktop onto the listing (Chromium reads the folder).
      syncDisks();
      await page.reload();
      const box = await page.locator('main#content').boundingBox();
      if (!box) throw new Error('no content area');
      const cdp = await browserContext.newCDPSession(page);
      const data = { items: [], files: [folder], dragOperationsMask: 1 };
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data });
      await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
      const started = performance.now();
      await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data });
      await page
        .getByRole('region', { name: 'Uploads' })
        .getByText(new RegExp(`^${FILES} uploads complete$`))
        .waitFor({ timeout: 600_000 });
      const seconds = (performance.now() - started) / 1000;
      const rows = await client.json<{
        data: { data?: { id: string; attributes: { name: string } }; id?: string; attributes?: { name: string } }[];
      }>('GET', '/api/browse/folders/all?per_page=200');
      const target = rows.data.map((r) => r.data ?? r).find((r) => r.attributes?.name === `Web round ${round}`);
      const listed = target?.id ? await filesIn(client, target.id) : 0;
      if (listed !== FILES) throw new Error(`the web client's folder lists ${listed} files, not ${FILES}`);
      web.push(FILES / seconds);
      ratios.push(FILES / seconds / directTiming.filesPerSecond);
      context.log(
        `round ${round + 1}: web ${(FILES / seconds).toFixed(0)} files/s (${seconds.toFixed(2)} s), direct ${directTiming.filesPerSecond.toFixed(0)} files/s`,
      );
    }
    return {
      rows: [
        compare(
          'web upload',
          `${FILES.toLocaleString('en')} files of 4–64 KB dropped in Chromium, drop to all listed, vs the bulk call from Node`,
          'files/s',
          median(web),
          median(direct),
          'bulk call, 4 clients',
          { on: 'ratio', kind: 'min', value: 0.7 },
          median(ratios),
        ),
      ],
      facts: {
        files: FILES,
        rounds: ROUNDS,
        bulkBounds: bounds,
        webFilesPerSecond: web.map((x) => round(x, 1)),
        directFilesPerSecond: direct.map((x) => round(x, 1)),
        pairedRatios: ratios.map((r) => round(r, 3)),
      },
      notes: [
        'Web: a folder of 2,000 files of 4–64 KB dropped from the desktop (CDP drag events) onto the Files screen of Debian’s Chromium; the client packs them into bulk requests (at most bulkUpload.maxFiles files and maxBytes bytes), hashes each file with SHA-256 and keeps the queue in IndexedDB, two requests under way at once. Time from the drop to the panel saying all 2,000 are uploaded (every file created); the folder is then listed to check all 2,000 are there. Direct: the same files through POST /api/upload/bulk from Node, 4 clients, bodies and hashes made before the clock. Ratio = median of per-round ratios.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    removeTempDir(dataDir);
    removeTempDir(desk);
  }
}

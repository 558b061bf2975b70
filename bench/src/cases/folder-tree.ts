import { chromium, type BrowserContext } from 'playwright-core';
import { CHROME, CHROME_FLAGS, ensureChromium } from '../lib/chromium.js';
import {
  diagnosisOptions,
  newId,
  prepareDataDir,
  startOurServer,
  type OurServer,
  type TreeRow,
} from '../lib/our-server.js';
import { removeTempDir, tempDir } from '../lib/proc.js';
import { absolute, compare, median, round, type CaseContext, type CaseResult } from '../lib/report.js';

const CASE = 'folder tree';
const FOLDERS = 10_000;
/** Top folders, and folders in each of them. */
const TOPS = 10;
const TEAMS = 20;
const ROUNDS = 7;
const TARGET_RATIO = 1.2;
const FIRST_ROW = 'Item 01.txt';

/**
 * A folder of 10 files, and for the big account 10,000 folders in all: 10 top folders of 10
 * folders each, the 100 of them holding the rest; the first 20 of the second level are team folders.
 */
function fixture(big: boolean) {
  const targetId = newId();
  const rows: TreeRow[] = [{ id: targetId, type: 'folder', parentId: null, name: 'Ten items' }];
  for (let i = 1; i <= 10; i++) {
    const n = String(i).padStart(2, '0');
    rows.push({ id: newId(), type: 'file', parentId: targetId, name: `Item ${n}.txt`, extension: 'txt', size: 100 });
  }
  const teams: string[] = [];
  if (big) {
    const seconds: string[] = [];
    for (let t = 0; t < TOPS; t++) {
      const top = newId();
      rows.push({ id: top, type: 'folder', parentId: null, name: `Top ${t}` });
      for (let s = 0; s < TOPS; s++) {
        const second = newId();
        seconds.push(second);
        rows.push({ id: second, type: 'folder', parentId: top, name: `Part ${t}.${s}` });
      }
    }
    teams.push(...seconds.slice(0, TEAMS));
    let folders = 1 + TOPS + seconds.length;
    for (let i = 0; folders < FOLDERS; i++, folders++) {
      rows.push({ id: newId(), type: 'folder', parentId: seconds[i % seconds.length]!, name: `Leaf ${i}` });
    }
  }
  return { targetId, rows, teams };
}

interface Load {
  ms: number;
  apiBytes: number;
  calls: Map<string, number>;
}

/** Opens the folder in a new tab and times it until its first row is on screen; counts the API bytes. */
async function load(context: BrowserContext, server: OurServer, folderId: string): Promise<Load> {
  const page = await context.newPage();
  const calls = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    pending.push(
      response
        .body()
        .then((body) => void calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + body.length))
        .catch(() => undefined),
    );
  });
  const started = performance.now();
  await page.goto(`${server.url}/platform/files/${folderId}`);
  await page.getByText(FIRST_ROW).first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page.close();
  return { ms, apiBytes: [...calls.values()].reduce((a, b) => a + b, 0), calls };
}

/**
 * Issue 41, point 8: what opening a 10-item folder costs must not grow with the account. A fresh
 * account and one with 10,000 folders and 20 team folders each get the same 10-item folder; a
 * warmed Chromium opens it in a new tab, alternately on each, until its first row shows.
 */
export async function folderTreeCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  ensureChromium((line) => context.log(line));
  const dirs = { fresh: tempDir('tree-fresh'), big: tempDir('tree-big') };
  const stops: (() => Promise<void>)[] = [];
  try {
    const setups = { fresh: fixture(false), big: fixture(true) };
    for (const kind of ['fresh', 'big'] as const) {
      const { rows, teams } = setups[kind];
      await prepareDataDir(dirs[kind], async (fx) => {
        await fx.insertRows(rows);
        await fx.recount();
        for (const id of teams) {
          await fx.query(`insert into team_folders (folder_id, owner_id) values ('${id}', '${fx.ownerId}')`);
        }
      });
    }
    const folders = await Promise.all(
      (['fresh', 'big'] as const).map(async (kind) => {
        const server = await startOurServer(dirs[kind], diagnosisOptions(context, `tree-${kind}`));
        stops.push(() => server.stop());
        const client = await server.signedIn();
        stops.push(async () => client.close());
        const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
        stops.push(() => browser.close());
        const browserContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
        await browserContext.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url })));
        return { kind, server, browserContext };
      }),
    );
    const [fresh, big] = folders as [(typeof folders)[number], (typeof folders)[number]];
    // One load each to warm the caches (scripts, the server's statements), not counted.
    await load(fresh.browserContext, fresh.server, setups.fresh.targetId);
    await load(big.browserContext, big.server, setups.big.targetId);
    const loads: { fresh: Load[]; big: Load[] } = { fresh: [], big: [] };
    for (let r = 0; r < ROUNDS; r++) {
      loads.fresh.push(await load(fresh.browserContext, fresh.server, setups.fresh.targetId));
      loads.big.push(await load(big.browserContext, big.server, setups.big.targetId));
    }
    const ms = (kind: 'fresh' | 'big') => median(loads[kind].map((l) => l.ms));
    const bytes = (kind: 'fresh' | 'big') => median(loads[kind].map((l) => l.apiBytes));
    const paired = median(loads.big.map((l, i) => l.ms / loads.fresh[i]!.ms));
    const callsOf = (l: Load) => Object.fromEntries([...l.calls].map(([p, b]) => [p, b]));
    context.log(
      `fresh: ${ms('fresh').toFixed(0)} ms, ${bytes('fresh')} API bytes; big: ${ms('big').toFixed(0)} ms, ${bytes('big')} API bytes`,
    );
    context.log(`big account's API calls: ${JSON.stringify(callsOf(loads.big[0]!))}`);
    return {
      rows: [
        compare(
          CASE,
          'open a 10-item folder to its first row, 10,000 folders + 20 teams vs a fresh account',
          'ms',
          ms('big'),
          ms('fresh'),
          'fresh account',
          { on: 'ratio', kind: 'max', value: TARGET_RATIO },
          paired,
        ),
        absolute(CASE, '(info) API bytes of that load, 10,000 folders + 20 teams', 'KB', bytes('big') / 1000, null, {
          value: bytes('fresh') / 1000,
          name: 'fresh account',
        }),
      ],
      facts: {
        rounds: ROUNDS,
        freshMs: loads.fresh.map((l) => round(l.ms, 1)),
        bigMs: loads.big.map((l) => round(l.ms, 1)),
        freshCalls: callsOf(loads.fresh[0]!),
        bigCalls: callsOf(loads.big[0]!),
      },
      notes: [
        'Two servers on fresh data folders: one account with only a 10-item folder, one with the same folder beside 10,000 folders in all (10 top folders of 10, which hold the rest) of which 20 are team folders. A warmed Chromium opens /platform/files/<folder> in a new tab, alternately on each, 7 times, until the first row shows; the ratio is the median of the paired ratios.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    for (const dir of Object.values(dirs)) removeTempDir(dir);
  }
}

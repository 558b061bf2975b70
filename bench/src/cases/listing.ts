import { performance } from 'node:perf_hooks';
import { request } from '../lib/http.js';
import { diagnosisOptions, newId, prepareDataDir, startOurServer, type TreeRow } from '../lib/our-server.js';
import { removeTempDir, tempDir } from '../lib/proc.js';
import { compare, percentile, round, type CaseContext, type CaseResult } from '../lib/report.js';

const CLIENTS = 16;
/** Requests per kind of page (p99 of 300 is the 3rd slowest): what fits the 10 minutes at this server speed. */
const REQUESTS = Number(process.env.BENCH_LISTING_REQUESTS ?? 300);
const ROUNDS = 3;
const WARM_UP = 32;
const BIG = { folders: 500, files: 99_500 };
const SMALL = { folders: 5, files: 95 };
const PER_PAGE = 50;

interface Page {
  data: unknown[];
  meta: { paginate: { currentPage: number; lastPage: number; total: number; nextCursor: string | null } };
}

export function folderRows(parentId: string, counts: { folders: number; files: number }, label: string): TreeRow[] {
  const rows: TreeRow[] = [];
  for (let i = 1; i <= counts.folders; i++) {
    rows.push({ id: newId(), type: 'folder', parentId, name: `${label} folder ${String(i).padStart(6, '0')}` });
  }
  for (let i = 1; i <= counts.files; i++) {
    rows.push({
      id: newId(),
      type: 'file',
      parentId,
      name: `${label} document ${String(i).padStart(6, '0')}.pdf`,
      size: 10_000 + i,
      extension: 'pdf',
      mimetype: 'application/pdf',
      category: 'document',
    });
  }
  return rows;
}

export async function listingCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const dataDir = tempDir('listing');
  const stops: (() => Promise<void>)[] = [];
  try {
    const bigId = newId();
    const smallId = newId();
    await prepareDataDir(dataDir, async (fx) => {
      await fx.insertRows([
        { id: bigId, type: 'folder', parentId: null, name: 'Big' },
        { id: smallId, type: 'folder', parentId: null, name: 'Small' },
        ...folderRows(bigId, BIG, 'Big'),
        ...folderRows(smallId, SMALL, 'Small'),
      ]);
      await fx.recount();
    });
    const ours = await startOurServer(dataDir, diagnosisOptions(context, 'listing'));
    stops.push(() => ours.stop());
    const client = await ours.signedIn();
    stops.push(async () => client.close());
    const get = async (path: string): Promise<{ ms: number; page: Page }> => {
      const started = performance.now();
      const res = await request(ours.url + path, 'GET', { agent: client.agent, headers: client.headers('GET') });
      const ms = performance.now() - started;
      if (res.status !== 200)
        throw new Error(`GET ${path} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
      return { ms, page: JSON.parse(res.body.toString('utf8')) as Page };
    };

    // The cursor path, as the web walks it: page 1, then nextCursor after nextCursor down to page 500.
    const walk: number[] = [];
    let cursor: string | null = null;
    let cursorTo500 = '';
    for (let page = 1; page < 500; page++) {
      const r = await get(`/api/browse/folders/${bigId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      walk.push(r.ms);
      cursor = r.page.meta.paginate.nextCursor;
      if (!cursor) throw new Error(`no next cursor on page ${page}`);
      cursorTo500 = cursor;
    }
    const smallLast = Math.ceil((SMALL.folders + SMALL.files) / PER_PAGE);
    const kinds = {
      bigPage1: `/api/browse/folders/${bigId}?page=1`,
      bigPage500: `/api/browse/folders/${bigId}?page=500`,
      bigCursor500: `/api/browse/folders/${bigId}?cursor=${encodeURIComponent(cursorTo500)}`,
      smallPage1: `/api/browse/folders/${smallId}?page=1`,
      smallLastPage: `/api/browse/folders/${smallId}?page=${smallLast}`,
    };
    type Kind = keyof typeof kinds;
    const check = await get(kinds.bigPage500);
    if (check.page.meta.paginate.currentPage !== 500 || check.page.data.length !== PER_PAGE) {
      throw new Error('page 500 of the big folder is not a full page 500');
    }
    const viaCursor = await get(kinds.bigCursor500);
    if (JSON.stringify(viaCursor.page.data) !== JSON.stringify(check.page.data)) {
      throw new Error('page 500 by cursor differs from page 500 by number');
    }

    /** `count` requests of one kind, from CLIENTS clients at once. */
    const burst = async (path: string, count: number): Promise<number[]> => {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < count) {
            next++;
            times.push((await get(path)).ms);
          }
        }),
      );
      return times;
    };
    for (const path of Object.values(kinds)) await burst(path, WARM_UP);
    const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved rounds, so that a busy moment of the machine hits every kind alike.
      for (const kind of Object.keys(kinds) as Kind[]) {
        times[kind].push(...(await burst(kinds[kind], REQUESTS / ROUNDS)));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const p = (kind: Kind, q: number) => percentile(times[kind], q);
    for (const kind of Object.keys(kinds) as Kind[]) {
      context.log(
        `listing ${kind}: p50 ${p(kind, 50).toFixed(1)} ms, p99 ${p(kind, 99).toFixed(1)} ms, max ${Math.max(...times[kind]).toFixed(1)} ms`,
      );
    }
    const target = { on: 'ratio', kind: 'max', value: 1.5 } as const;
    const row = (metric: string, big: Kind, small: Kind, name: string, check: typeof target | null = target) =>
      compare('listing', metric, 'ms', p(big, 99), p(small, 99), name, check);
    return {
      rows: [
        row('p99, page 1 of 100,000 items', 'bigPage1', 'smallPage1', '100 items, page 1'),
        row('p99, page 500 of 100,000 items', 'bigPage500', 'smallLastPage', `100 items, page ${smallLast}`),
        row('p99, page 500 by cursor', 'bigCursor500', 'smallLastPage', `100 items, page ${smallLast}`),
      ],
      facts: {
        clients: CLIENTS,
        requestsPerKind: REQUESTS,
        perPage: PER_PAGE,
        bigFolder: BIG,
        smallFolder: SMALL,
        percentilesMs: Object.fromEntries(
          (Object.keys(kinds) as Kind[]).map((k) => [
            k,
            {
              p50: round(p(k, 50), 1),
              p90: round(p(k, 90), 1),
              p99: round(p(k, 99), 1),
              max: round(Math.max(...times[k]), 1),
            },
          ]),
        ),
        requestsPerSecond: round((REQUESTS * Object.keys(kinds).length) / seconds, 0),
        cursorWalkTo500: {
          requests: walk.length,
          seconds: round(walk.reduce((a, b) => a + b, 0) / 1000, 2),
          p50Ms: round(percentile(walk, 50), 1),
          p99Ms: round(percentile(walk, 99), 1),
          lastMs: round(walk.at(-1) ?? NaN, 1),
        },
        serverPeakMB: round(ours.memory().peak / 1e6, 1),
      },
      notes: [
        `The small folder has no page 500: page 500 (by number and by cursor) is compared with its last page (${smallLast}), the deepest it has.`,
        'Latency is measured by the client, request sent to whole body received, 16 clients on keep-alive connections.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
  }
}

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cpuDuring } from '../lib/cpu.js';
import { request } from '../lib/http.js';
import { load, type LoadResult } from '../lib/load.js';
import { diagnosisOptions, newId, prepareDataDir, startOurServer, type OurServer } from '../lib/our-server.js';
import { freshPostgresDatabase } from '../lib/postgres.js';
import { removeTempDir, tempDir } from '../lib/proc.js';
import { startReference } from '../lib/refs.js';
import { compare, median, round, skippedRow, type CaseContext, type CaseResult, type Check } from '../lib/report.js';
import { folderRows } from './listing.js';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const ROUNDS = 3;
const BIG = { folders: 500, files: 99_500 };
const PER_PAGE = 50;
const TARGET: Check = { on: 'ratio', kind: 'min', value: 0.6 };
const METRIC = 'page 1 of 100,000 items, 16 clients, PostgreSQL';

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * What our server runs for one page, seen inside it by the statement probe: the statement that
 * reads the page's rows (the one the reference runs), and statements and transactions per request.
 */
async function probePage(dataDir: string, databaseUrl: string, pagePath: string) {
  const probed = await startOurServer(dataDir, { databaseUrl, probe: true });
  try {
    const client = await probed.signedIn();
    const requests = 20;
    try {
      for (let i = 0; i < 5; i++) await client.json('GET', pagePath);
      await probed.probeReset();
      for (let i = 0; i < requests; i++) await client.json('GET', pagePath);
    } finally {
      client.close();
    }
    const stats = await probed.probeStats();
    const reads = stats.byText.filter((s) => /\bfrom "items"/i.test(s.text) && /\blimit\b/i.test(s.text));
    const [read] = reads;
    if (reads.length !== 1 || !read?.params) {
      throw new Error(`expected one statement reading the page, saw:\n${stats.byText.map((s) => s.text).join('\n')}`);
    }
    return {
      statement: { text: read.text, params: read.params } satisfies Statement,
      statementsPerRequest: stats.statements / requests,
      transactionsPerRequest: stats.transactions / requests,
      statements: stats.byText.map((s) => ({ text: s.text.slice(0, 200), perRequest: s.count / requests })),
    };
  } finally {
    await probed.stop();
  }
}

/**
 * Requests per second for page 1 of a 100,000-item folder on PostgreSQL, against a minimal
 * node:http + pg server running the same listing statement: the ceiling of node, pg and this
 * PostgreSQL, with nothing of ours (sessions, access, presenting) in between.
 */
export async function listingThroughputCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const database = await freshPostgresDatabase('listing');
  if ('unreachable' in database) {
    context.log(`SKIPPED: ${database.unreachable}`);
    return {
      rows: [skippedRow('listing throughput', METRIC, 'req/s', TARGET, database.unreachable)],
      facts: {},
      notes: [`Skipped: ${database.unreachable}`],
    };
  }
  const dataDir = tempDir('listing-pg');
  const stops: (() => Promise<void>)[] = [];
  try {
    const bigId = newId();
    await prepareDataDir(
      dataDir,
      async (fx) => {
        await fx.insertRows([
          { id: bigId, type: 'folder', parentId: null, name: 'Big' },
          ...folderRows(bigId, BIG, 'Big'),
        ]);
        await fx.recount();
        // As autovacuum would soon after a bulk import: statistics, and the visibility map for index-only scans.
        await fx.query('vacuum (analyze) items');
      },
      { databaseUrl: database.url },
    );
    const pagePath = `/api/browse/folders/${bigId}?page=1`;
    const seen = await probePage(dataDir, database.url, pagePath);
    context.log(
      `our server runs ${seen.statementsPerRequest} statements and ${seen.transactionsPerRequest} transactions per page`,
    );
    const statementFile = path.join(dataDir, 'listing-statement.json');
    writeFileSync(statementFile, JSON.stringify(seen.statement));

    const ours: OurServer = await startOurServer(dataDir, {
      ...diagnosisOptions(context, 'listing-throughput'),
      databaseUrl: database.url,
    });
    stops.push(() => ours.stop());
    const reference = await startReference('pg-listing-server.ts', [statementFile, database.url]);
    stops.push(() => reference.proc.stop());
    const client = await ours.signedIn();
    stops.push(async () => client.close());
    const headers = Object.fromEntries(Object.entries(client.headers('GET')).map(([k, v]) => [k, String(v)]));

    // Both answer the same rows: a full page from ours, the page and its look-ahead row from the reference.
    const page = await client.json<{ data: { data: { id: string } }[] }>('GET', pagePath);
    const refPage = JSON.parse((await request(`${reference.url}/`)).body.toString('utf8')) as {
      data: { id: string }[];
    };
    if (page.data.length !== PER_PAGE || refPage.data[0]?.id !== page.data[0]?.data.id) {
      throw new Error(
        `the reference's rows differ from our page 1 (${page.data.length} vs ${refPage.data.length} rows)`,
      );
    }

    const targets = {
      ours: { url: ours.url + pagePath, headers },
      reference: { url: `${reference.url}/`, headers: {} },
    };
    type Name = keyof typeof targets;
    const pids: Record<Name, number> = { ours: ours.pid, reference: reference.proc.pid };
    /** CPU milliseconds per answered request, in the server process and in PostgreSQL. */
    const cpu: Record<Name, { serverMs: number; postgresMs: number }[]> = { ours: [], reference: [] };
    const run = async (name: Name, seconds: number) => {
      const measured = await cpuDuring(pids[name], new URL(database.url).pathname.slice(1), () =>
        load(targets[name].url, { connections: CLIENTS, seconds, headers: targets[name].headers }),
      );
      const answered = Math.max(1, measured.result.ok);
      cpu[name].push({
        serverMs: round((measured.serverSeconds * 1000) / answered, 3),
        postgresMs: round((measured.postgresSeconds * 1000) / answered, 3),
      });
      return measured.result;
    };
    for (const name of ['ours', 'reference'] as const) await run(name, WARM_UP_SECONDS);
    for (const name of ['ours', 'reference'] as const) cpu[name].length = 0;
    const runs: Record<Name, LoadResult[]> = { ours: [], reference: [] };
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Back to back, the order swapped each round, so drift on the shared machine hits both alike.
      const order: Name[] = r % 2 === 0 ? ['ours', 'reference'] : ['reference', 'ours'];
      for (const name of order) {
        const result = await run(name, SECONDS);
        runs[name].push(result);
        const used = cpu[name].at(-1);
        context.log(
          `${name} #${r + 1}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.failures} failures; CPU per request: server ${used?.serverMs} ms, PostgreSQL ${used?.postgresMs} ms`,
        );
      }
      ratios.push((runs.ours[r]?.perSecond ?? 0) / (runs.reference[r]?.perSecond ?? 1));
    }
    const failures = [...runs.ours, ...runs.reference].reduce((n, r) => n + r.failures, 0);
    if (failures > 0) throw new Error(`${failures} requests failed during the measured runs`);
    const perSecond = (name: Name) => median(runs[name].map((r) => r.perSecond));
    return {
      rows: [
        compare(
          'listing throughput',
          METRIC,
          'req/s',
          perSecond('ours'),
          perSecond('reference'),
          'node:http + pg',
          TARGET,
          median(ratios),
        ),
      ],
      facts: {
        clients: CLIENTS,
        secondsPerRun: SECONDS,
        rounds: ROUNDS,
        folder: BIG,
        perPage: PER_PAGE,
        runs: Object.fromEntries(
          Object.entries(runs).map(([k, v]) => [
            k,
            v.map((r) => ({ perSecond: round(r.perSecond, 0), p50Ms: r.p50Ms, p99Ms: r.p99Ms })),
          ]),
        ),
        pairedRatios: ratios.map((r) => round(r, 3)),
        cpuMsPerRequest: Object.fromEntries(
          (['ours', 'reference'] as const).map((name) => [
            name,
            {
              server: median(cpu[name].map((c) => c.serverMs)),
              postgres: median(cpu[name].map((c) => c.postgresMs)),
            },
          ]),
        ),
        ourStatementsPerRequest: seen.statementsPerRequest,
        ourTransactionsPerRequest: seen.transactionsPerRequest,
        ourStatements: seen.statements,
        listingStatement: seen.statement.text,
        serverPeakMB: round(ours.memory().peak / 1e6, 1),
      },
      notes: [
        `A fresh PostgreSQL database made for the run and dropped after it; ${CLIENTS} keep-alive clients (autocannon) for ${SECONDS} s per run, ${ROUNDS} rounds back to back, ratio = median of the per-round ratios.`,
        'The reference runs the listing statement our server ran for the page (captured inside our server by the statement probe) on a pg pool of the same size (10), and sends its rows as JSON: no session, access check or presenter.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
    await database.drop();
  }
}

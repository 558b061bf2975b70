import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { diagnosisOptions, prepareDataDir, REPO, startOurServer } from '../lib/our-server.js';
import { freshPostgresDatabase } from '../lib/postgres.js';
import { removeTempDir, sleep, tempDir } from '../lib/proc.js';
import {
  absolute,
  median,
  percentile,
  round,
  skippedRow,
  type CaseContext,
  type CaseResult,
  type Check,
} from '../lib/report.js';

const CASE = 'fanout';
const SOCKETS = 1000;
const SECONDS = 20;
const KB = 1000;
const P99_METRIC = `p99 delivery latency, items.changed to each of ${SOCKETS} sockets once a second`;
const MEDIAN_METRIC = `median delivery latency, ${SOCKETS} sockets`;
const MEMORY_METRIC = 'server memory per idle socket (RSS growth / sockets)';
const P99_TARGET: Check = { on: 'ours', kind: 'max', value: 100 };
const MEMORY_TARGET: Check = { on: 'ours', kind: 'max', value: 40 };

type ClientMessage =
  | { type: 'ready'; connected: number; refused: number }
  | { type: 'report'; arrivals: [number, number][]; disconnects: number; connected: number };

/**
 * Issue 13: 1,000 sockets connected to one node (the clients in a process of their own), one
 * `items.changed` a second to each for 20 s. Each second one statement writes the 1,000 events
 * straight into the outbox (as a commit touching 1,000 users would), with the write time as the
 * event's folder; the clients note when each event arrived, and the latency runs from the commit
 * (the statement's answer) to the arrival: the database's notification, the dispatcher, the socket. The server runs on PostgreSQL: the
 * case writes into the server's database from outside, which the embedded one does not allow.
 */
export async function fanoutCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const database = await freshPostgresDatabase(CASE);
  if ('unreachable' in database) {
    context.log(`SKIPPED: ${database.unreachable}`);
    return {
      rows: [
        skippedRow(CASE, P99_METRIC, 'ms', P99_TARGET, database.unreachable),
        skippedRow(CASE, MEMORY_METRIC, 'KB', MEMORY_TARGET, database.unreachable),
      ],
      facts: {},
      notes: [`Skipped: ${database.unreachable}`],
    };
  }
  const dataDir = tempDir(CASE);
  const db = new pg.Client({ connectionString: database.url });
  try {
    // Users with a session each, written as the product writes them (the session id is the token's SHA-256).
    const tokens = Array.from({ length: SOCKETS }, () => randomBytes(32).toString('base64url'));
    await prepareDataDir(
      dataDir,
      async (fx) => {
        const values = tokens.map((_, i) => `('fan-${i}@bench.example', 'user', '#00BC7E')`).join(',');
        const ids = await fx.query<{ id: string }>(
          `insert into users (email, role, color) values ${values} returning id`,
        );
        const sessions = ids
          .map(
            ({ id }, i) =>
              `('${createHash('sha256')
                .update(tokens[i] as string)
                .digest('hex')}', '${id}', now() + interval '1 day')`,
          )
          .join(',');
        await fx.query(`insert into sessions (id, user_id, expires_at) values ${sessions}`);
      },
      { databaseUrl: database.url },
    );
    await db.connect();
    const ours = await startOurServer(dataDir, { ...diagnosisOptions(context, CASE), databaseUrl: database.url });
    const clients = fork(path.join(REPO, 'bench/src/lib/fanout-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const next = <T extends ClientMessage['type']>(type: T) =>
      new Promise<Extract<ClientMessage, { type: T }>>((resolve, reject) => {
        const onMessage = (m: ClientMessage) => {
          if (m.type !== type) return;
          clients.off('message', onMessage);
          resolve(m as Extract<ClientMessage, { type: T }>);
        };
        clients.on('message', onMessage);
        clients.once('exit', (code) => reject(new Error(`the clients exited (${code})`)));
      });
    try {
      await sleep(5_000);
      const before = ours.memory().rss;
      const ready = next('ready');
      clients.send({ type: 'start', url: ours.url, cookies: tokens.map((t) => `filestore_session=${t}`) });
      const { connected, refused } = await ready;
      context.log(`${connected} sockets connected, ${refused} refused`);
      // Idle, so the handshakes' garbage is collected and only the sockets remain.
      await sleep(10_000);
      const idle = ours.memory().rss;
      const perSocketKB = (idle - before) / connected / KB;
      context.log(`server RSS ${round(before / 1e6, 1)} MB before, ${round(idle / 1e6, 1)} MB with the sockets idle`);

      const writes: number[] = [];
      /** When each write (by its start time) had committed: the statement returned. */
      const committedAt = new Map<number, number>();
      for (let second = 0; second < SECONDS; second++) {
        const started = Date.now();
        await db.query(
          `insert into outbox_events (user_id, name, payload)
           select id, 'items.changed', jsonb_build_object('folders', jsonb_build_array($1::text))
           from users where email like 'fan-%'`,
          [String(started)],
        );
        writes.push(Date.now() - started);
        committedAt.set(started, Date.now());
        await sleep(Math.max(0, 1000 - (Date.now() - started)));
      }
      await sleep(2_000);
      const peak = ours.memory();
      const report = next('report');
      clients.send({ type: 'report' });
      const { arrivals, disconnects } = await report;
      // From the commit (the statement returned; an event may beat that answer by a hair: 0).
      const latencies = arrivals.map(([sent, at]) => Math.max(0, at - (committedAt.get(sent) ?? sent)));
      const fromWrite = arrivals.map(([sent, at]) => at - sent);
      const firstBy = new Map<number, number>();
      for (const [sent, at] of arrivals) firstBy.set(sent, Math.min(firstBy.get(sent) ?? at, at));
      const firsts = [...firstBy].map(([sent, at]) => Math.max(0, at - (committedAt.get(sent) ?? sent)));
      const expected = connected * SECONDS;
      const p99 = percentile(latencies, 99);
      const p50 = median(latencies);
      context.log(
        `write ${round(median(writes), 1)} ms, first socket ${round(median(firsts), 1)} ms after the commit (medians)`,
      );
      context.log(
        `${latencies.length} of ${expected} events arrived; median ${round(p50, 1)} ms, p99 ${round(p99, 1)} ms; ${round(perSocketKB, 1)} KB per idle socket`,
      );
      const lost = expected - latencies.length;
      await ours.stop();
      return {
        rows: [
          absolute(CASE, P99_METRIC, 'ms', lost > 0 ? Number.POSITIVE_INFINITY : p99, P99_TARGET),
          absolute(CASE, MEDIAN_METRIC, 'ms', p50, null),
          absolute(
            CASE,
            '(info) p99 from the start of the write (its 1,000-row insert included)',
            'ms',
            percentile(fromWrite, 99),
            null,
          ),
          absolute(CASE, MEMORY_METRIC, 'KB', perSocketKB, MEMORY_TARGET),
          absolute(CASE, `server RSS with ${connected} sockets, during the fan-out`, 'MB', peak.rss / 1e6, null),
        ],
        facts: {
          sockets: connected,
          refused,
          disconnects,
          events: latencies.length,
          expected,
          lost,
          p50Ms: round(p50, 1),
          p90Ms: round(percentile(latencies, 90), 1),
          p99Ms: round(p99, 1),
          maxMs: round(Math.max(...latencies), 1),
          // Where the time goes: the write itself, and the first socket of each second to hear of it.
          p99FromWriteMs: round(percentile(fromWrite, 99), 1),
          writeMedianMs: round(median(writes), 1),
          firstArrivalMedianMs: round(median(firsts), 1),
          rssBeforeMB: round(before / 1e6, 1),
          rssIdleMB: round(idle / 1e6, 1),
          rssPeakMB: round(peak.peak / 1e6, 1),
        },
        notes: [
          'Server on PostgreSQL (the case writes the events into its outbox from outside, one statement a second for all users); clients in a separate Node process, one WebSocket each.',
          'Latency: from the commit of the statement that writes the events (its answer) to the event arriving at the client (same machine clock); the (info) row counts from the start of that statement.',
          'Memory per socket: VmRSS after the sockets connected and idled 10 s, minus VmRSS before, divided by the sockets.',
        ],
      };
    } finally {
      clients.kill();
      await ours.stop().catch(() => undefined);
    }
  } finally {
    await db.end().catch(() => undefined);
    removeTempDir(dataDir);
    await database.drop();
  }
}

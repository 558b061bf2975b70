import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuSecondsOf } from '../lib/cpu.js';
import { seeded } from '../lib/data.js';
import { request, type ApiClient } from '../lib/http.js';
import { diagnosisOptions, prepareDataDir, startOurServer } from '../lib/our-server.js';
import { freshPostgresDatabase } from '../lib/postgres.js';
import { removeTempDir, syncDisks, tempDir } from '../lib/proc.js';
import { startReference } from '../lib/refs.js';
import { compare, median, round, skippedRow, type CaseContext, type CaseResult } from '../lib/report.js';

const FILES = Number(process.env.BENCH_SMALL_FILES ?? 2000);
const CLIENTS = 4;
const ROUNDS = 3;
const KB = 1024;

export interface SmallFile {
  name: string;
  content: Buffer;
}

/** 2,000 files of 4–64 KB (uniform), random bytes, the same sizes on every run. */
function smallFiles(round: number): SmallFile[] {
  const next = seeded(64);
  return Array.from({ length: FILES }, (_, i) => ({
    name: `r${round}-doc-${String(i).padStart(5, '0')}.bin`,
    content: randomBytes(4 * KB + Math.floor(next() * 60 * KB)),
  }));
}

interface Timing {
  seconds: number;
  filesPerSecond: number;
}

/** Sends every file with `upload`, CLIENTS at a time, each client on its own keep-alive connection. */
async function sendAll(files: SmallFile[], upload: (file: SmallFile, agent: http.Agent) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (next < files.length) {
          const file = files[next++] as SmallFile;
          await upload(file, agent);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, filesPerSecond: files.length / seconds } satisfies Timing;
}

/**
 * Ours: the bulk call (issue 42, ADR 0075), as a client sends many small files: packed in manifest
 * order into requests of at most `maxFiles` files and `maxBytes` bytes (GET /api/config), each a
 * manifest (name, size, SHA-256) and the files' parts. The bodies are made before the clock starts,
 * as tus's are: the client's hashing is not timed.
 */
export interface BulkRequest {
  files: number;
  contentType: string;
  body: Buffer;
}

export function bulkRequests(files: SmallFile[], parentId: string, bounds: BulkBounds): BulkRequest[] {
  const requests: BulkRequest[] = [];
  let batch: SmallFile[] = [];
  let bytes = 0;
  const flush = () => {
    if (!batch.length) return;
    const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
    const manifest = {
      parent_id: parentId,
      files: batch.map((f) => ({
        name: f.name,
        path: null,
        size: f.content.length,
        modified_at: null,
        sha256: createHash('sha256').update(f.content).digest('hex'),
      })),
    };
    const parts: Buffer[] = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="manifest"\r\n\r\n${JSON.stringify(manifest)}\r\n`,
      ),
    ];
    for (const f of batch) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        f.content,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    requests.push({
      files: batch.length,
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: Buffer.concat(parts),
    });
    batch = [];
    bytes = 0;
  };
  for (const file of files) {
    if (batch.length >= bounds.maxFiles || bytes + file.content.length > bounds.maxBytes) flush();
    batch.push(file);
    bytes += file.content.length;
  }
  flush();
  return requests;
}

/** Sends the bulk requests, CLIENTS at a time, each client on its own keep-alive connection. */
export async function sendBulk(client: ApiClient, requests: BulkRequest[]): Promise<Timing> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (next < requests.length) {
          const bulk = requests[next++] as BulkRequest;
          const res = await request(`${client.base}/api/upload/bulk`, 'POST', {
            agent,
            headers: client.headers('POST', {
              'content-type': bulk.contentType,
              'content-length': bulk.body.length,
              'idempotency-key': randomUUID(),
            }),
            body: bulk.body,
          });
          const text = res.body.toString('utf8');
          if (res.status !== 200) throw new Error(`the bulk call answered ${res.status}: ${text.slice(0, 300)}`);
          const outcomes = (JSON.parse(text) as { data: { status: string; code?: string }[] }).data;
          const refused = outcomes.filter((o) => o.status !== 'created');
          if (outcomes.length !== bulk.files || refused.length) {
            throw new Error(
              `the bulk call made ${outcomes.length - refused.length} of ${bulk.files}: ${refused[0]?.code}`,
            );
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const files = requests.reduce((n, r) => n + r.files, 0);
  return { seconds, filesPerSecond: files / seconds };
}

export interface BulkBounds {
  maxFiles: number;
  maxBytes: number;
}

const tusMetadata = (file: SmallFile) =>
  `filename ${Buffer.from(file.name).toString('base64')},filetype ${Buffer.from('application/octet-stream').toString('base64')}`;

/** tus creation-with-upload: the bytes in the creating POST, one request per file like ours. */
function uploadTusOneRequest(url: string) {
  return async (file: SmallFile, agent: http.Agent) => {
    const res = await request(`${url}/files`, 'POST', {
      agent,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': file.content.length,
        'upload-metadata': tusMetadata(file),
        'content-type': 'application/offset+octet-stream',
        'content-length': file.content.length,
      },
      body: file.content,
    });
    if (res.status !== 201 || res.headers['upload-offset'] !== String(file.content.length)) {
      throw new Error(
        `tus creation-with-upload answered ${res.status}, offset ${String(res.headers['upload-offset'])}`,
      );
    }
  };
}

/**
 * 2,000 small files through our bulk call (a few requests of many files each), on the embedded
 * database and on PostgreSQL, with 4 clients at once, against @tus/server storing the same files
 * one request per file.
 */
export async function smallFilesCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const dataDir = tempDir('small-files');
  const postgresDir = tempDir('small-files-postgres');
  const tusDir = tempDir('small-files-tus');
  const durableDir = tempDir('small-files-tus-durable');
  const stops: (() => Promise<void>)[] = [];
  try {
    const database = await freshPostgresDatabase('small_files');
    const postgresSkipped = 'unreachable' in database ? database.unreachable : null;
    if (postgresSkipped) context.log(`PostgreSQL SKIPPED: ${postgresSkipped}`);
    else if (!('unreachable' in database)) stops.push(() => database.drop());

    const startOurs = async (dir: string, databaseUrl?: string) => {
      await prepareDataDir(dir, async () => undefined, { databaseUrl });
      const server = await startOurServer(dir, {
        ...diagnosisOptions(context, databaseUrl ? 'small-files-postgres' : 'small-files'),
        databaseUrl,
      });
      stops.push(() => server.stop());
      const client = await server.signedIn();
      stops.push(async () => client.close());
      const { bulkUpload } = await client.json<{ bulkUpload: BulkBounds }>('GET', '/api/config');
      return { server, client, bounds: bulkUpload };
    };
    const embedded = await startOurs(dataDir);
    const onPostgres = 'unreachable' in database ? null : await startOurs(postgresDir, database.url);
    const tus = await startReference('tus-server.ts', [tusDir]);
    stops.push(() => tus.proc.stop());
    // The same server made as durable as ours: fsync of the bytes, the metadata and the folder
    // before each answer (@tus/file-store never fsyncs; see refs/tus-server.ts).
    const tusDurable = await startReference('tus-server.ts', [durableDir, 'durable']);
    stops.push(() => tusDurable.proc.stop());

    const dirOf = (name: string) => (name === 'tusDurable' ? durableDir : tusDir);
    const clearTus = (name: string) => {
      rmSync(dirOf(name), { recursive: true, force: true });
      mkdirSync(dirOf(name), { recursive: true });
    };
    const oursStep = (ours: NonNullable<typeof onPostgres>) => async (files: SmallFile[], round: number) => {
      // Its keep-alive sockets idled through the other steps (a minute under load): a server may
      // close one just as it is reused ("socket hang up", seen once). Fresh ones for each step.
      ours.client.agent.destroy();
      // Each round into a folder of its own, as a user drops a folder of documents.
      const folder = await ours.client.json<{ data?: { id: string }; id?: string }>('POST', '/api/create-folder', {
        name: `Round ${round}`,
      });
      const parentId = folder.data?.id ?? folder.id ?? '';
      return sendBulk(ours.client, bulkRequests(files, parentId, ours.bounds)).catch((error: unknown) => {
        // What the server said last, and whether it still runs: the error alone says little.
        const exit = ours.server.proc.child.exitCode ?? ours.server.proc.child.signalCode;
        context.log(
          `our server ${exit === null ? 'runs' : `exited (${exit})`}; its output:\n${ours.server.proc.output().slice(-3000)}`,
        );
        throw error;
      });
    };
    type Name = 'ours' | 'oursPostgres' | 'tusDurable' | 'tus';
    type Step = (files: SmallFile[], round: number) => Promise<Timing>;
    const steps: Partial<Record<Name, Step>> = {
      ours: oursStep(embedded),
      ...(onPostgres ? { oursPostgres: oursStep(onPostgres) } : {}),
      tusDurable: async (files: SmallFile[]) => sendAll(files, uploadTusOneRequest(tusDurable.url)),
      tus: async (files: SmallFile[]) => sendAll(files, uploadTusOneRequest(tus.url)),
    };
    const runs: Record<Name, number[]> = { ours: [], oursPostgres: [], tusDurable: [], tus: [] };
    // CPU (user + system) each server process used per file in each timed round: what the figures
    // are made of on a shared machine, where wall time also holds other work.
    const pids: Record<Name, number> = {
      ours: embedded.server.pid,
      oursPostgres: onPostgres?.server.pid ?? 0,
      tusDurable: tusDurable.proc.pid,
      tus: tus.proc.pid,
    };
    const cpuMsPerFile: Record<Name, number[]> = { ours: [], oursPostgres: [], tusDurable: [], tus: [] };
    const ratios: number[] = [];
    const ratiosPostgres: number[] = [];
    const ratiosNoFsync: number[] = [];
    const names = Object.keys(steps) as Name[];
    const stepOf = (name: Name): Step => steps[name] as Step;
    // An untimed warm-up round of 200 files each (JIT, connections, the database's caches).
    for (const name of names) {
      await stepOf(name)(smallFiles(-1).slice(0, 200), -1);
      if (name.startsWith('tus')) clearTus(name);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const files = smallFiles(round);
      const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
      for (const name of order) {
        syncDisks();
        const cpuBefore = cpuSecondsOf(pids[name]);
        const timing = await stepOf(name)(files, round);
        const cpuMs = ((cpuSecondsOf(pids[name]) - cpuBefore) * 1000) / files.length;
        runs[name].push(timing.filesPerSecond);
        cpuMsPerFile[name].push(cpuMs);
        context.log(
          `${name} #${round + 1}: ${timing.filesPerSecond.toFixed(0)} files/s (${timing.seconds.toFixed(2)} s, ${cpuMs.toFixed(2)} ms CPU per file)`,
        );
        if (name.startsWith('tus')) {
          const stored = readdirSync(dirOf(name)).filter((f) => !f.endsWith('.json')).length;
          if (stored !== files.length) throw new Error(`tus stored ${stored} files, not ${files.length}`);
          clearTus(name);
        }
      }
      ratios.push((runs.ours[round] ?? 0) / (runs.tusDurable[round] ?? 1));
      if (onPostgres) ratiosPostgres.push((runs.oursPostgres[round] ?? 0) / (runs.tusDurable[round] ?? 1));
      ratiosNoFsync.push((runs.ours[round] ?? 0) / (runs.tus[round] ?? 1));
    }
    const figure = (name: Name) => median(runs[name]);
    const target = { on: 'ratio', kind: 'min', value: 1.0 } as const;
    const metric = (where: string) =>
      `${FILES.toLocaleString('en')} files of 4–64 KB, bulk call vs @tus/server 1 request/file, 4 clients, both durable, ${where}`;
    return {
      rows: [
        compare(
          'small files',
          metric('embedded database'),
          'files/s',
          figure('ours'),
          figure('tusDurable'),
          '@tus/server + fsync',
          target,
          median(ratios),
        ),
        postgresSkipped
          ? skippedRow('small files', metric('PostgreSQL'), 'files/s', target, postgresSkipped)
          : compare(
              'small files',
              metric('PostgreSQL'),
              'files/s',
              figure('oursPostgres'),
              figure('tusDurable'),
              '@tus/server + fsync',
              target,
              median(ratiosPostgres),
            ),
        compare(
          'small files',
          '(info) embedded database vs @tus/server as shipped (never fsyncs)',
          'files/s',
          figure('ours'),
          figure('tus'),
          '@tus/server',
          null,
          median(ratiosNoFsync),
        ),
      ],
      facts: {
        files: FILES,
        clients: CLIENTS,
        rounds: ROUNDS,
        bulkBounds: embedded.bounds,
        bulkRequestsPerRound: bulkRequests(smallFiles(0), '', embedded.bounds).length,
        bytesPerRound: smallFiles(0).reduce((n, f) => n + f.content.length, 0),
        runsFilesPerSecond: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => round(x, 1))])),
        cpuMsPerFile: Object.fromEntries(Object.entries(cpuMsPerFile).map(([k, v]) => [k, v.map((x) => round(x, 2))])),
        pairedRatios: ratios.map((r) => round(r, 3)),
        pairedRatiosPostgres: ratiosPostgres.map((r) => round(r, 3)),
        pairedRatiosVsTusWithoutFsync: ratiosNoFsync.map((r) => round(r, 3)),
        serverPeakMB: round(embedded.server.memory().peak / 1e6, 1),
        ...(onPostgres ? { serverPeakMBPostgres: round(onPostgres.server.memory().peak / 1e6, 1) } : {}),
      },
      notes: [
        'Ours: POST /api/upload/bulk (ADR 0075), the files packed in order into requests of at most bulkUpload.maxFiles files and maxBytes bytes (GET /api/config), each a manifest with every file\'s SHA-256 and one part per file, each round into a new folder; once on the embedded database and once on a fresh PostgreSQL database (BENCH_POSTGRES_URL). The bodies (and their hashes) are made before the clock starts. Each outcome "created" means the bytes, their folder entries and the database row are durable. @tus/server (with @tus/file-store): creation-with-upload, the bytes in the creating POST, one request per file. The target is judged against the same server made as durable (fsync of the file, its .json and the folder before answering: refs/tus-server.ts durable); @tus/file-store as shipped never fsyncs and is shown for information.',
        'Files per second = 2,000 / wall time from the first request to the last answer, 4 clients each on its own keep-alive connection; ratio = median of per-round ratios, the order rotated each round.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
    removeTempDir(postgresDir);
    removeTempDir(tusDir);
    removeTempDir(durableDir);
  }
}

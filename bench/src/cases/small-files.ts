import { randomBytes, randomUUID } from 'node:crypto';
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
import { compare, median, round, type CaseContext, type CaseResult } from '../lib/report.js';

const FILES = Number(process.env.BENCH_SMALL_FILES ?? 2000);
/** `BENCH_SMALL_FILES_POSTGRES=1`: our server on a fresh PostgreSQL database (BENCH_POSTGRES_URL) instead of the embedded one. */
const ON_POSTGRES = process.env.BENCH_SMALL_FILES_POSTGRES === '1';
const CLIENTS = 4;
const ROUNDS = 3;
const KB = 1024;

interface SmallFile {
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

/** Ours, as the web client sends a file that fits one chunk: one multipart request, 201 with the file. */
function uploadOurs(client: ApiClient, parentId: string, chunkSize: number) {
  return async (file: SmallFile, agent: http.Agent) => {
    const fields: [string, string][] = [
      ['name', file.name],
      ['extension', 'bin'],
      ['is_last_chunk', '1'],
      ['parent_id', parentId],
      ['upload_id', randomUUID()],
      ['offset', '0'],
      ['size', String(file.content.length)],
      ['chunk_size', String(chunkSize)],
    ];
    const res = await client.postChunk(fields, file.content, { agent });
    if (res.status !== 201)
      throw new Error(`${file.name} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  };
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

/** tus as tus-js-client sends a small file by default: POST to create, then one PATCH with the bytes. */
function uploadTusTwoRequests(url: string) {
  return async (file: SmallFile, agent: http.Agent) => {
    const created = await request(`${url}/files`, 'POST', {
      agent,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': file.content.length,
        'upload-metadata': tusMetadata(file),
        'content-length': 0,
      },
    });
    const location = created.headers.location;
    if (created.status !== 201 || !location) throw new Error(`tus creation answered ${created.status}`);
    const res = await request(new URL(location, url).href, 'PATCH', {
      agent,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'content-length': file.content.length,
      },
      body: file.content,
    });
    if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}`);
  };
}

/**
 * 2,000 small files through our chunked upload API (one request each, as the web client sends a
 * file that fits a chunk) with 4 clients at once, against @tus/server storing the same files.
 */
export async function smallFilesCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const dataDir = tempDir('small-files');
  const tusDir = tempDir('small-files-tus');
  const durableDir = tempDir('small-files-tus-durable');
  const stops: (() => Promise<void>)[] = [];
  try {
    let databaseUrl: string | undefined;
    if (ON_POSTGRES) {
      const database = await freshPostgresDatabase('small_files');
      if ('unreachable' in database) throw new Error(database.unreachable);
      stops.push(() => database.drop());
      databaseUrl = database.url;
    }
    await prepareDataDir(dataDir, async () => undefined, { databaseUrl });
    const ours = await startOurServer(dataDir, { ...diagnosisOptions(context, 'small-files'), databaseUrl });
    stops.push(() => ours.stop());
    const tus = await startReference('tus-server.ts', [tusDir]);
    stops.push(() => tus.proc.stop());
    // The same server made as durable as ours: fsync of the bytes, the metadata and the folder
    // before each answer (@tus/file-store never fsyncs; see refs/tus-server.ts).
    const tusDurable = await startReference('tus-server.ts', [durableDir, 'durable']);
    stops.push(() => tusDurable.proc.stop());
    const client = await ours.signedIn();
    stops.push(async () => client.close());
    const { chunkSize } = await client.json<{ chunkSize: number }>('GET', '/api/config');

    const dirOf = (name: string) => (name === 'tusDurable' ? durableDir : tusDir);
    const clearTus = (name: string) => {
      rmSync(dirOf(name), { recursive: true, force: true });
      mkdirSync(dirOf(name), { recursive: true });
    };
    const steps = {
      ours: async (files: SmallFile[], round: number) => {
        // Each round into a folder of its own, as a user drops a folder of documents.
        const folder = await client.json<{ data?: { id: string }; id?: string }>('POST', '/api/create-folder', {
          name: `Round ${round}`,
        });
        const parentId = folder.data?.id ?? folder.id ?? '';
        return sendAll(files, uploadOurs(client, parentId, chunkSize));
      },
      tusDurable: async (files: SmallFile[]) => sendAll(files, uploadTusOneRequest(tusDurable.url)),
      tus: async (files: SmallFile[]) => sendAll(files, uploadTusOneRequest(tus.url)),
      tusTwoRequests: async (files: SmallFile[]) => sendAll(files, uploadTusTwoRequests(tus.url)),
    };
    type Name = keyof typeof steps;
    const runs: Record<Name, number[]> = { ours: [], tusDurable: [], tus: [], tusTwoRequests: [] };
    // CPU (user + system) each server process used per file in each timed round: what the figures
    // are made of on a shared machine, where wall time also holds other work.
    const pids: Record<Name, number> = {
      ours: ours.pid,
      tusDurable: tusDurable.proc.pid,
      tus: tus.proc.pid,
      tusTwoRequests: tus.proc.pid,
    };
    const cpuMsPerFile: Record<Name, number[]> = { ours: [], tusDurable: [], tus: [], tusTwoRequests: [] };
    const ratios: number[] = [];
    const ratiosNoFsync: number[] = [];
    // An untimed warm-up round of 200 files each (JIT, connections, the database's caches).
    for (const [name, step] of Object.entries(steps) as [Name, (typeof steps)[Name]][]) {
      await step(smallFiles(-1).slice(0, 200), -1);
      if (name !== 'ours') clearTus(name);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const files = smallFiles(round);
      const names = Object.keys(steps) as Name[];
      const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
      for (const name of order) {
        syncDisks();
        const cpuBefore = cpuSecondsOf(pids[name]);
        const timing = await steps[name](files, round);
        const cpuMs = ((cpuSecondsOf(pids[name]) - cpuBefore) * 1000) / files.length;
        runs[name].push(timing.filesPerSecond);
        cpuMsPerFile[name].push(cpuMs);
        context.log(
          `${name} #${round + 1}: ${timing.filesPerSecond.toFixed(0)} files/s (${timing.seconds.toFixed(2)} s, ${cpuMs.toFixed(2)} ms CPU per file)`,
        );
        if (name !== 'ours') {
          const stored = readdirSync(dirOf(name)).filter((f) => !f.endsWith('.json')).length;
          if (stored !== files.length) throw new Error(`tus stored ${stored} files, not ${files.length}`);
          clearTus(name);
        }
      }
      ratios.push((runs.ours[round] ?? 0) / (runs.tusDurable[round] ?? 1));
      ratiosNoFsync.push((runs.ours[round] ?? 0) / (runs.tus[round] ?? 1));
    }
    const figure = (name: Name) => median(runs[name]);
    return {
      rows: [
        compare(
          'small files',
          `${FILES.toLocaleString('en')} files of 4–64 KB, 4 clients, vs @tus/server, both durable${ON_POSTGRES ? ', PostgreSQL' : ''}`,
          'files/s',
          figure('ours'),
          figure('tusDurable'),
          '@tus/server + fsync',
          { on: 'ratio', kind: 'min', value: 1.0 },
          median(ratios),
        ),
        compare(
          'small files',
          '(info) vs @tus/server as shipped (never fsyncs)',
          'files/s',
          figure('ours'),
          figure('tus'),
          '@tus/server',
          null,
          median(ratiosNoFsync),
        ),
        compare(
          'small files',
          '(info) vs @tus/server, create then PATCH',
          'files/s',
          figure('ours'),
          figure('tusTwoRequests'),
          '@tus/server, 2 requests',
          null,
        ),
      ],
      facts: {
        files: FILES,
        clients: CLIENTS,
        rounds: ROUNDS,
        bytesPerRound: smallFiles(0).reduce((n, f) => n + f.content.length, 0),
        runsFilesPerSecond: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => round(x, 1))])),
        cpuMsPerFile: Object.fromEntries(Object.entries(cpuMsPerFile).map(([k, v]) => [k, v.map((x) => round(x, 2))])),
        pairedRatios: ratios.map((r) => round(r, 3)),
        pairedRatiosVsTusWithoutFsync: ratiosNoFsync.map((r) => round(r, 3)),
        serverPeakMB: round(ours.memory().peak / 1e6, 1),
      },
      notes: [
        'Ours: one POST /api/upload/chunks per file with the fields the web client sends for a file that fits one chunk, each round into a new folder, on the embedded database; a 201 means the bytes, their folder entries and the database row are durable. @tus/server (with @tus/file-store): creation-with-upload, the bytes in the creating POST (one request per file). The target is judged against the same server made as durable (fsync of the file, its .json and the folder before answering: refs/tus-server.ts durable), since @tus/file-store as shipped never fsyncs; it and the default tus-js-client way (POST, then PATCH) are shown for information.',
        'Files per second = 2,000 / wall time from the first request to the last answer, 4 clients each on its own keep-alive connection; ratio = median of per-round ratios, the order rotated each round.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
    removeTempDir(tusDir);
    removeTempDir(durableDir);
  }
}

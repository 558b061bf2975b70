import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { randomGiB, warm } from '../lib/data.js';
import { chunkForm, request } from '../lib/http.js';
import { blobPath, diagnosisOptions, type OurServer, prepareDataDir, startOurServer } from '../lib/our-server.js';
import { startReference } from '../lib/refs.js';
import { removeTempDir, syncDisks, tempDir } from '../lib/proc.js';
import { absolute, compare, GiB, median, round, type CaseContext, type CaseResult, type Row } from '../lib/report.js';

const REPETITIONS = 2;
const MB = 1_000_000;

/** The chunk's bytes straight from the source file, between a multipart head and tail. */
function fileRange(file: string, start: number, length: number, head?: Buffer, tail?: Buffer) {
  return () =>
    Readable.from(
      (async function* () {
        if (head) yield head;
        yield* createReadStream(file, { start, end: start + length - 1, highWaterMark: 1024 * 1024 });
        if (tail) yield tail;
      })(),
    );
}

interface Timing {
  seconds: number;
  throughput: number;
}

const timing = (started: number, bytes: number): Timing => {
  const seconds = (performance.now() - started) / 1000;
  return { seconds, throughput: bytes / seconds / MB };
};

/** Our chunked upload API, as the web client uses it: sequential multipart chunks of config.chunkSize. */
export async function uploadOurs(
  server: OurServer,
  file: string,
  size: number,
): Promise<Timing & { chunkSize: number; fileId: string }> {
  const client = await server.signedIn();
  try {
    const config = await client.json<{ chunkSize: number }>('GET', '/api/config');
    const chunkSize = config.chunkSize;
    const uploadId = randomUUID();
    const started = performance.now();
    let last: { status: number; body: Buffer } | null = null;
    for (let offset = 0; offset < size; offset += chunkSize) {
      const length = Math.min(chunkSize, size - offset);
      const isLast = offset + length === size;
      const fields: [string, string][] = [
        ['name', `upload-${uploadId.slice(0, 8)}.bin`],
        ['extension', 'bin'],
        ['is_last_chunk', isLast ? '1' : '0'],
        ['upload_id', uploadId],
        ['offset', String(offset)],
        ['size', String(size)],
        ['chunk_size', String(chunkSize)],
      ];
      const { head, tail, contentType } = chunkForm(fields);
      last = await request(`${server.url}/api/upload/chunks`, 'POST', {
        agent: client.agent,
        headers: client.headers('POST', {
          'content-type': contentType,
          'content-length': head.length + length + tail.length,
        }),
        body: fileRange(file, offset, length, head, tail),
      });
      if (last.status !== (isLast ? 201 : 200)) {
        throw new Error(`chunk at ${offset} answered ${last.status}: ${last.body.toString('utf8').slice(0, 300)}`);
      }
    }
    const result = timing(started, size);
    const stored = JSON.parse(last?.body.toString('utf8') ?? '{}') as {
      data?: { id?: string; attributes?: { size?: number } };
    };
    if (stored.data?.attributes?.size !== size || !stored.data.id)
      throw new Error(`the uploaded file has ${stored.data?.attributes?.size} bytes`);
    return { ...result, chunkSize, fileId: stored.data.id };
  } finally {
    client.close();
  }
}

/** Reference (a): the same chunks PUT as raw bodies to a minimal node:http server writing them into one file. */
async function uploadSink(url: string, file: string, size: number, chunkSize: number): Promise<Timing> {
  const name = `sink-${randomUUID()}.bin`;
  const started = performance.now();
  for (let offset = 0; offset < size; offset += chunkSize) {
    const length = Math.min(chunkSize, size - offset);
    const res = await request(`${url}/${name}?offset=${offset}`, 'PUT', {
      headers: { 'content-length': length, 'content-type': 'application/octet-stream' },
      body: fileRange(file, offset, length),
    });
    if (res.status !== 200) throw new Error(`sink answered ${res.status}`);
  }
  return timing(started, size);
}

/** Reference (b): tus creation (POST) then one PATCH per chunk, like tus-js-client with chunkSize set. */
async function uploadTus(url: string, file: string, size: number, chunkSize: number): Promise<Timing> {
  const started = performance.now();
  const created = await request(`${url}/files`, 'POST', {
    headers: { 'tus-resumable': '1.0.0', 'upload-length': size, 'content-length': 0 },
  });
  const location = created.headers.location;
  if (created.status !== 201 || !location) throw new Error(`tus creation answered ${created.status}`);
  const target = new URL(location, url).href;
  for (let offset = 0; offset < size; offset += chunkSize) {
    const length = Math.min(chunkSize, size - offset);
    const res = await request(target, 'PATCH', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': length,
      },
      body: fileRange(file, offset, length),
    });
    if (res.status !== 204)
      throw new Error(`tus PATCH at ${offset} answered ${res.status}: ${res.body.toString('utf8')}`);
  }
  return timing(started, size);
}

export async function uploadCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const file = randomGiB();
  await warm(file);
  const size = GiB;
  const dataDir = tempDir('upload');
  const sinkDir = tempDir('upload-sink');
  const tusDir = tempDir('upload-tus');
  const procs: { stop(): Promise<void> }[] = [];
  try {
    await prepareDataDir(dataDir, async () => undefined);
    const ours = await startOurServer(dataDir, diagnosisOptions(context, 'upload'));
    procs.push(ours);
    const startPeak = ours.memory().peak;
    const sink = await startReference('node-sink.ts', [sinkDir]);
    const sinkFsync = await startReference('node-sink.ts', [sinkDir, 'fsync']);
    const tus = await startReference('tus-server.ts', [tusDir]);
    procs.push(sink.proc, sinkFsync.proc, tus.proc);

    const runs = { ours: [] as number[], sink: [] as number[], sinkFsync: [] as number[], tus: [] as number[] };
    let chunkSize = 0;
    // Every program's upload is deleted after its run, ours too: a run that adds a GiB to the page
    // cache is much slower here than one reusing the pages of a deleted file (measured: a node:http
    // sink whose files were kept fell from 490 to 214 MB/s over four runs, mostly system time).
    let lastFileId: string | null = null;
    const clear = () => {
      for (const dir of [sinkDir, tusDir]) {
        rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
        mkdirSync(dir, { recursive: true });
      }
      if (lastFileId) rmSync(blobPath(dataDir, `files/${lastFileId}`), { force: true });
      lastFileId = null;
      syncDisks();
    };
    const steps: [keyof typeof runs, () => Promise<Timing>][] = [
      [
        'ours',
        async () => uploadOurs(ours, file, size).then((r) => ((chunkSize = r.chunkSize), (lastFileId = r.fileId), r)),
      ],
      ['sink', async () => uploadSink(sink.url, file, size, chunkSize)],
      ['tus', async () => uploadTus(tus.url, file, size, chunkSize)],
      ['sinkFsync', async () => uploadSink(sinkFsync.url, file, size, chunkSize)],
    ];
    for (let rep = 0; rep < REPETITIONS; rep++) {
      // Ours first on the first repetition (it tells the chunk size), then rotated.
      const order = rep === 0 ? steps : [...steps.slice(rep % steps.length), ...steps.slice(0, rep % steps.length)];
      for (const [name, step] of order) {
        syncDisks();
        const r = await step();
        runs[name].push(r.throughput);
        context.log(`upload ${name} #${rep + 1}: ${r.throughput.toFixed(0)} MB/s (${r.seconds.toFixed(2)} s)`);
        clear();
      }
    }
    const peak = ours.memory().peak;
    const figure = (name: keyof typeof runs) => median(runs[name]);
    const rows: Row[] = [
      compare('upload', '1 GiB, chunked API vs node:http → file', 'MB/s', figure('ours'), figure('sink'), 'node:http', {
        on: 'ratio',
        kind: 'min',
        value: 0.85,
      }),
      compare('upload', '1 GiB, chunked API vs @tus/server', 'MB/s', figure('ours'), figure('tus'), '@tus/server', {
        on: 'ratio',
        kind: 'min',
        value: 1.0,
      }),
      absolute('upload', 'server peak memory (VmHWM)', 'MB', peak / MB, { on: 'ours', kind: 'max', value: 200 }),
      absolute('upload', '(info) peak added by the uploads over start-up', 'MB', (peak - startPeak) / MB, null),
    ];
    const info = compare(
      'upload',
      '(info) vs node:http → file + fsync',
      'MB/s',
      figure('ours'),
      figure('sinkFsync'),
      'node:http+fsync',
      {
        on: 'ratio',
        kind: 'min',
        value: 0,
      },
    );
    return {
      rows,
      facts: {
        bytes: size,
        chunkSize,
        chunks: Math.ceil(size / chunkSize),
        repetitions: REPETITIONS,
        runsMBps: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => round(x, 1))])),
        vsSinkWithFsync: {
          ours: round(figure('ours'), 1),
          reference: round(figure('sinkFsync'), 1),
          ratio: round(info.ratio ?? 0, 3),
        },
        serverPeakAfterStartMB: round(startPeak / MB, 1),
        serverPeakMB: round(peak / MB, 1),
      },
      notes: [
        'Throughput = bytes / wall time from the first byte sent to the last answer; median of the repetitions.',
        'Informational: the same node:http sink with fsync on every chunk (ours fsyncs each chunk before answering).',
      ],
    };
  } finally {
    for (const p of procs) await p.stop();
    for (const dir of [dataDir, sinkDir, tusDir]) removeTempDir(dir);
  }
}

import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomGiB, warm } from '../lib/data.js';
import { startNginx } from '../lib/nginx.js';
import { blobPath, diagnosisOptions, newId, prepareDataDir, startOurServer } from '../lib/our-server.js';
import { removeTempDir, tempDir } from '../lib/proc.js';
import { startReference } from '../lib/refs.js';
import { compare, GiB, median, round, type CaseContext, type CaseResult } from '../lib/report.js';

// Five, not three: other work on the shared machine moves single runs by a factor of two.
const REPETITIONS = 5;
const PARALLEL = 16;
const MB = 1_000_000;

type Who = 'ours' | 'nginx' | 'node';

interface Target {
  url: string;
  headers: Record<string, string>;
}

interface CurlResult {
  status: number;
  bytes: number;
  seconds: number;
}

/**
 * curl is the client: it costs the machine far less CPU than a Node client (which tops out below
 * what nginx serves on loopback), so the figure is the server's, not the client's.
 */
function curl(target: Target, range?: string): Promise<CurlResult> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}'];
  for (const [k, v] of Object.entries(target.headers)) args.push('-H', `${k}: ${v}`);
  if (range) args.push('-H', `Range: bytes=${range}`);
  args.push(target.url);
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    // 'close', not 'exit': the process may exit before its stdout is read, which made a finished
    // request look like an empty answer (status 0, 0 bytes) and failed the case.
    child.on('close', (code) => {
      const [status, bytes, seconds] = out.trim().split(' ').map(Number);
      if (code !== 0 || status === undefined) reject(new Error(`curl ${target.url} failed (${code}): ${out}`));
      else resolve({ status, bytes: bytes ?? 0, seconds: seconds ?? NaN });
    });
  });
}

/** One GET of the whole file, counted and discarded: MB/s. */
async function oneStream(target: Target, size: number): Promise<number> {
  const r = await curl(target);
  if (r.status !== 200 || r.bytes !== size) throw new Error(`${target.url} answered ${r.status} with ${r.bytes} bytes`);
  return size / r.seconds / MB;
}

/** 16 Range requests at once, together covering the file: MB/s from the first request to the last byte. */
async function parallelRanges(target: Target, size: number): Promise<number> {
  const part = Math.ceil(size / PARALLEL);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => {
      const start = i * part;
      const end = Math.min(size, start + part) - 1;
      return curl(target, `${start}-${end}`).then((r) => {
        if (r.status !== 206 || r.bytes !== end - start + 1) {
          throw new Error(`range ${start}-${end} answered ${r.status} with ${r.bytes} bytes`);
        }
        return r.bytes;
      });
    }),
  );
  const bytes = results.reduce((a, b) => a + b, 0);
  if (bytes !== size) throw new Error(`the ranges brought ${bytes} bytes`);
  return size / ((performance.now() - started) / 1000) / MB;
}

export async function downloadCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const source = randomGiB();
  const dataDir = tempDir('download');
  const stops: (() => Promise<void>)[] = [];
  try {
    const fileId = newId();
    await prepareDataDir(dataDir, async (fx) => {
      await fx.ctx.storage.put(`files/${fileId}`, createReadStream(source), {
        contentType: 'application/octet-stream',
        size: GiB,
      });
      await fx.insertRows([
        { id: fileId, type: 'file', parentId: null, name: 'one-gib.bin', size: GiB, extension: 'bin' },
      ]);
      await fx.recount();
    });
    // Both servers read this very file (our local driver's blob) from the same page cache.
    const blob = blobPath(dataDir, `files/${fileId}`);
    await warm(blob);
    const ours = await startOurServer(dataDir, diagnosisOptions(context, 'download'));
    stops.push(() => ours.stop());
    const nginx = await startNginx(path.dirname(blob), dataDir, (line) => context.log(line));
    stops.push(() => nginx.proc.stop());
    const node = await startReference('node-file-server.ts', [blob]);
    stops.push(() => node.proc.stop());
    const client = await ours.signedIn();
    const targets: Record<Who, Target> = {
      ours: { url: `${ours.url}/api/files/${fileId}/download`, headers: { cookie: client.cookieHeader() } },
      nginx: { url: `${nginx.url}/${path.basename(blob)}`, headers: {} },
      node: { url: `${node.url}/file`, headers: {} },
    };
    client.close();

    // One untimed download from each first: a Node server's first gigabyte runs slower (JIT, heap
    // and allocator growth), and the figures are meant to be the steady state of all three.
    const everyone: Who[] = ['ours', 'nginx', 'node'];
    const coldMBps: Partial<Record<Who, number>> = {};
    for (const who of everyone) coldMBps[who] = round(await oneStream(targets[who], GiB), 0);

    const one: Record<Who, number[]> = { ours: [], nginx: [], node: [] };
    const ranges: Record<Who, number[]> = { ours: [], nginx: [], node: [] };
    const paired = { one: [] as number[], ranges: [] as number[], oneNode: [] as number[], rangesNode: [] as number[] };
    for (let rep = 0; rep < REPETITIONS; rep++) {
      // Rotate who goes first, so that nobody always gets the quieter machine.
      const order = [...everyone.slice(rep % 3), ...everyone.slice(0, rep % 3)];
      for (const who of order) {
        one[who].push(await oneStream(targets[who], GiB));
        ranges[who].push(await parallelRanges(targets[who], GiB));
        context.log(
          `download ${who} #${rep + 1}: one stream ${one[who].at(-1)?.toFixed(0)} MB/s, ${PARALLEL} ranges ${ranges[who].at(-1)?.toFixed(0)} MB/s`,
        );
      }
      const last = (runs: Record<Who, number[]>, who: Who) => runs[who].at(-1) as number;
      paired.one.push(last(one, 'ours') / last(one, 'nginx'));
      paired.ranges.push(last(ranges, 'ours') / last(ranges, 'nginx'));
      paired.oneNode.push(last(one, 'node') / last(one, 'nginx'));
      paired.rangesNode.push(last(ranges, 'node') / last(ranges, 'nginx'));
    }
    const peak = ours.memory().peak;
    const minRatio = { on: 'ratio', kind: 'min', value: 0.8 } as const;
    return {
      rows: [
        compare(
          'download',
          '1 GiB, one stream',
          'MB/s',
          median(one.ours),
          median(one.nginx),
          'nginx',
          minRatio,
          median(paired.one),
        ),
        compare(
          'download',
          `1 GiB, ${PARALLEL} parallel ranges`,
          'MB/s',
          median(ranges.ours),
          median(ranges.nginx),
          'nginx',
          minRatio,
          median(paired.ranges),
        ),
        compare(
          'download',
          '(info) minimal node:http file server, one stream',
          'MB/s',
          median(one.node),
          median(one.nginx),
          'nginx',
          null,
          median(paired.oneNode),
        ),
        compare(
          'download',
          `(info) minimal node:http file server, ${PARALLEL} ranges`,
          'MB/s',
          median(ranges.node),
          median(ranges.nginx),
          'nginx',
          null,
          median(paired.rangesNode),
        ),
      ],
      facts: {
        bytes: GiB,
        repetitions: REPETITIONS,
        oneStreamMBps: Object.fromEntries(Object.entries(one).map(([k, v]) => [k, v.map((x) => round(x, 0))])),
        rangesMBps: Object.fromEntries(Object.entries(ranges).map(([k, v]) => [k, v.map((x) => round(x, 0))])),
        pairedRatios: Object.fromEntries(Object.entries(paired).map(([k, v]) => [k, v.map((x) => round(x, 3))])),
        serverPeakMB: round(peak / MB, 1),
        // The untimed first download from each, for the record.
        coldOneStreamMBps: coldMBps,
        client: 'curl -o /dev/null (one process per request)',
      },
      notes: [
        'Ratio = median of the per-repetition ratios; MB/s columns are medians. The file is in the page cache for all.',
        'The minimal node:http file server (1 MiB reads piped to the response) shows what Node itself reaches.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
  }
}

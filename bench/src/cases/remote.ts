import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cpuTimesOf } from '../lib/cpu.js';
import { randomGiB, warm } from '../lib/data.js';
import { blobPath, diagnosisOptions, prepareDataDir, startOurServer, type OurServer } from '../lib/our-server.js';
import { removeTempDir, syncDisks, tempDir } from '../lib/proc.js';
import { startReference } from '../lib/refs.js';
import { absolute, compare, GiB, median, round, type CaseContext, type CaseResult, type Row } from '../lib/report.js';
import { uploadOurs } from './upload.js';

/**
 * Measured runs of each, after one run of each that is not counted: the first run of either path
 * on a fresh server was the slowest by up to a third (its code not yet optimized), and with two
 * runs the ratio swung 0.52–0.96 between back-to-back runs of this case on a quiet machine.
 */
const REPETITIONS = 3;
const MB = 1_000_000;
const POLL_MS = 50;

interface RemoteRun {
  seconds: number;
  throughput: number;
  fileId: string;
  /** The most RSS the server had while it fetched, sampled every POLL_MS. */
  rssMax: number;
}

/**
 * Remote upload of the GiB from a node:http file server on loopback: from the POST that starts the
 * batch to the status saying it is done (the file is then in the tree), polling as the web does
 * when the socket is not there.
 */
async function remoteOurs(server: OurServer, url: string): Promise<RemoteRun> {
  const client = await server.signedIn();
  try {
    let rssMax = server.memory().rss;
    const started = performance.now();
    const batch = await client.json<{ data: { id: string } }>('POST', '/api/upload/remote', { urls: [url] });
    for (;;) {
      rssMax = Math.max(rssMax, server.memory().rss);
      const status = await client.json<{
        data: { attributes: { status: string; failed: number; failures: { reason: string }[] } };
      }>('GET', `/api/upload/remote/${batch.data.id}`);
      const a = status.data.attributes;
      if (a.status === 'done') {
        if (a.failed) throw new Error(`the remote upload failed: ${a.failures[0]?.reason}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const seconds = (performance.now() - started) / 1000;
    const listing = await client.json<{ data: { data: { id: string; attributes: { size: number } } }[] }>(
      'GET',
      '/api/browse/folders/all?sort=created_at&direction=desc',
    );
    const file = listing.data.find((r) => r.data.attributes.size === GiB);
    if (!file) throw new Error('the fetched file is not in the listing');
    return { seconds, throughput: GiB / seconds / MB, fileId: file.data.id, rssMax };
  } finally {
    client.close();
  }
}

/**
 * Issue 13: remote upload of 1 GiB from a local node:http server against the chunked upload of the
 * same file measured in the same run (the `upload` case's figure), and the server's memory.
 */
export async function remoteCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const file = randomGiB();
  await warm(file);
  const dataDir = tempDir('remote');
  const procs: { stop(): Promise<void> }[] = [];
  try {
    await prepareDataDir(dataDir, async () => undefined);
    // The origin is on loopback, which the guard refuses unless told otherwise (ADR 0027).
    const base = diagnosisOptions(context, 'remote');
    const ours = await startOurServer(dataDir, { ...base, env: { ...base.env, REMOTE_UPLOAD_ALLOW_PRIVATE: 'true' } });
    procs.push(ours);
    const origin = await startReference('node-file-server.ts', [file]);
    procs.push(origin.proc);
    const startPeak = ours.memory().peak;
    const startRss = ours.memory().rss;
    const url = `${origin.url}/random-1GiB.bin`;

    const runs = { remote: [] as number[], upload: [] as number[] };
    // Our server's CPU per run, user space and kernel apart: the remote runs swing between two
    // kernel costs (see bench/README.md), the upload's do not.
    const cpu = { remote: [] as string[], upload: [] as string[] };
    let rssMax = 0;
    let peakAfterRemoteOnly = 0;
    // The blob removed at once, then the file deleted for good through the API, so the admin's
    // quota (5 GB by default) never fills up over the rounds.
    const admin = await ours.signedIn();
    procs.push({ stop: async () => admin.close() });
    const clear = async (fileId: string) => {
      rmSync(blobPath(dataDir, `files/${fileId}`), { force: true });
      await admin.json('POST', '/api/remove', { items: [{ id: fileId, type: 'file', force_delete: true }] });
      syncDisks();
    };
    // Round 0 warms both paths up and is not counted.
    for (let rep = 0; rep <= REPETITIONS; rep++) {
      // Remote first in the warm-up round, so the peak it alone causes is seen; then rotated.
      const order: ('remote' | 'upload')[] = rep % 2 === 0 ? ['remote', 'upload'] : ['upload', 'remote'];
      const label = rep === 0 ? 'warm-up' : `#${rep}`;
      for (const name of order) {
        syncDisks();
        const cpuBefore = cpuTimesOf(ours.pid);
        const cpuSpent = () => {
          const after = cpuTimesOf(ours.pid);
          const spent = `user ${(after.user - cpuBefore.user).toFixed(2)} s, kernel ${(after.system - cpuBefore.system).toFixed(2)} s`;
          if (rep > 0) cpu[name].push(spent);
          return spent;
        };
        if (name === 'remote') {
          const r = await remoteOurs(ours, url);
          if (rep > 0) runs.remote.push(r.throughput);
          rssMax = Math.max(rssMax, r.rssMax);
          if (rep === 0) peakAfterRemoteOnly = ours.memory().peak;
          context.log(
            `remote ${label}: ${r.throughput.toFixed(0)} MB/s (${r.seconds.toFixed(2)} s; ours ${cpuSpent()})`,
          );
          await clear(r.fileId);
        } else {
          const r = await uploadOurs(ours, file, GiB);
          if (rep > 0) runs.upload.push(r.throughput);
          context.log(
            `upload (chunked API) ${label}: ${r.throughput.toFixed(0)} MB/s (${r.seconds.toFixed(2)} s; ours ${cpuSpent()})`,
          );
          await clear(r.fileId);
        }
      }
    }
    const peak = ours.memory().peak;
    const rows: Row[] = [
      compare(
        'remote',
        '1 GiB from a local node:http server vs the chunked upload',
        'MB/s',
        median(runs.remote),
        median(runs.upload),
        'chunked upload',
        { on: 'ratio', kind: 'min', value: 0.8 },
      ),
      absolute('remote', 'server peak memory (VmHWM) after the remote upload', 'MB', peakAfterRemoteOnly / MB, {
        on: 'ours',
        kind: 'max',
        value: 200,
      }),
      absolute('remote', '(info) RSS added while fetching, most sampled', 'MB', (rssMax - startRss) / MB, null),
    ];
    return {
      rows,
      facts: {
        bytes: GiB,
        repetitions: REPETITIONS,
        runsMBps: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => round(x, 1))])),
        serverCpuPerRun: cpu,
        serverPeakAtStartMB: round(startPeak / MB, 1),
        serverPeakAfterRemoteMB: round(peakAfterRemoteOnly / MB, 1),
        serverPeakAfterBothMB: round(peak / MB, 1),
        rssAtStartMB: round(startRss / MB, 1),
        rssMaxWhileFetchingMB: round(rssMax / MB, 1),
      },
      notes: [
        'Remote: wall time from POST /api/upload/remote to the status answering done (polled every 50 ms); the file is then in the tree.',
        'Chunked upload: the upload case’s client (64 MB multipart chunks), on the same server in the same run.',
        'One warm-up run of each is not counted; the medians are of the runs after it. The remote peak is read after the warm-up remote run, before any chunked upload has run on that server.',
      ],
    };
  } finally {
    for (const p of procs) await p.stop();
    removeTempDir(dataDir);
  }
}

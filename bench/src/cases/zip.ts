import { spawn } from 'node:child_process';
import { createReadStream, linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomGiB, seeded } from '../lib/data.js';
import { streamRequest } from '../lib/http.js';
import { blobPath, diagnosisOptions, newId, prepareDataDir, startOurServer, type TreeRow } from '../lib/our-server.js';
import { ensureDebianPackages, removeTempDir, syncDisks, tempDir } from '../lib/proc.js';
import { absolute, compare, GiB, median, round, type CaseContext, type CaseResult } from '../lib/report.js';

const REPETITIONS = 3;
const FOLDERS = 20;
const FILES_PER_FOLDER = 100;

interface ZipRun {
  bytes: number;
  firstByteMs: number;
  headersMs: number;
  totalMs: number;
}

/**
 * 2,000 file sizes between 8 KiB and 4 MiB, spread log-uniformly (many small files, a few large),
 * the same on every run, adding up to exactly 1 GiB.
 */
function fileSizes(): number[] {
  const random = seeded(2000);
  const raw = Array.from({ length: FOLDERS * FILES_PER_FOLDER }, () =>
    Math.exp(Math.log(8192) + random() * Math.log(512)),
  );
  const scale = GiB / raw.reduce((a, b) => a + b, 0);
  const sizes = raw.map((s) => Math.max(1, Math.round(s * scale)));
  const last = sizes.length - 1;
  sizes[last] = (sizes[last] as number) + GiB - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** `zip -0 -r -q - <folder>`: the archive on stdout, read by the benchmark and discarded (like our client does). */
function zipReference(cwd: string, folder: string): Promise<ZipRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('zip', ['-0', '-r', '-q', '-', folder], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let firstByteMs = -1;
    let errors = '';
    child.stdout.on('data', (c: Buffer) => {
      if (firstByteMs < 0) firstByteMs = performance.now() - started;
      bytes += c.length;
    });
    child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`zip exited ${code}: ${errors}`));
      else resolve({ bytes, firstByteMs, headersMs: firstByteMs, totalMs: performance.now() - started });
    });
  });
}

export async function zipCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  ensureDebianPackages([{ pkg: 'zip', binary: 'zip' }], (line) => context.log(line));
  const source = randomGiB();
  const dataDir = tempDir('zip');
  const treeRoot = tempDir('zip-tree');
  const stops: (() => Promise<void>)[] = [];
  try {
    const sizes = fileSizes();
    const archiveId = newId();
    const rows: TreeRow[] = [{ id: archiveId, type: 'folder', parentId: null, name: 'Archive' }];
    const files: { id: string; folder: string; name: string; offset: number; size: number }[] = [];
    let offset = 0;
    for (let f = 0; f < FOLDERS; f++) {
      const folderId = newId();
      const folder = `Folder ${String(f + 1).padStart(2, '0')}`;
      rows.push({ id: folderId, type: 'folder', parentId: archiveId, name: folder });
      for (let i = 0; i < FILES_PER_FOLDER; i++) {
        const size = sizes[f * FILES_PER_FOLDER + i] as number;
        const file = {
          id: newId(),
          folder,
          name: `file-${String(f * FILES_PER_FOLDER + i + 1).padStart(4, '0')}.bin`,
          offset,
          size,
        };
        files.push(file);
        rows.push({ id: file.id, type: 'file', parentId: folderId, name: file.name, size, extension: 'bin' });
        offset += size;
      }
    }
    context.log(`storing ${files.length} files (${(offset / GiB).toFixed(2)} GiB) through the storage driver`);
    await prepareDataDir(dataDir, async (fx) => {
      // Each file is a slice of the random GiB, stored by the product's own storage driver.
      for (let i = 0; i < files.length; i += 8) {
        await Promise.all(
          files.slice(i, i + 8).map((f) =>
            fx.ctx.storage.put(
              `files/${f.id}`,
              createReadStream(source, { start: f.offset, end: f.offset + f.size - 1 }),
              {
                contentType: 'application/octet-stream',
                size: f.size,
              },
            ),
          ),
        );
      }
      await fx.insertRows(rows);
      await fx.recount();
    });
    // The same tree on disk for zip: hard links to the very blobs our server reads (same bytes, same page cache).
    for (const f of files) {
      const dir = path.join(treeRoot, 'Archive', f.folder);
      mkdirSync(dir, { recursive: true });
      linkSync(blobPath(dataDir, `files/${f.id}`), path.join(dir, f.name));
    }
    syncDisks();
    const ours = await startOurServer(dataDir, diagnosisOptions(context, 'zip'));
    stops.push(() => ours.stop());
    const client = await ours.signedIn();
    const url = `${ours.url}/api/zip?items=${encodeURIComponent(`${archiveId}|folder`)}`;
    const oursRun = async (): Promise<ZipRun> => {
      const r = await streamRequest(url, 'GET', { headers: { cookie: client.cookieHeader() } });
      if (r.status !== 200) throw new Error(`/api/zip answered ${r.status}`);
      return r;
    };
    // Both read every file once first: the page cache is warm for both, and our server is past its
    // first archive (JIT, heap growth), which ran up to twice as slow as the later ones.
    await zipReference(treeRoot, 'Archive');
    const coldRun = await oursRun();

    const runs = { ours: [] as ZipRun[], zip: [] as ZipRun[], ratios: [] as number[] };
    for (let rep = 0; rep < REPETITIONS; rep++) {
      const pair: Partial<Record<'ours' | 'zip', ZipRun>> = {};
      for (const who of rep % 2 === 0 ? (['ours', 'zip'] as const) : (['zip', 'ours'] as const)) {
        const r = who === 'ours' ? await oursRun() : await zipReference(treeRoot, 'Archive');
        pair[who] = r;
        runs[who].push(r);
        context.log(
          `zip ${who} #${rep + 1}: ${(r.totalMs / 1000).toFixed(2)} s, first byte ${r.firstByteMs.toFixed(0)} ms, ${r.bytes} bytes`,
        );
      }
      if (pair.ours && pair.zip) runs.ratios.push(pair.ours.totalMs / pair.zip.totalMs);
    }
    client.close();
    const oursSeconds = median(runs.ours.map((r) => r.totalMs / 1000));
    const zipSeconds = median(runs.zip.map((r) => r.totalMs / 1000));
    const firstByte = median(runs.ours.map((r) => r.firstByteMs));
    return {
      rows: [
        compare(
          'zip',
          '2,000 files / 1 GiB, time to last byte',
          's',
          oursSeconds,
          zipSeconds,
          'zip -0 -r',
          { on: 'ratio', kind: 'max', value: 1.0 },
          median(runs.ratios),
        ),
        absolute('zip', 'time to first byte of the body', 'ms', firstByte, { on: 'ours', kind: 'max', value: 300 }),
      ],
      facts: {
        files: files.length,
        folders: FOLDERS + 1,
        bytes: offset,
        smallestFile: Math.min(...sizes),
        largestFile: Math.max(...sizes),
        repetitions: REPETITIONS,
        archiveBytes: { ours: runs.ours[0]?.bytes, zip: runs.zip[0]?.bytes },
        oursSeconds: runs.ours.map((r) => round(r.totalMs / 1000, 2)),
        zipSeconds: runs.zip.map((r) => round(r.totalMs / 1000, 2)),
        oursHeadersMs: runs.ours.map((r) => round(r.headersMs, 0)),
        oursFirstByteMs: runs.ours.map((r) => round(r.firstByteMs, 0)),
        zipFirstByteMs: runs.zip.map((r) => round(r.firstByteMs, 0)),
        serverPeakMB: round(ours.memory().peak / 1e6, 1),
        // The untimed first archive after the server started, for the record.
        oursColdRun: { seconds: round(coldRun.totalMs / 1000, 2), firstByteMs: round(coldRun.firstByteMs, 0) },
      },
      notes: [
        'zip writes the archive to its stdout, read and discarded by the benchmark; ours streams it over HTTP to the benchmark.',
        'Ratio = median of the per-repetition ratios (each pair measured back to back).',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(treeRoot);
    removeTempDir(dataDir);
  }
}

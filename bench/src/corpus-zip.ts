// The zip of a real folder upload on S3 against the same on the local disk (issue 19's "done when":
// a small multiple of the local disk's time, not the 90 × it once was). Not a bench case: it has no
// reference program, only the two drivers of our own server.
//
//   npm run corpus-zip -w @filestore/bench   (ZIP_READ_AHEAD=8 to try another number of GETs in flight on S3)
//
// The corpus is four package trees of this repository's node_modules (@aws-sdk, zod, react-dom,
// ajv: ~2,800 files, ~21 MB of real source, maps and type files in nested folders), uploaded through
// the chunked API as a folder upload (`path` per file, four at once), then zipped twice by
// GET /api/zip; each zip is unpacked and compared with the source byte for byte. The S3 side runs
// against a Ceph RGW started by the shared script, as the s3 case does (ports 7495 and 6795).
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { gatewayClient, ourServerOnGateway, startCephGateway } from './lib/ceph.js';
import { prepareDataDir, REPO, startOurServer, type OurServer } from './lib/our-server.js';

const TREES = ['@aws-sdk', 'zod', 'react-dom', 'ajv'];
const CLIENTS = 4;
const ROUNDS = 2;
const BUCKET = 'corpus';

interface CorpusFile {
  relative: string;
  content: Buffer;
}

function listFiles(root: string, base: string, out: CorpusFile[]): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) listFiles(full, base, out);
    else if (entry.isFile()) out.push({ relative: path.relative(base, full), content: readFileSync(full) });
  }
}

function corpus(): CorpusFile[] {
  const modules = path.join(REPO, 'node_modules');
  const files: CorpusFile[] = [];
  for (const tree of TREES) listFiles(path.join(modules, tree), modules, files);
  return files;
}

async function uploadFolder(server: OurServer, files: CorpusFile[]): Promise<string> {
  const client = await server.signedIn();
  const folder = await client.json<{ data: { id: string } }>('POST', '/api/create-folder', { name: 'corpus' });
  const parentId = folder.data.id;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as CorpusFile;
      const name = path.basename(file.relative);
      const fields: [string, string][] = [
        ['name', name],
        ['extension', path.extname(name).slice(1)],
        ['path', `/${file.relative}`],
        ['is_last_chunk', '1'],
        ['parent_id', parentId],
        ['upload_id', randomUUID()],
        ['offset', '0'],
        ['size', String(file.content.length)],
        ['chunk_size', String(64 * 1024 * 1024)],
      ];
      const res = await client.postChunk(fields, file.content, { agent });
      if (res.status !== 201)
        throw new Error(`${file.relative} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  agent.destroy();
  return parentId;
}

/** Zips the folder into a file; the time to the last byte and to the first. */
async function zipOnce(
  server: OurServer,
  folderId: string,
  into: string,
): Promise<{ ms: number; firstByteMs: number }> {
  const client = await server.signedIn();
  const started = performance.now();
  let firstByteMs = 0;
  await new Promise<void>((resolve, reject) => {
    const url = `${server.url}/api/zip?items=${encodeURIComponent(`${folderId}|folder`)}`;
    http
      .get(url, { headers: client.headers('GET') }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`/api/zip answered ${res.statusCode}`));
        }
        res.once('data', () => (firstByteMs = performance.now() - started));
        pipeline(res, createWriteStream(into)).then(resolve, reject);
      })
      .on('error', reject);
  });
  return { ms: performance.now() - started, firstByteMs };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Unpacks the zip and compares every file with the source; the number compared. */
function verify(zipFile: string, files: CorpusFile[]): number {
  const out = mkdtempSync(path.join(os.tmpdir(), 'corpus-unzip-'));
  try {
    execFileSync('unzip', ['-q', zipFile, '-d', out]);
    const [top] = readdirSync(out);
    const root = top && statSync(path.join(out, top)).isDirectory() && top === 'corpus' ? path.join(out, top) : out;
    for (const file of files) {
      const unpacked = readFileSync(path.join(root, file.relative));
      if (sha(unpacked) !== sha(file.content)) throw new Error(`${file.relative} differs after the round trip`);
    }
    // And nothing more than the source.
    const unpacked: CorpusFile[] = [];
    listFiles(root, root, unpacked);
    if (unpacked.length !== files.length)
      throw new Error(`the zip holds ${unpacked.length} files, not ${files.length}`);
    return files.length;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function measure(label: string, files: CorpusFile[], env: Record<string, string>): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `corpus-${label}-`));
  const zipFile = path.join(dataDir, '..', `corpus-${label}-${process.pid}.zip`);
  try {
    await prepareDataDir(dataDir, async () => undefined);
    const server = await startOurServer(dataDir, { env });
    try {
      const started = performance.now();
      const folderId = await uploadFolder(server, files);
      const uploadS = (performance.now() - started) / 1000;
      console.log(`${label}: uploaded ${files.length} files in ${uploadS.toFixed(1)} s`);
      const times: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const { ms, firstByteMs } = await zipOnce(server, folderId, zipFile);
        const checked = verify(zipFile, files);
        console.log(
          `${label}: zip #${round} ${(ms / 1000).toFixed(2)} s (first byte ${firstByteMs.toFixed(0)} ms, ` +
            `${(statSync(zipFile).size / 1e6).toFixed(1)} MB), ${checked} files byte-exact`,
        );
        times.push(ms);
      }
      return times;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(zipFile, { force: true });
  }
}

async function main() {
  const files = corpus();
  const bytes = files.reduce((sum, f) => sum + f.content.length, 0);
  console.log(`corpus: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB (${TREES.join(', ')})`);
  const local = await measure('local', files, {});
  const gateway = await startCephGateway(7495, 6795, (line) => console.log(line));
  if ('skipped' in gateway) {
    console.log(`*** S3 SKIPPED: ${gateway.skipped} ***`);
    return;
  }
  try {
    const s3 = gatewayClient(gateway);
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    s3.destroy();
    const onS3 = await measure('s3', files, {
      ...ourServerOnGateway(gateway, BUCKET),
      // The GETs in flight (the server's default otherwise), to see how the gateway scales.
      ...(process.env.ZIP_READ_AHEAD ? { ZIP_READ_AHEAD: process.env.ZIP_READ_AHEAD } : {}),
    });
    const best = (times: number[]) => Math.min(...times) / 1000;
    console.log(
      `zip of the corpus: local ${best(local).toFixed(2)} s, S3 ${best(onS3).toFixed(2)} s ` +
        `(${(best(onS3) / best(local)).toFixed(1)} × the local disk; best of ${ROUNDS} each)`,
    );
  } finally {
    gateway.stop();
  }
}

await main();

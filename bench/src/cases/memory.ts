import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { gatewayClient, ourServerOnGateway, startCephGateway } from '../lib/ceph.js';
import { chunkForm, request, streamRequest } from '../lib/http.js';
import { blobPath, type OurServer, startOurServer } from '../lib/our-server.js';
import { freshPostgresDatabase } from '../lib/postgres.js';
import { removeTempDir, tempDir } from '../lib/proc.js';
import { absolute, GiB, MiB, round, skippedRow, type CaseContext, type CaseResult, type Row } from '../lib/report.js';

const MB = 1_000_000;
/** ADR 0063: what a transfer 16 times larger may add to the server's peak. */
const FLAT_TARGET = { on: 'ours', kind: 'max', value: 32 } as const;
/** ADR 0063: first start on a fresh data folder through a 1 GiB upload, as the README starts it. */
const CEILING = { pglite: 300, postgres: 250 } as const;
const SMALL = 256 * MiB;
const LARGE = 4 * GiB;
const ZIP_FILES = 16;
const ZIP_SMALL = (64 * MiB) / ZIP_FILES;
const ZIP_LARGE = GiB / ZIP_FILES;
const POLL_MS = 100;

/** Bytes of a body made by repeating 16 MiB of random data: no file on the benchmark's side. */
const PATTERN = randomBytes(16 * MiB);
function* repeated(size: number): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += PATTERN.length)
    yield PATTERN.subarray(0, Math.min(PATTERN.length, size - sent));
}

/** The server's peak RSS (VmHWM) is reset (clear_refs 5), `run` runs, and the new peak is read. */
async function peakOf(server: OurServer, run: () => Promise<void>): Promise<number> {
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  await run();
  return server.memory().peak;
}

/** One file of `size` bytes through the chunked upload, as the web client sends it; its id. */
async function upload(server: OurServer, size: number): Promise<string> {
  const client = await server.signedIn();
  try {
    const { chunkSize } = await client.json<{ chunkSize: number }>('GET', '/api/config');
    const uploadId = randomUUID();
    let last: { status: number; body: Buffer } | null = null;
    for (let offset = 0; offset < size; offset += chunkSize) {
      const length = Math.min(chunkSize, size - offset);
      const isLast = offset + length === size;
      const { head, tail, contentType } = chunkForm([
        ['name', `memory-${uploadId.slice(0, 8)}.bin`],
        ['extension', 'bin'],
        ['is_last_chunk', isLast ? '1' : '0'],
        ['upload_id', uploadId],
        ['offset', String(offset)],
        ['size', String(size)],
        ['chunk_size', String(chunkSize)],
      ]);
      last = await request(`${server.url}/api/upload/chunks`, 'POST', {
        agent: client.agent,
        headers: client.headers('POST', {
          'content-type': contentType,
          'content-length': head.length + length + tail.length,
        }),
        body: () => Readable.from([head, ...repeated(length), tail]),
      });
      if (last.status !== (isLast ? 201 : 200)) throw new Error(`chunk at ${offset} answered ${last.status}`);
    }
    const id = (JSON.parse(last?.body.toString('utf8') ?? '{}') as { data?: { id?: string } }).data?.id;
    if (!id) throw new Error('the upload answered no id');
    return id;
  } finally {
    client.close();
  }
}

async function download(server: OurServer, id: string, size: number): Promise<void> {
  const client = await server.signedIn();
  try {
    const r = await streamRequest(`${server.url}/api/files/${id}/download`, 'GET', {
      headers: { cookie: client.cookieHeader() },
    });
    if (r.status !== 200 || r.bytes !== size) throw new Error(`download answered ${r.status}, ${r.bytes} bytes`);
  } finally {
    client.close();
  }
}

async function zip(server: OurServer, ids: string[], size: number): Promise<void> {
  const client = await server.signedIn();
  try {
    const items = encodeURIComponent(ids.map((id) => `${id}|file`).join(','));
    const r = await streamRequest(`${server.url}/api/zip?items=${items}`, 'GET', {
      headers: { cookie: client.cookieHeader() },
    });
    if (r.status !== 200 || r.bytes < size) throw new Error(`zip answered ${r.status}, ${r.bytes} bytes`);
  } finally {
    client.close();
  }
}

/** A loopback origin serving `/<n>.bin` as n bytes of the repeated pattern. */
async function startOrigin(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const size = Number(/^\/(\d+)\.bin$/.exec(req.url ?? '')?.[1] ?? NaN);
    if (!Number.isSafeInteger(size)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    Readable.from(repeated(size)).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `size` bytes fetched by the remote upload from `origin`; the new file's id. */
async function remote(server: OurServer, origin: string, size: number): Promise<string> {
  const client = await server.signedIn();
  try {
    const batch = await client.json<{ data: { id: string } }>('POST', '/api/upload/remote', {
      urls: [`${origin}/${size}.bin`],
    });
    for (;;) {
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
    const listing = await client.json<{ data: { data: { id: string; attributes: { size: number } } }[] }>(
      'GET',
      '/api/browse/folders/all?sort=created_at&direction=desc',
    );
    const file = listing.data.find((r) => r.data.attributes.size === size);
    if (!file) throw new Error('the fetched file is not in the listing');
    return file.data.id;
  } finally {
    client.close();
  }
}

/** Every row of one database, measured on one server started on a fresh data folder. */
async function measure(
  context: CaseContext,
  on: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<{ rows: Row[]; facts: Record<string, number> }> {
  const dataDir = tempDir(`memory-${on}`);
  const origin = await startOrigin();
  const label = on === 'postgres' ? ', PostgreSQL' : '';
  const facts: Record<string, number> = {};
  const rows: Row[] = [];
  // Nothing prepared: the server's first start makes the database and the administrator itself.
  const server = await startOurServer(dataDir, {
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { REMOTE_UPLOAD_ALLOW_PRIVATE: 'true' },
  });
  const drop = (id: string) => rmSync(blobPath(dataDir, `files/${id}`), { force: true });
  try {
    facts[`${on}FirstStartPeakMB`] = round(server.memory().peak / MB, 1);
    drop(await upload(server, GiB));
    const ceiling = server.memory().peak / MB;
    // What follows moves ~10 GiB through one account: the default storage limit would refuse it.
    const admin = await server.signedIn();
    await admin.json('PATCH', '/api/admin/settings', { name: 'storage_limitation', value: false });
    admin.close();
    facts[`${on}CeilingMB`] = round(ceiling, 1);
    context.log(
      `${on}: peak RSS (VmHWM) ${facts[`${on}FirstStartPeakMB`]} MB after the first start, ${ceiling.toFixed(1)} MB ` +
        `through a 1 GiB upload: target ≤ ${CEILING[on]} MB, ${ceiling <= CEILING[on] ? 'PASS' : 'FAIL'}`,
    );
    rows.push(
      absolute('memory', `peak RSS (VmHWM), first start on a fresh data folder + 1 GiB upload${label}`, 'MB', ceiling, {
        on: 'ours',
        kind: 'max',
        value: CEILING[on],
      }),
    );

    const flat = (what: string, small: number, large: number, sizes: string) => {
      facts[`${on}${what}SmallPeakMB`] = round(small / MB, 1);
      facts[`${on}${what}LargePeakMB`] = round(large / MB, 1);
      context.log(`${on} ${what}: peak ${(small / MB).toFixed(1)} MB, then ${(large / MB).toFixed(1)} MB`);
      rows.push(absolute('memory', `${what}: peak RSS ${sizes}${label}`, 'MB', (large - small) / MB, FLAT_TARGET));
    };

    let smallId = '';
    let largeId = '';
    const upSmall = await peakOf(server, async () => void (smallId = await upload(server, SMALL)));
    const upLarge = await peakOf(server, async () => void (largeId = await upload(server, LARGE)));
    flat('upload', upSmall, upLarge, '4 GiB over 256 MiB');
    const downSmall = await peakOf(server, () => download(server, smallId, SMALL));
    const downLarge = await peakOf(server, () => download(server, largeId, LARGE));
    flat('download', downSmall, downLarge, '4 GiB over 256 MiB');
    drop(smallId);
    drop(largeId);

    const small: string[] = [];
    const large: string[] = [];
    for (let i = 0; i < ZIP_FILES; i++) small.push(await upload(server, ZIP_SMALL));
    for (let i = 0; i < ZIP_FILES; i++) large.push(await upload(server, ZIP_LARGE));
    const zipSmall = await peakOf(server, () => zip(server, small, ZIP_FILES * ZIP_SMALL));
    const zipLarge = await peakOf(server, () => zip(server, large, ZIP_FILES * ZIP_LARGE));
    flat('zip', zipSmall, zipLarge, `${ZIP_FILES} files, 1 GiB over 64 MiB`);
    [...small, ...large].forEach(drop);

    const remoteSmall = await peakOf(server, async () => drop(await remote(server, origin.url, SMALL)));
    const remoteLarge = await peakOf(server, async () => drop(await remote(server, origin.url, LARGE)));
    flat('remote upload', remoteSmall, remoteLarge, '4 GiB over 256 MiB, loopback origin');
    return { rows, facts };
  } finally {
    await server.stop();
    await origin.close();
    removeTempDir(dataDir);
  }
}

/** Ports of this case's own gateway (the s3 case uses 7495/6795, development 7490). */
const RGW_PORT = 7497;
const MON_PORT = 6797;
/** The memstore OSD raised to hold the 4 GiB object and the 256 MiB one beside it, with room to spare. */
const S3_STORE_BYTES = 6 * GiB;

/**
 * The flat-with-size rows on S3 (Ceph RGW, its memstore OSD raised to 6 GiB): the same 256 MiB and
 * 4 GiB chunked uploads and downloads, through a server storing in a bucket on the embedded database.
 */
async function measureS3(
  context: CaseContext,
): Promise<{ rows: Row[]; facts: Record<string, number> } | { skipped: string }> {
  const gateway = await startCephGateway(RGW_PORT, MON_PORT, (line) => context.log(line));
  if ('skipped' in gateway) return gateway;
  const dataDir = tempDir('memory-s3');
  let server: OurServer | undefined;
  try {
    gateway.growStore(S3_STORE_BYTES);
    const bucket = 'memory';
    await gatewayClient(gateway).send(new CreateBucketCommand({ Bucket: bucket }));
    server = await startOurServer(dataDir, { env: ourServerOnGateway(gateway, bucket) });
    const s = server;
    const admin = await s.signedIn();
    await admin.json('PATCH', '/api/admin/settings', { name: 'storage_limitation', value: false });
    admin.close();
    const rows: Row[] = [];
    const facts: Record<string, number> = {};
    const flat = (what: string, small: number, large: number) => {
      facts[`s3${what}SmallPeakMB`] = round(small / MB, 1);
      facts[`s3${what}LargePeakMB`] = round(large / MB, 1);
      context.log(`s3 ${what}: peak ${(small / MB).toFixed(1)} MB, then ${(large / MB).toFixed(1)} MB`);
      rows.push(
        absolute('memory', `${what}: peak RSS 4 GiB over 256 MiB, S3`, 'MB', (large - small) / MB, FLAT_TARGET),
      );
    };
    let smallId = '';
    let largeId = '';
    const upSmall = await peakOf(s, async () => void (smallId = await upload(s, SMALL)));
    const upLarge = await peakOf(s, async () => void (largeId = await upload(s, LARGE)));
    flat('upload', upSmall, upLarge);
    const downSmall = await peakOf(s, () => download(s, smallId, SMALL));
    const downLarge = await peakOf(s, () => download(s, largeId, LARGE));
    flat('download', downSmall, downLarge);
    return { rows, facts };
  } finally {
    await server?.stop();
    gateway.stop();
    removeTempDir(dataDir);
  }
}

/**
 * Issue 40, ADR 0063: memory flat with the size of what the server moves, and a ceiling from the
 * first start. Each transfer's peak is the server's VmHWM after it was reset (`clear_refs`), the
 * smaller transfer measured first on a server that has already served a 1 GiB upload.
 */
export async function memoryCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const embedded = await measure(context, 'pglite');
  const rows = [...embedded.rows];
  const facts: Record<string, unknown> = { ...embedded.facts };
  const notes = [
    'Our server started as npm start does (read from package.json), on a fresh data folder each time: the ceiling counts its first start (migrations, set-up) and a 1 GiB chunked upload.',
    'Flat with size: the server’s VmHWM reset through /proc/<pid>/clear_refs before each transfer, the smaller one first; the row is the larger transfer’s peak minus the smaller one’s.',
  ];
  const database = await freshPostgresDatabase('memory_flat');
  if ('unreachable' in database) {
    context.log(`PostgreSQL SKIPPED: ${database.unreachable}`);
    rows.push(
      skippedRow(
        'memory',
        'peak RSS (VmHWM), first start + 1 GiB upload, PostgreSQL',
        'MB',
        null,
        database.unreachable,
      ),
    );
  } else {
    try {
      const pg = await measure(context, 'postgres', database.url);
      rows.push(...pg.rows);
      Object.assign(facts, pg.facts);
    } finally {
      await database.drop();
    }
  }
  const s3 = await measureS3(context);
  if ('skipped' in s3) {
    context.log(`S3 SKIPPED: ${s3.skipped}`);
    rows.push(skippedRow('memory', 'upload: peak RSS 4 GiB over 256 MiB, S3', 'MB', FLAT_TARGET, s3.skipped));
    rows.push(skippedRow('memory', 'download: peak RSS 4 GiB over 256 MiB, S3', 'MB', FLAT_TARGET, s3.skipped));
    notes.push(`S3 flat-with-size rows skipped: ${s3.skipped}.`);
  } else {
    rows.push(...s3.rows);
    Object.assign(facts, s3.facts);
    notes.push(
      'S3: Ceph RGW on loopback, its memstore OSD raised to 6 GiB for the 4 GiB object; the server on the embedded database.',
    );
  }
  return { rows, facts, notes };
}

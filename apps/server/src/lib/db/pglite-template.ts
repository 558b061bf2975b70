import { createReadStream, existsSync, mkdirSync, openSync, closeSync, writeSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';

/**
 * A fresh embedded database folder, made once by the build (ADR 0063, ADR 0069).
 *
 * PGlite makes a missing data folder by running `initdb` inside the calling process, with a second
 * PostgreSQL instance beside the first: a second 128 MB WebAssembly memory (the module's minimum),
 * a copy of it restored before each of initdb's five backend runs, and the new folder kept in memory
 * and copied out as a tarball. That made the server's first start on a fresh data folder peak at
 * ~730–830 MB, against ~250 MB for every later start. The build runs that `initdb` once, in its own
 * process, and keeps the folder as a gzipped tarball (~4.5 MB) in `dist`. Every install's `initdb`
 * is the same (PGlite fixes its arguments), so the copy is too. The build makes it again whenever
 * its inputs (the lock file among them, so a PGlite upgrade) change.
 *
 * A first start unpacks it straight into the data folder, streamed (ADR 0069): PGlite then finds a
 * database there and opens it as on any later start. PGlite's own `loadDataDir` took the whole
 * tarball as one Blob, unpacked it in memory (40 MB, half of it one WAL segment of zeros) and kept
 * ~80 MB of array buffers alive after start-up, which alone put the first start 115 MB above a
 * later one.
 */
export const TEMPLATE_FILE = 'pglite-template.tgz';

/** Where the built server finds the template: `dist/`, beside `main.js`. */
export const DEFAULT_TEMPLATE = new URL(`../../${TEMPLATE_FILE}`, import.meta.url);

/** The file PostgreSQL's data folder is recognised by; unpacked last, so a partial unpack is redone. */
const MARKER = 'PG_VERSION';

/** Runs PGlite's `initdb` in memory and answers the new data folder as a gzipped tarball. */
export async function makeTemplate(): Promise<Buffer> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  try {
    const dump = await pg.dumpDataDir('gzip');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await pg.close();
  }
}

/** Writes the template to `file`. */
export async function writeTemplate(file: URL | string): Promise<void> {
  writeFileSync(file, await makeTemplate());
}

/**
 * A data folder that has no database yet gets the template unpacked into it; true when it did.
 * False (nothing done) when the folder already has a database or there is no template (a server run
 * from source: PGlite then runs initdb itself).
 */
export async function unpackTemplateInto(dataDir: string, template: URL | string = DEFAULT_TEMPLATE): Promise<boolean> {
  if (existsSync(path.join(dataDir, MARKER))) return false;
  if (!existsSync(template)) return false;
  await unpackTar(template, dataDir);
  return true;
}

const BLOCK = 512;

/** A header's NUL-terminated text field. */
function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, offset: number, length: number): number {
  const text = field(header, offset, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/** A member's path inside `root`, refused if it would leave it. */
function inside(root: string, name: string): string {
  const relative = path.posix.normalize(name.replace(/^\/+/, ''));
  if (relative === '.' || relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`the database template has an entry outside its folder: ${name}`);
  }
  return path.join(root, relative);
}

/**
 * Unpacks a gzipped ustar archive of directories and regular files (what PGlite's `dumpDataDir`
 * writes) into `root`, a chunk at a time: what it holds does not depend on the archive's size. The
 * marker file is written last, after every other file, so an unpack cut short is done again.
 */
async function unpackTar(file: URL | string, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer = Buffer.alloc(0);
  /** The member whose data comes next (fd null: the marker, kept for the end). */
  let member: { fd: number | null; left: number; padding: number } | null = null;
  let marker: { target: string; mode: number; parts: Buffer[] } | null = null;
  let skip = 0;
  let ended = false;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      for (;;) {
        if (skip > 0) {
          const n = Math.min(skip, pending.length - at);
          at += n;
          skip -= n;
          if (skip > 0) break;
        }
        if (member) {
          const data = pending.subarray(at, at + Math.min(member.left, pending.length - at));
          if (member.fd !== null) writeSync(member.fd, data);
          else marker?.parts.push(Buffer.from(data));
          member.left -= data.length;
          at += data.length;
          if (member.left > 0) break;
          if (member.fd !== null) closeSync(member.fd);
          skip = member.padding;
          member = null;
          continue;
        }
        if (ended || pending.length - at < BLOCK) break;
        const block = pending.subarray(at, at + BLOCK);
        at += BLOCK;
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const prefix = field(block, 345, 155);
        const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
        const type = String.fromCharCode(block[156] ?? 0);
        const mode = octal(block, 100, 8) & 0o777;
        const size = octal(block, 124, 12);
        const target = inside(root, name);
        if (type === '5') {
          mkdirSync(target, { recursive: true, mode: mode || 0o700 });
          continue;
        }
        if (type !== '0' && type !== '\0')
          throw new Error(`the database template has an entry of type ${type}: ${name}`);
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        const isMarker = path.relative(root, target) === MARKER;
        if (isMarker) marker = { target, mode: mode || 0o600, parts: [] };
        member = {
          fd: isMarker ? null : openSync(target, 'w', mode || 0o600),
          left: size,
          padding: Math.ceil(size / BLOCK) * BLOCK - size,
        };
      }
      pending = pending.subarray(at);
    }
  } finally {
    if (member?.fd != null) closeSync(member.fd);
    input.destroy();
  }
  if (!ended) throw new Error('the database template ends before its end-of-archive blocks');
  if (!marker) throw new Error(`the database template has no ${MARKER}`);
  writeFileSync(marker.target, Buffer.concat(marker.parts), { mode: marker.mode });
}

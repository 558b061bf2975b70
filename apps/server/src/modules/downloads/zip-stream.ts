import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { StorageDriver } from '../storage/index.js';
import type { ZipEntry } from './zip-entries.js';
import { BlobReadAhead, type ReadAheadOptions } from './zip-read-ahead.js';
import { predictZipSize } from './zip-size.js';
import { useNativeCrc32ForYazl } from './yazl-crc.js';

useNativeCrc32ForYazl();

const FILE_MODE = 0o100644;
const DIRECTORY_MODE = 0o40755;
// yazl scans its entry list on every add; yielding now and then keeps a huge archive from holding
// the event loop while its entries are declared.
const ADD_BATCH = 1000;

/**
 * A zip64-capable archive streamed as it is written: entries are declared up front (names and sizes
 * only), and the blobs are read ahead of the writer within bounds (zip-read-ahead.ts: a few reads in
 * flight, a cap on the bytes held) and written in order, so nothing is written to disk and a store
 * with a long round trip per object (S3) is not asked for one object after another. Store mode:
 * files people keep are mostly compressed already, and the CPU stays free for other requests. Every
 * file is declared with its size, which is what lets yazl switch an entry to ZIP64 (sizes or offsets
 * past 4 GiB) and the archive to the ZIP64 end records (65,535+ entries) on its own; see zip-size.ts.
 *
 * Destroying the returned stream (Fastify does when the client disconnects) aborts every read in
 * flight, destroys the blob stream being copied, and no further blob is opened. A storage failure
 * midway destroys the archive stream with the error: the response is cut short, and the client sees
 * a failed download rather than a truncated zip that looks complete.
 */
export async function streamZip(
  storage: StorageDriver,
  entries: readonly ZipEntry[],
  log: FastifyBaseLogger,
  readAheadOptions: ReadAheadOptions,
) {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const files = entries.filter((e) => e.type === 'file');
  const readAhead = new BlobReadAhead(storage, files, readAheadOptions);
  let current: Readable | null = null;
  let closed = false;

  const fail = (error: unknown) => {
    if (closed) return;
    log.warn({ err: error }, 'zip download failed midway');
    readAhead.close();
    current?.destroy();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  output.on('close', () => {
    closed = true;
    readAhead.close();
    current?.destroy();
  });

  let fileIndex = 0;
  try {
    for (const [index, entry] of entries.entries()) {
      if (index > 0 && index % ADD_BATCH === 0) await nextTurn();
      if (entry.type === 'folder') {
        zip.addEmptyDirectory(entry.path, { mtime: entry.mtime, mode: DIRECTORY_MODE });
        continue;
      }
      const options = { size: entry.size, compress: false, mtime: entry.mtime, mode: FILE_MODE };
      const blob = fileIndex++;
      zip.addReadStreamLazy(entry.path, options, (callback) => {
        if (closed) return;
        readAhead.open(blob).then((body) => {
          if (closed) return void body.destroy();
          current = body;
          body.once('error', fail);
          callback(null, body);
        }, fail);
      });
    }
  } catch (error) {
    readAhead.close();
    throw error;
  }
  zip.end();

  const sizes = entries.map((e) => ({
    path: e.path,
    size: e.type === 'file' ? e.size : 0,
    directory: e.type === 'folder',
  }));
  return { stream: output, size: predictZipSize(sizes), readAhead: readAhead.stats };
}

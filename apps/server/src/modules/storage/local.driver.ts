import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, stat } from 'node:fs/promises';
import { blobNotFound, sizeMismatch } from './storage.errors.js';
import { ifMissing, isMissing, localLayout, removeQuietly, syncFile } from './local.layout.js';
import { localMultipart } from './local.multipart.js';
import { LocalBlobReadable } from './local.read-stream.js';
import { forEachBounded } from '../../lib/bounded.js';
import { destroyOnAbort } from './abort.js';
import {
  DEFAULT_CONTENT_TYPE,
  type BlobBody,
  type BlobStream,
  type ByteRange,
  type GetOptions,
  type StorageDriver,
} from './storage.port.js';
import { assertValidKey, resolveRange } from './storage.validation.js';

const DELETE_CONCURRENCY = 16;

/** Blobs as files under `root`; see local.layout.ts for the folder structure. */
export function createLocalDriver(root: string, options: { directWrites?: boolean } = {}): StorageDriver {
  const layout = localLayout(root, options);

  async function put(key: string, body: BlobBody, opts: { contentType?: string; size?: number } = {}) {
    assertValidKey(key);
    // The content type is written while the bytes are, so their two fsyncs run at the same time.
    const typeWritten = layout.writeTemp(Buffer.from(opts.contentType || DEFAULT_CONTENT_TYPE));
    // Handled here so that its failure while the bytes are still arriving is not an unhandled one.
    const typeTmp = typeWritten.then(
      (t) => t.path,
      () => null,
    );
    let tmp: string | null = null;
    try {
      const written = await layout.writeTemp(body);
      tmp = written.path;
      if (opts.size !== undefined && written.size !== opts.size) throw sizeMismatch(opts.size, written.size);
      await layout.commitWritten(tmp, key, (await typeWritten).path);
      return { size: written.size };
    } catch (error) {
      // What is left of the two temp files (nothing, once renamed into place).
      const leftType = await typeTmp;
      await Promise.all([tmp, leftType].flatMap((file) => (file ? [removeQuietly(file)] : [])));
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange, opts: GetOptions = {}): Promise<BlobStream> {
    assertValidKey(key);
    opts.signal?.throwIfAborted();
    // Size and bytes come from one open handle, so a concurrent overwrite cannot mix two blobs.
    const handle = await open(layout.dataPath(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? blobNotFound() : error;
    });
    try {
      const { size } = await handle.stat();
      const resolved = resolveRange(range, size);
      // Always with an end: each read is sized to what is left, and the stream ends without one
      // more read to find EOF (a zip of 2,000 small files used to allocate 2 MiB per file for that).
      // Reads are 1 MiB, not Node's 64 KiB: a download moves about twice as fast.
      const { start, end } = resolved ?? { start: 0, end: size - 1 };
      const body = new LocalBlobReadable(handle, start, end);
      if (opts.signal) destroyOnAbort(body, opts.signal);
      const contentLength = resolved ? resolved.end - resolved.start + 1 : size;
      return { body, size, contentLength };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function head(key: string) {
    assertValidKey(key);
    const stats = await stat(layout.dataPath(key)).catch(ifMissing(null));
    if (!stats) return null;
    return { size: stats.size, contentType: await layout.readContentType(key) };
  }

  async function remove(key: string) {
    assertValidKey(key);
    await removeQuietly(layout.dataPath(key));
    await removeQuietly(layout.metaPath(key));
  }

  return {
    name: 'local',
    put,
    get,
    head,
    delete: remove,
    async deleteMany(keys) {
      keys.forEach(assertValidKey);
      await forEachBounded(keys, DELETE_CONCURRENCY, remove);
    },
    async copy(from, to) {
      assertValidKey(from);
      assertValidKey(to);
      const tmp = await layout.tempPath();
      try {
        // FICLONE shares blocks on file systems that can (btrfs, XFS) and falls back to a copy elsewhere.
        await copyFile(layout.dataPath(from), tmp, constants.COPYFILE_FICLONE).catch((error: unknown) => {
          throw isMissing(error) ? blobNotFound() : error;
        });
        await syncFile(tmp);
        await layout.commit(tmp, to, await layout.readContentType(from));
      } finally {
        await removeQuietly(tmp);
      }
    },
    ...localMultipart(layout),
    async probe() {
      await mkdir(root, { recursive: true });
      const key = `probes/${randomUUID()}`;
      await put(key, Buffer.from('ok'));
      await remove(key);
    },
    removeAbandonedTemp: () => layout.removeAbandonedTemp(),
    async close() {
      layout.close();
    },
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors.js';
import { invalidPart, sizeMismatch, uploadNotFound } from './storage.errors.js';
import { writeAndSync, type DirectWrites, type WriteLimit } from './file-writer.js';
import { ifMissing, isMissing, removeQuietly, syncFile, writeDurably, type LocalLayout } from './local.layout.js';
import { DEFAULT_CONTENT_TYPE, MIN_PART_SIZE, type BlobBody, type StorageDriver } from './storage.port.js';
import { assertPartNumber, assertPartSize, assertValidKey, sortedParts } from './storage.validation.js';

type Multipart = Pick<StorageDriver, 'createMultipart' | 'uploadPart' | 'completeMultipart' | 'abortMultipart'>;

interface UploadManifest {
  key: string;
  contentType: string;
}

/** Where the bytes of one written part are: a region of the upload's `data` file, or a file of its own. */
type PartSource = { in: 'data'; offset: number; size: number } | { in: 'file'; file: string; size: number };

// Upload ids become folder names, so only our own UUIDs are ever turned into a path.
const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// ETags become parts of file names too, so only our own tokens are accepted.
const etagPattern = /^[0-9a-f]{32}$/;
const DATA = 'data';
const padded = (partNumber: number) => String(partNumber).padStart(5, '0');
/** A part written on its own: `part-00003.<etag>`. */
const stagedName = (partNumber: number, etag: string) => `part-${padded(partNumber)}.${etag}`;
/** A part written into `data`: an empty file `at-00003.<offset>.<size>.<etag>`, made once its bytes are on disk. */
const placedName = (partNumber: number, offset: number, size: number, etag: string) =>
  `at-${padded(partNumber)}.${offset}.${size}.${etag}`;
const placedPattern = /^at-(\d{5})\.(\d+)\.(\d+)\.([0-9a-f]{32})$/;
const claimName = (partNumber: number) => `claim-${padded(partNumber)}`;
// S3 quotes ETags; callers may hand either form back.
const unquote = (etag: string) => etag.replace(/^"|"$/g, '');

interface Placed {
  offset: number;
  size: number;
  etag: string;
}

/** The parts written into `data`, by part number (at most one each: see `writeInPlace`). */
async function placedParts(dir: string): Promise<Map<number, Placed>> {
  const placed = new Map<number, Placed>();
  for (const name of await readdir(dir).catch(ifMissing([] as string[]))) {
    const match = placedPattern.exec(name);
    if (match) placed.set(Number(match[1]), { offset: Number(match[2]), size: Number(match[3]), etag: match[4] ?? '' });
  }
  return placed;
}

/** Refuses a part whose body brings more than `size` bytes, before any byte past it is written. */
const atMost = (size: number): WriteLimit => ({ bytes: size, exceeded: (bytes) => sizeMismatch(size, bytes) });

/** Writes `source` into the existing `file` from `offset`, on disk when this resolves. */
async function writeAtDurably(
  file: string,
  offset: number,
  source: BlobBody,
  limit: WriteLimit,
  direct: DirectWrites,
): Promise<number> {
  const handle = await open(file, 'r+');
  try {
    return await writeAndSync(handle, source, offset, limit, { path: file, writes: direct });
  } finally {
    await handle.close();
  }
}

/**
 * Multipart uploads under `.multipart/<uploadId>/`. Parts sent in order (how the upload module sends
 * chunks) are written straight into one `data` file at their final offset, so completing the upload
 * is a rename, not a copy of the whole file. A part whose place is not known yet (its predecessor is
 * missing), or that is being or has been written in place already (a retry), is written to a file of
 * its own and copied at completion. Each write of a part gets a fresh random ETag, and completion
 * uses exactly the writes whose ETags the caller recorded, so a part replaced or overwritten after
 * the caller recorded it is never silently stored.
 */
export function localMultipart(layout: LocalLayout): Multipart {
  async function manifestOrThrow(key: string, uploadId: string): Promise<{ dir: string; manifest: UploadManifest }> {
    assertValidKey(key);
    if (!uploadIdPattern.test(uploadId)) throw uploadNotFound();
    const dir = layout.uploadDir(uploadId);
    const raw = await readFile(path.join(dir, 'upload.json'), 'utf8').catch(ifMissing(null));
    if (raw === null) throw uploadNotFound();
    const manifest = JSON.parse(raw) as UploadManifest;
    if (manifest.key !== key) throw uploadNotFound();
    return { dir, manifest };
  }

  /** An aborted upload's folder is gone: creating anything in it fails with ENOENT. */
  const orGone = (error: unknown) => {
    throw isMissing(error) ? uploadNotFound() : error;
  };

  /**
   * Writes the part into `data` at `offset` when it may: it holds the part's claim (made with O_EXCL,
   * so two writes of the same part never mix their bytes in one region) and no earlier write of the
   * part was placed (a placed region is never written again). Null when it may not.
   */
  async function writeInPlace(
    dir: string,
    partNumber: number,
    offset: number,
    body: BlobBody,
    size: number,
  ): Promise<{ etag: string } | null> {
    const claim = path.join(dir, claimName(partNumber));
    const claimed = await writeFile(claim, '', { flag: 'wx' }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
        return orGone(error);
      },
    );
    if (!claimed) return null;
    try {
      if ((await placedParts(dir)).has(partNumber)) return null;
      const etag = randomBytes(16).toString('hex');
      const written = await writeAtDurably(path.join(dir, DATA), offset, body, atMost(size), layout.direct).catch(
        orGone,
      );
      if (written !== size) throw sizeMismatch(size, written);
      await writeFile(path.join(dir, placedName(partNumber, offset, size, etag)), '', { flag: 'wx' }).catch(orGone);
      return { etag };
    } finally {
      await unlink(claim).catch(() => undefined);
    }
  }

  async function writeStaged(dir: string, partNumber: number, body: BlobBody, size: number) {
    const etag = randomBytes(16).toString('hex');
    const tmp = path.join(dir, `${stagedName(partNumber, etag)}.tmp`);
    try {
      const written = await writeDurably(tmp, body, atMost(size), layout.direct).catch(orGone);
      if (written !== size) throw sizeMismatch(size, written);
      await rename(tmp, path.join(dir, stagedName(partNumber, etag))).catch(orGone);
      return { etag };
    } catch (error) {
      await removeQuietly(tmp);
      throw error;
    }
  }

  /** Where each recorded part's bytes are; 422 for a part that was never written (or not with that ETag). */
  async function sourcesOf(dir: string, parts: ReturnType<typeof sortedParts>): Promise<PartSource[]> {
    const placed = await placedParts(dir);
    return Promise.all(
      parts.map(async ({ partNumber, etag: quoted }): Promise<PartSource> => {
        const etag = unquote(quoted);
        const missing = () => invalidPart(`Part ${partNumber} was not uploaded.`);
        if (!etagPattern.test(etag)) throw missing();
        const inData = placed.get(partNumber);
        if (inData?.etag === etag) return { in: 'data', offset: inData.offset, size: inData.size };
        const file = path.join(dir, stagedName(partNumber, etag));
        const stats = await stat(file).catch(ifMissing(null));
        if (!stats) throw missing();
        return { in: 'file', file, size: stats.size };
      }),
    );
  }

  return {
    async createMultipart(key, opts = {}) {
      assertValidKey(key);
      const uploadId = randomUUID();
      const dir = layout.uploadDir(uploadId);
      await mkdir(dir, { recursive: true });
      const manifest: UploadManifest = { key, contentType: opts.contentType || DEFAULT_CONTENT_TYPE };
      await writeFile(path.join(dir, DATA), '');
      await writeFile(path.join(dir, 'upload.json'), JSON.stringify(manifest));
      return uploadId;
    },

    async uploadPart(key, uploadId, partNumber, body, size) {
      assertPartNumber(partNumber);
      assertPartSize(size);
      const { dir } = await manifestOrThrow(key, uploadId);
      // A part goes right after its predecessor's region; the first part starts the file.
      let offset: number | null = 0;
      if (partNumber > 1) {
        const before = (await placedParts(dir)).get(partNumber - 1);
        offset = before ? before.offset + before.size : null;
      }
      const written = offset === null ? null : await writeInPlace(dir, partNumber, offset, body, size);
      return written ?? writeStaged(dir, partNumber, body, size);
    },

    async completeMultipart(key, uploadId, parts) {
      const { dir, manifest } = await manifestOrThrow(key, uploadId);
      const sorted = sortedParts(parts);
      const sources = await sourcesOf(dir, sorted);
      for (const [i, source] of sources.entries()) {
        // Same rule as S3, so that an upload which works locally also works there.
        if (i < sources.length - 1 && source.size < MIN_PART_SIZE) {
          throw invalidPart(`Part ${sorted[i]?.partNumber} is smaller than 5 MiB and is not the last part.`);
        }
      }
      let total = 0;
      let inOrder = true;
      for (const source of sources) {
        inOrder &&= source.in === 'data' && source.offset === total;
        total += source.size;
      }
      const tmp = await layout.tempPath();
      try {
        if (inOrder) {
          // Every part already sits where it belongs: the file becomes the blob as it is (each part
          // was fsynced when written), cut to the recorded parts should an unrecorded one follow.
          await rename(path.join(dir, DATA), tmp).catch(orGone);
          if ((await stat(tmp)).size !== total) {
            await truncate(tmp, total);
            await syncFile(tmp);
          }
        } else {
          const data = path.join(dir, DATA);
          await writeDurably(
            tmp,
            (async function* () {
              for (const source of sources) {
                if (source.size === 0) continue;
                yield* source.in === 'file'
                  ? (createReadStream(source.file) as AsyncIterable<Buffer>)
                  : (createReadStream(data, {
                      start: source.offset,
                      end: source.offset + source.size - 1,
                    }) as AsyncIterable<Buffer>);
              }
            })(),
            undefined,
            layout.direct,
          );
          if ((await stat(tmp)).size !== total) throw invalidPart('A part changed while the upload was completed.');
        }
        await layout.commit(tmp, key, manifest.contentType);
      } finally {
        await removeQuietly(tmp);
      }
      await removeQuietly(dir);
    },

    async abortMultipart(key, uploadId) {
      assertValidKey(key);
      if (!uploadIdPattern.test(uploadId)) return;
      const found = await manifestOrThrow(key, uploadId).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null; // already gone, or another key's
        throw error;
      });
      if (found) await removeQuietly(found.dir);
    },
  };
}

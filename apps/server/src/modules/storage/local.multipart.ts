import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors.js';
import { invalidPart, sizeMismatch, uploadNotFound } from './storage.errors.js';
import { ifMissing, isMissing, removeQuietly, writeDurably, type LocalLayout } from './local.layout.js';
import { DEFAULT_CONTENT_TYPE, MIN_PART_SIZE, type StorageDriver } from './storage.port.js';
import { assertPartNumber, assertPartSize, assertValidKey, sortedParts } from './storage.validation.js';

type Multipart = Pick<StorageDriver, 'createMultipart' | 'uploadPart' | 'completeMultipart' | 'abortMultipart'>;

interface UploadManifest {
  key: string;
  contentType: string;
}

// Upload ids become folder names, so only our own UUIDs are ever turned into a path.
const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const partFile = (dir: string, partNumber: number) => path.join(dir, `part-${String(partNumber).padStart(5, '0')}`);
// S3 quotes ETags; callers may hand either form back.
const unquote = (etag: string) => etag.replace(/^"|"$/g, '');

/**
 * Multipart uploads staged as one file per part under `.multipart/<uploadId>/`, concatenated on
 * completion. The ETag is the part's MD5 like on S3, and is checked again while concatenating, so
 * a part replaced after the caller recorded its ETag is caught instead of silently stored.
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

  return {
    async createMultipart(key, opts = {}) {
      assertValidKey(key);
      const uploadId = randomUUID();
      const dir = layout.uploadDir(uploadId);
      await mkdir(dir, { recursive: true });
      const manifest: UploadManifest = { key, contentType: opts.contentType || DEFAULT_CONTENT_TYPE };
      await writeFile(path.join(dir, 'upload.json'), JSON.stringify(manifest));
      return uploadId;
    },

    async uploadPart(key, uploadId, partNumber, body, size) {
      assertPartNumber(partNumber);
      assertPartSize(size);
      const { dir } = await manifestOrThrow(key, uploadId);
      const hash = createHash('md5');
      async function* hashed(source: AsyncIterable<Buffer> | Iterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          yield chunk;
        }
      }
      // A retried part is written beside the old one and replaces it only once complete.
      const tmp = `${partFile(dir, partNumber)}.${randomUUID()}.tmp`;
      try {
        const received = await writeDurably(tmp, hashed(Buffer.isBuffer(body) ? [body] : body));
        if (received !== size) throw sizeMismatch(size, received);
        await rename(tmp, partFile(dir, partNumber)).catch((error: unknown) => {
          throw isMissing(error) ? uploadNotFound() : error; // aborted meanwhile
        });
        return { etag: hash.digest('hex') };
      } catch (error) {
        await removeQuietly(tmp);
        throw error;
      }
    },

    async completeMultipart(key, uploadId, parts) {
      const { dir, manifest } = await manifestOrThrow(key, uploadId);
      const sorted = sortedParts(parts);
      for (const [i, part] of sorted.entries()) {
        const stats = await stat(partFile(dir, part.partNumber)).catch(ifMissing(null));
        if (!stats) throw invalidPart(`Part ${part.partNumber} was not uploaded.`);
        // Same rule as S3, so that an upload which works locally also works there.
        if (i < sorted.length - 1 && stats.size < MIN_PART_SIZE) {
          throw invalidPart(`Part ${part.partNumber} is smaller than 5 MiB and is not the last part.`);
        }
      }
      async function* concatenated() {
        for (const part of sorted) {
          const hash = createHash('md5');
          for await (const chunk of createReadStream(partFile(dir, part.partNumber))) {
            hash.update(chunk as Buffer);
            yield chunk as Buffer;
          }
          if (hash.digest('hex') !== unquote(part.etag)) throw invalidPart(`Part ${part.partNumber} has another ETag.`);
        }
      }
      const tmp = await layout.tempPath();
      try {
        await writeDurably(tmp, concatenated());
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

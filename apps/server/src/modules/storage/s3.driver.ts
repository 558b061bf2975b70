import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '@filestore/contract';
import { contentDisposition } from './content-disposition.js';
import { isS3NotFound, s3Client, s3ErrorCode } from './s3.client.js';
import { deleteObjects } from './s3.delete-many.js';
import { s3Multipart } from './s3.multipart.js';
import { sendBody } from './s3.body.js';
import { blobNotFound, rangeNotSatisfiable } from './storage.errors.js';
import { destroyOnAbort } from './abort.js';
import {
  DEFAULT_CONTENT_TYPE,
  choosePartSize,
  type BlobBody,
  type BlobStream,
  type ByteRange,
  type GetOptions,
  type StorageDriver,
} from './storage.port.js';
import { assertRangeShape, assertValidKey } from './storage.validation.js';

const MAX_SINGLE_PUT = 5 * 1024 ** 3;

export interface S3DriverOptions {
  maxAttempts?: number;
  /** Above this size copies go part by part; only lowered by tests, which cannot make 5 GiB objects. */
  singleCopyLimit?: number;
  /** Tests only: sees the SDK client once made, to count requests or inject failures with middleware. */
  onClient?: (client: S3Client) => void;
}

/** Blobs as objects in one bucket, under the same keys. */
export function createS3Driver(settings: S3Settings, opts: S3DriverOptions = {}): StorageDriver {
  const client = s3Client(settings, opts);
  opts.onClient?.(client);
  const singleCopyLimit = opts.singleCopyLimit ?? MAX_SINGLE_PUT;
  const Bucket = settings.bucket;

  async function put(key: string, body: BlobBody, putOpts: { contentType?: string; size?: number } = {}) {
    assertValidKey(key);
    const ContentType = putOpts.contentType || DEFAULT_CONTENT_TYPE;
    const { bytes } = await sendBody(body, putOpts.size, async (Body, abortSignal) => {
      if (putOpts.size !== undefined && putOpts.size <= MAX_SINGLE_PUT) {
        // Known length: one streaming request, nothing buffered.
        const command = new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: putOpts.size, ContentType });
        return client.send(command, { abortSignal });
      }
      // Unknown length: lib-storage cuts the stream into parts and holds at most queueSize of them in memory.
      const partSize = choosePartSize(putOpts.size ?? 0, 16 * 1024 * 1024);
      const abortController = new AbortController();
      abortSignal.addEventListener('abort', () => abortController.abort(), { once: true });
      const params = { Bucket, Key: key, Body, ContentType };
      return new Upload({ client, params, partSize, queueSize: 2, abortController }).done();
    });
    return { size: bytes };
  }

  async function get(key: string, range?: ByteRange, getOpts: GetOptions = {}): Promise<BlobStream> {
    assertValidKey(key);
    if (range) assertRangeShape(range);
    const { signal } = getOpts;
    signal?.throwIfAborted();
    const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    const command = new GetObjectCommand({ Bucket, Key: key, Range });
    const res = await client.send(command, { abortSignal: signal }).catch(async (error: unknown) => {
      if (isS3NotFound(error)) throw blobNotFound();
      if (s3ErrorCode(error) === 'InvalidRange') throw rangeNotSatisfiable((await head(key))?.size);
      throw error;
    });
    if (!(res.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
    if (signal) destroyOnAbort(res.Body, signal);
    // A server that ignores Range would hand back the whole blob where a slice was promised.
    if (range && !res.ContentRange) throw new Error('The S3 server ignored a Range request');
    const contentLength = res.ContentLength ?? 0;
    // "bytes 0-9/100": the total is only in Content-Range once a range was asked for.
    const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : contentLength;
    return { body: res.Body, size: total, contentLength };
  }

  async function head(key: string) {
    assertValidKey(key);
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType };
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }

  async function remove(key: string) {
    assertValidKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  const multipart = s3Multipart(client, Bucket);

  return {
    name: 's3',
    put,
    get,
    head,
    delete: remove,
    async deleteMany(keys) {
      keys.forEach(assertValidKey);
      await deleteObjects(client, Bucket, keys);
    },
    async copy(from, to) {
      assertValidKey(from);
      assertValidKey(to);
      const source = await head(from);
      if (!source) throw blobNotFound();
      if (from === to) return; // S3 refuses copying an object onto itself without changing it
      if (source.size > singleCopyLimit) return multipart.copyLarge(from, to, source);
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` })).catch((error) => {
        throw isS3NotFound(error) ? blobNotFound() : error;
      });
    },
    createMultipart: multipart.createMultipart,
    uploadPart: multipart.uploadPart,
    completeMultipart: multipart.completeMultipart,
    abortMultipart: multipart.abortMultipart,
    async signedUrl(key, { expiresIn, filename, contentType, disposition, cacheControl }) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(filename, disposition),
        ResponseContentType: contentType,
        ResponseCacheControl: cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn });
    },
    async probe() {
      const key = `probes/${randomUUID()}`;
      const abortSignal = AbortSignal.timeout(10_000);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: 'ok' }), { abortSignal });
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal });
    },
    async close() {
      client.destroy();
    },
  };
}

import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { contentDisposition, type StorageDriver } from '../storage/index.js';
import { essenceOf, inlineContentType, protectFileBytes } from './file-headers.js';
import { onBytesSent } from './sent-bytes.js';
import {
  entityTag,
  httpDate,
  ifNoneMatchHits,
  ifRangeAllows,
  notModifiedSince,
  parseRange,
} from './http-conditional.js';

/** What a file response needs to know; share pages and the owner's download send the same bytes. */
export interface FileBytes {
  id: string;
  name: string;
  mimetype: string | null;
  size: number;
  blobKey: string;
  /** Changes whenever the bytes may have changed: part of the ETag and the Last-Modified date. */
  changedAt: Date;
}

const rangeNotSatisfiable = (reply: FastifyReply, size: number) => {
  void reply.header('content-range', `bytes */${size}`);
  return new AppError(416, 'validation.failed', 'The requested range is not satisfiable.', { size });
};

/** Downloads answered with a redirect to the bucket (S3_DIRECT_DOWNLOADS, ADR 0022). */
export interface DirectDownloads {
  /** Seconds the signed URL stays valid. */
  expiresIn: number;
}

/**
 * Whether the request may be sent to the bucket: a navigation, a download or an element such as
 * <img> or <video> follows a cross-origin redirect as it is, but a script's fetch (the text and PDF
 * previews) would need a CORS rule on the bucket, which we do not ask operators for; those get the
 * bytes from us. HEAD is answered here too: a signed GET URL does not answer HEAD.
 */
function followsRedirectWithoutCors(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const mode = request.headers['sec-fetch-mode'];
  return mode === undefined || mode === 'navigate' || mode === 'no-cors';
}

/**
 * Only the browser itself may keep the redirect, and never as long as the URL it names is valid:
 * half its lifetime, at most a minute, so a reused redirect still has time to be followed.
 */
const redirectCacheControl = (expiresIn: number) => `private, max-age=${Math.min(60, Math.floor(expiresIn / 2))}`;

/**
 * Destroys `body` when the connection closes. Fastify destroys a reply's stream when the response
 * closes, but a response queued behind another on a pipelined HTTP/1.1 connection never emits
 * `close` when that connection dies (Node), so its blob would stay open until garbage collection:
 * a client could hold file descriptors that way. A connection that closed while the blob was being
 * opened (its stat, a slow S3 HEAD) will not emit `close` again, so that one ends the body at once.
 */
export function endWithConnection(request: Pick<FastifyRequest, 'raw'>, body: Readable): void {
  const socket = request.raw.socket;
  const stop = () => body.destroy();
  if (socket.destroyed) {
    stop();
    return;
  }
  socket.once('close', stop);
  body.once('close', () => socket.off('close', stop));
}

/**
 * Streams a file with HTTP validators and single byte ranges. The blob stream goes straight into
 * the socket (Fastify destroys it when the client goes away), so memory stays flat and nothing
 * happens per chunk in our code. Representation headers are set only once the bytes are at hand,
 * so an error answer never carries the file's type or name.
 */
export async function sendFileBytes(
  storage: StorageDriver,
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileBytes,
  opts: { inline: boolean; direct?: DirectDownloads; counted?: (bytes: number) => void },
) {
  const etag = entityTag(file.id, file.size, file.changedAt.getTime());
  const validators = {
    etag,
    'last-modified': httpDate(file.changedAt),
    'cache-control': 'private, no-cache',
    'accept-ranges': 'bytes',
  };
  protectFileBytes(reply);
  const { headers } = request;
  const ifRange = headers['if-range'];
  const ifNoneMatch = headers['if-none-match'];
  if (
    ifNoneMatchHits(ifNoneMatch, etag) ||
    (ifNoneMatch === undefined && notModifiedSince(headers['if-modified-since'], file.changedAt))
  ) {
    return reply.code(304).headers(validators).send();
  }

  const inlineType = opts.inline ? inlineContentType(file.mimetype) : null;
  const contentType = inlineType ?? essenceOf(file.mimetype);
  const disposition = contentDisposition(file.name, inlineType ? 'inline' : 'attachment');

  if (opts.direct && storage.signedUrl && followsRedirectWithoutCors(request)) {
    // The bucket answers ranges, If-Range and its own validators on the signed URL; the browser
    // sends this request's Range and If-Range there again when it follows the redirect.
    const { expiresIn } = opts.direct;
    // The bucket sends the bytes: counted as the length the redirect grants (the range asked for).
    const granted = parseRange(headers.range, file.size);
    opts.counted?.(granted.kind === 'partial' ? granted.end - granted.start + 1 : file.size);
    const location = await storage.signedUrl(file.blobKey, {
      expiresIn,
      filename: file.name,
      contentType,
      disposition: inlineType ? 'inline' : 'attachment',
      cacheControl: 'private, no-cache',
    });
    return reply
      .code(302)
      .headers({ location, 'cache-control': redirectCacheControl(expiresIn), 'referrer-policy': 'no-referrer' })
      .send();
  }

  let range = parseRange(headers.range, file.size);
  if (range.kind !== 'full' && !ifRangeAllows(Array.isArray(ifRange) ? ifRange[0] : ifRange, etag, file.changedAt))
    range = { kind: 'full' };
  if (range.kind === 'unsatisfiable') throw rangeNotSatisfiable(reply, file.size);

  const representation = { ...validators, 'content-type': contentType, 'content-disposition': disposition };

  if (request.method === 'HEAD') {
    void reply.headers(representation);
    if (range.kind === 'partial') {
      void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
    const length = range.kind === 'partial' ? range.end - range.start + 1 : file.size;
    return reply.header('content-length', length).send();
  }

  const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
  const blob = await storage.get(file.blobKey, part).catch((error: unknown) => {
    // The row and the blob disagree on the size; the blob is the truth about bytes.
    if (error instanceof AppError && error.status === 416) {
      const size = typeof error.details?.size === 'number' ? error.details.size : file.size;
      throw rangeNotSatisfiable(reply, size);
    }
    throw error;
  });
  void reply.headers(representation).header('content-length', blob.contentLength);
  if (part) {
    const last = part.start + blob.contentLength - 1;
    void reply.code(206).header('content-range', `bytes ${part.start}-${last}/${blob.size}`);
  }
  endWithConnection(request, blob.body);
  if (opts.counted) onBytesSent(request, reply, blob.contentLength, opts.counted);
  return reply.send(blob.body);
}

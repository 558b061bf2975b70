import { Readable, Transform } from 'node:stream';
import type { BlobBody } from './storage.port.js';
import { sizeMismatch } from './storage.errors.js';

/**
 * Sends a body to S3 and returns how many bytes went. When the length was promised, a body that
 * breaks it fails the request at once: the SDK pipes bodies without watching them for errors, so
 * with a fixed Content-Length a short stream would otherwise leave the request hanging.
 */
export async function sendBody<T>(
  body: BlobBody,
  expected: number | undefined,
  send: (body: Readable | Buffer, signal: AbortSignal) => Promise<T>,
): Promise<{ result: T; bytes: number }> {
  const abort = new AbortController();
  if (Buffer.isBuffer(body)) {
    if (expected !== undefined && expected !== body.length) throw sizeMismatch(expected, body.length);
    return { result: await send(body, abort.signal), bytes: body.length };
  }
  const stream = body instanceof Readable ? body : Readable.from(body, { objectMode: false });
  let bytes = 0;
  let streamError: unknown;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (expected !== undefined && bytes > expected) return done(sizeMismatch(expected, bytes));
      done(null, chunk);
    },
    flush(done) {
      done(expected !== undefined && bytes !== expected ? sizeMismatch(expected, bytes) : null);
    },
  });
  stream.once('error', (error) => counter.destroy(error));
  counter.once('error', (error) => {
    streamError = error;
    abort.abort();
  });
  try {
    return { result: await send(stream.pipe(counter), abort.signal), bytes };
  } catch (error) {
    throw streamError ?? error;
  } finally {
    counter.destroy();
  }
}

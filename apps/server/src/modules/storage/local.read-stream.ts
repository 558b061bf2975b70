import { read } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import { READ_BUFFER_SIZE, giveReadBuffer, releaseReadSlot, takeReadBuffer, whenReadSlot } from './read-buffers.js';

/**
 * Buffers one stream holds at most, being read or waiting for the socket: the next ones are read
 * while one is written. Three rather than two: 16 parallel ranges moved ~10% more (two is enough
 * for one stream, but with many sockets each one waits longer for its turn to drain).
 */
const IN_FLIGHT = 3;

/**
 * A socket (or an HTTP response on one) is done with a chunk when its write callback runs: the
 * bytes are in the kernel (or were dropped with the connection). Anything else may keep the chunk
 * after that (a Transform passes the very buffer on; a response on a made-up socket, as in
 * Fastify's inject, may too), so only these get reused buffers.
 */
const releasesWrittenChunks = (destination: unknown): destination is Writable =>
  destination instanceof Socket || (destination instanceof ServerResponse && destination.socket instanceof Socket);

/**
 * The bytes `start..end` (inclusive) of an open file, as a Readable that owns the handle: it is
 * closed when the stream ends or is destroyed, and never while a read is in progress or waiting for
 * its slot (the number could otherwise be reused by another open before the read lands).
 *
 * Consumed as any Readable (data events, async iteration, piped into a Transform) it reads into a
 * fresh buffer per chunk, like fs.createReadStream. Piped into an HTTP response or a socket, which
 * is how downloads leave (Fastify pipes a stream payload into the response), it reads into reused
 * buffers instead and writes each one straight to the socket with the write's callback as the
 * backpressure, at most IN_FLIGHT per stream: no allocation per chunk, so no garbage collection
 * for the bytes (see read-buffers.ts).
 */
export class LocalBlobReadable extends Readable {
  readonly #handle: FileHandle;
  #position: number;
  readonly #last: number;
  #reading = false;
  #pumping = false;
  /** A destroy that waits for the read in progress. */
  #closeAfterRead: (() => void) | null = null;

  /** `end` is inclusive; `end < start` is an empty stream. */
  constructor(handle: FileHandle, start: number, end: number) {
    super({ highWaterMark: READ_BUFFER_SIZE });
    this.#handle = handle;
    this.#position = start;
    this.#last = end;
  }

  get #left(): number {
    return this.#last - this.#position + 1;
  }

  /** Reads the next `length` bytes into `buffer`, then `then(bytes read)`, unless destroyed meanwhile. */
  #readInto(buffer: Buffer, length: number, then: (got: number) => void): void {
    this.#reading = true;
    whenReadSlot(() => {
      if (this.destroyed) {
        releaseReadSlot();
        this.#readDone();
        return;
      }
      read(this.#handle.fd, buffer, 0, length, this.#position, (error, got) => {
        releaseReadSlot();
        if (!this.#readDone() || this.destroyed) return;
        if (error) return void this.destroy(error);
        // Blobs are replaced by rename, so an open one never shrinks; a short file was cut outside us.
        if (got === 0) return void this.destroy(new Error('The stored file is shorter than its recorded size.'));
        this.#position += got;
        then(got);
      });
    });
  }

  /** The read in progress ended: false when a destroy was waiting for it (and now closes the file). */
  #readDone(): boolean {
    this.#reading = false;
    const close = this.#closeAfterRead;
    if (!close) return true;
    this.#closeAfterRead = null;
    close();
    return false;
  }

  override _read(): void {
    if (this.#pumping || this.#reading) return;
    if (this.#left <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafeSlow(Math.min(READ_BUFFER_SIZE, this.#left));
    this.#readInto(buffer, buffer.length, (got) => this.push(got === buffer.length ? buffer : buffer.subarray(0, got)));
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const close = () => {
      this.#handle.close().then(
        () => callback(error),
        (closeError: unknown) => callback(error ?? (closeError as Error)),
      );
    };
    if (this.#reading) this.#closeAfterRead = close;
    else close();
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const untouched = !this.#pumping && !this.#reading && this.readableFlowing === null && this.readableLength === 0;
    if (!untouched || !releasesWrittenChunks(destination)) return super.pipe(destination, options);
    this.#pump(destination, options?.end !== false);
    return destination;
  }

  #pump(out: Writable, endOut: boolean): void {
    this.#pumping = true;
    let inFlight = 0;
    let queuedAll = false;
    let failed = false;
    // The client went away: stop reading and close the file (Fastify destroys the payload too).
    const onOutClose = () => {
      if (!queuedAll) this.destroy();
    };
    out.once('close', onOutClose);

    const step = (): void => {
      if (this.destroyed || this.#reading || queuedAll) return;
      // A write failed or the socket closed: no later write can land, so stop reading now.
      if (failed || out.destroyed) return void this.destroy();
      if (this.#left <= 0) {
        queuedAll = true;
        out.off('close', onOutClose);
        if (endOut) out.end();
        // Nothing is buffered, so this flows straight to 'end'; autoDestroy then closes the file.
        this.push(null);
        this.resume();
        return;
      }
      if (inFlight >= IN_FLIGHT) return;
      const buffer = takeReadBuffer();
      inFlight++;
      this.#readInto(buffer, Math.min(buffer.length, this.#left), (got) => {
        out.write(got === buffer.length ? buffer : buffer.subarray(0, got), (error) => {
          inFlight--;
          // A socket destroyed meanwhile still calls back without an error once it let go of the bytes.
          if (error) failed = true;
          else giveReadBuffer(buffer);
          step();
        });
        step();
      });
    };
    step();
  }
}

import { setMaxListeners } from 'node:events';
import { Readable } from 'node:stream';
import type { StorageDriver } from '../storage/index.js';

export interface ReadAheadOptions {
  /** Blob reads in flight at most, the one being written included; 1 reads one blob after another. */
  depth: number;
  /**
   * Bytes read ahead and held at most, over all blobs. A blob larger than a quarter of this is never
   * read ahead: its read starts when its turn comes and streams through, and the ones after it are
   * read ahead meanwhile.
   */
  maxBytes: number;
}

/** The read-ahead's own accounting, for tests and logs. */
export interface ReadAheadStats {
  /** Reads started (one per blob). */
  gets: number;
  inFlight: number;
  maxInFlight: number;
  /** Bytes received and not yet handed to the archive. */
  buffered: number;
  maxBuffered: number;
  /** Budget taken by reads ahead: their sizes and a fixed cost per blob, less what went out. */
  reserved: number;
  maxReserved: number;
}

export interface ReadAheadBlob {
  blobKey: string;
  /** The size the row records; a blob that turns out longer fails the archive. */
  size: number;
}

/**
 * Budget a blob read ahead takes besides its bytes, so that thousands of empty files cannot pile up
 * without bound either.
 */
const ENTRY_COST = 1024;

interface Slot {
  blob: ReadAheadBlob;
  state: 'idle' | 'fetching' | 'done' | 'failed';
  chunks: Buffer[];
  /** Bytes received so far. */
  received: number;
  /** Budget this slot still holds. */
  held: number;
  body: Readable | null;
  error: unknown;
  reader: BufferedBlob | null;
}

/**
 * Reads the blobs of an archive ahead of the writer, in archive order, so a store that answers each
 * GET after tens of milliseconds (S3: ~45 ms on Ceph RGW) is asked for several at once instead of
 * one after another. Bounded two ways: at most `depth` reads in flight, and at most `maxBytes`
 * reserved for blobs read ahead (a blob's size is known from its row, so its whole size is reserved
 * before its read starts and nothing ever waits half-read on an idle connection). A blob over a
 * quarter of the budget is not read ahead at all: it is opened when the writer reaches it and
 * streams through with the client's backpressure, while the small ones after it are read ahead
 * within the budget. So one huge file never makes the small ones buffer beyond the budget, and many
 * small ones never make a huge one buffer.
 *
 * `open(i)` hands the writer blob i (in order); `close()` aborts every read in flight (the signal
 * reaches the SDK's requests) and drops what was buffered.
 */
export class BlobReadAhead {
  readonly stats: ReadAheadStats = {
    gets: 0,
    inFlight: 0,
    maxInFlight: 0,
    buffered: 0,
    maxBuffered: 0,
    reserved: 0,
    maxReserved: 0,
  };
  readonly #storage: StorageDriver;
  readonly #options: ReadAheadOptions;
  readonly #slots: (Slot | null)[];
  readonly #largest: number;
  readonly #abort = new AbortController();
  readonly #direct = new Set<Readable>();
  #next = 0;
  #closed = false;
  /** Blobs the writer will open itself (too large to read ahead) that it has not reached yet. */
  #largeLeft: number;

  constructor(storage: StorageDriver, blobs: readonly ReadAheadBlob[], options: ReadAheadOptions) {
    this.#storage = storage;
    this.#options = options;
    this.#largest = options.depth > 1 ? Math.floor(options.maxBytes / 4) : -1;
    // Every read in flight listens to the signal twice (the SDK's request, the body's destroy).
    setMaxListeners(4 * options.depth + 10, this.#abort.signal);
    this.#slots = blobs.map((blob) => ({
      blob,
      state: 'idle',
      chunks: [],
      received: 0,
      held: 0,
      body: null,
      error: null,
      reader: null,
    }));
    this.#largeLeft = blobs.filter((b) => b.size > this.#largest).length;
    this.#pump();
  }

  /** Blob `index`'s bytes, to be consumed before the next one is asked for. */
  async open(index: number): Promise<Readable> {
    const slot = this.#slots[index];
    if (!slot) throw new Error(`blob ${index} of the archive was opened twice or does not exist`);
    this.#slots[index] = null;
    if (slot.state === 'idle') {
      if (this.#next <= index) this.#next = index + 1;
      if (slot.blob.size > this.#largest) this.#largeLeft--;
      return this.#openDirect(slot.blob);
    }
    if (slot.state === 'failed' && slot.chunks.length === 0) {
      this.#releaseAll(slot);
      throw slot.error;
    }
    slot.reader = new BufferedBlob(slot, this);
    return slot.reader;
  }

  /** Cancels every read in flight and drops what was read ahead; nothing is read after this. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort();
    for (const [index, slot] of this.#slots.entries()) {
      if (!slot) continue;
      slot.body?.destroy();
      this.#releaseAll(slot);
      this.#slots[index] = null;
    }
    for (const body of this.#direct) body.destroy();
  }

  /** Starts reads ahead while the bounds allow. */
  #pump(): void {
    const { depth, maxBytes } = this.#options;
    while (!this.#closed && this.#next < this.#slots.length) {
      const slot = this.#slots[this.#next];
      if (!slot || slot.blob.size > this.#largest) {
        this.#next++; // opened by the writer when it gets there
        continue;
      }
      // While a blob the writer opens itself lies ahead, one read stays free for it.
      if (this.stats.inFlight >= (this.#largeLeft > 0 ? depth - 1 : depth)) return;
      const cost = slot.blob.size + ENTRY_COST;
      if (this.stats.reserved + cost > maxBytes) return;
      this.#next++;
      this.#fetch(slot, cost);
    }
  }

  #started(): void {
    this.stats.gets++;
    this.stats.inFlight++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.stats.inFlight);
  }

  #ended(): void {
    this.stats.inFlight--;
    this.#pump();
  }

  /** Reads a blob ahead into memory; its reader (if the writer got there) hears of every chunk. */
  #fetch(slot: Slot, cost: number): void {
    slot.state = 'fetching';
    slot.held = cost;
    this.stats.reserved += cost;
    this.stats.maxReserved = Math.max(this.stats.maxReserved, this.stats.reserved);
    this.#started();
    const failed = (error: unknown) => {
      if (slot.state !== 'fetching') return;
      slot.state = 'failed';
      slot.error = error;
      slot.reader?.wake();
    };
    this.#storage.get(slot.blob.blobKey, undefined, { signal: this.#abort.signal }).then(
      ({ body }) => {
        slot.body = body;
        body.on('data', (chunk: Buffer) => {
          slot.received += chunk.length;
          if (slot.received > slot.blob.size) {
            body.destroy(new Error(`blob ${slot.blob.blobKey} is longer than the ${slot.blob.size} bytes recorded`));
            return;
          }
          slot.chunks.push(chunk);
          this.stats.buffered += chunk.length;
          this.stats.maxBuffered = Math.max(this.stats.maxBuffered, this.stats.buffered);
          slot.reader?.wake();
        });
        whenDone(body, (error) => {
          slot.body = null;
          if (error) failed(error);
          else if (slot.state === 'fetching') {
            slot.state = 'done';
            slot.reader?.wake();
          }
          this.#ended();
        });
      },
      (error: unknown) => {
        failed(error);
        this.#ended();
      },
    );
  }

  /** A blob the writer reached before it was read ahead: streamed as it comes, never buffered here. */
  async #openDirect(blob: ReadAheadBlob): Promise<Readable> {
    if (this.#closed) throw new Error('the archive was closed');
    this.#started();
    let body: Readable;
    try {
      ({ body } = await this.#storage.get(blob.blobKey, undefined, { signal: this.#abort.signal }));
    } catch (error) {
      this.#ended();
      throw error;
    }
    this.#direct.add(body);
    whenDone(body, () => {
      this.#direct.delete(body);
      this.#ended();
    });
    return body;
  }

  /** `bytes` of `slot` went to the writer: they leave the buffer and the budget. */
  handedOut(slot: Slot, bytes: number): void {
    slot.held -= bytes;
    this.stats.buffered -= bytes;
    this.stats.reserved -= bytes;
    this.#pump();
  }

  /** The slot is finished with (all handed out, failed, or dropped): its budget goes back. */
  #releaseAll(slot: Slot): void {
    for (const chunk of slot.chunks) this.stats.buffered -= chunk.length;
    slot.chunks = [];
    this.stats.reserved -= slot.held;
    slot.held = 0;
    this.#pump();
  }

  release(slot: Slot): void {
    slot.body?.destroy();
    this.#releaseAll(slot);
  }
}

/**
 * Calls `done` once, when the body ends, fails or closes (a close before the end is a failure):
 * at its end the read is over, even if the stream closes a little later (the local driver's after
 * closing its file), so the next read may start.
 */
function whenDone(body: Readable, done: (error?: Error) => void): void {
  let called = false;
  const once = (error?: Error) => {
    if (called) return;
    called = true;
    done(error);
  };
  body.once('end', () => once());
  body.once('error', (error: Error) => once(error));
  body.once('close', () => once(body.readableEnded ? undefined : new Error('the blob stream closed before its end')));
}

/** What the writer reads of a blob read ahead: the chunks buffered so far, then the rest as it arrives. */
class BufferedBlob extends Readable {
  readonly #slot: Slot;
  readonly #owner: BlobReadAhead;
  #wanted = false;

  constructor(slot: Slot, owner: BlobReadAhead) {
    super();
    this.#slot = slot;
    this.#owner = owner;
  }

  override _read(): void {
    this.#wanted = true;
    this.#flush();
  }

  /** New chunks, an end or an error arrived. */
  wake(): void {
    if (this.#wanted || this.#slot.state === 'failed') this.#flush();
  }

  #flush(): void {
    const slot = this.#slot;
    while (this.#wanted && slot.chunks.length > 0) {
      const chunk = slot.chunks.shift() as Buffer;
      this.#owner.handedOut(slot, chunk.length);
      this.#wanted = this.push(chunk);
    }
    if (slot.chunks.length > 0) return;
    if (slot.state === 'done') {
      this.#owner.release(slot);
      this.push(null);
    } else if (slot.state === 'failed') {
      this.#owner.release(slot);
      this.destroy(slot.error instanceof Error ? slot.error : new Error(String(slot.error)));
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#owner.release(this.#slot);
    callback(error);
  }
}

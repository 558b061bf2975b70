import type { AppError } from '../../lib/errors.js';

/**
 * The body of one chunk as it arrives: a few kilobytes can be looked at first (to sniff the type)
 * and the rest flows straight to storage through a meter. Nothing holds more than the head and
 * the stream buffers, so memory stays flat whatever the chunk size.
 */
export class ChunkBody {
  private readonly iterator: AsyncIterator<Buffer>;
  private head: Buffer = Buffer.alloc(0);
  private ended = false;
  private released = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Reads up to `bytes` from the start without consuming them: they still flow to `metered`. */
  async peek(bytes: number): Promise<Buffer> {
    const taken: Buffer[] = [this.head];
    let length = this.head.length;
    while (length < bytes && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        taken.push(next.value);
        length += next.value.length;
      }
    }
    this.head = Buffer.concat(taken);
    return this.head.subarray(0, bytes);
  }

  /**
   * The whole body as a byte stream that fails with `rules.over()` the moment it passes `max`,
   * and with `rules.short()` when it ends before `exact` bytes. `meter.failure` keeps the reason,
   * because a storage client may wrap the stream's error in its own.
   */
  metered(rules: MeterRules): Meter {
    const limit = Math.min(rules.exact ?? Infinity, rules.max ?? Infinity);
    const fail = (error: AppError) => {
      meter.failure = error;
      return error;
    };
    // One generator straight over the source: each layer of async iteration costs a few hundred
    // bytes of garbage per 64 KiB read, which under a fast upload ends up in the old generation.
    const meter: Meter = {
      bytes: 0,
      failure: null,
      body: this.chunks(
        (chunk) => {
          meter.bytes += chunk.length;
          if (meter.bytes > limit) throw fail(rules.over(meter.bytes));
        },
        () => {
          if (rules.exact !== undefined && meter.bytes !== rules.exact) throw fail(rules.short(meter.bytes));
        },
      ),
    };
    return meter;
  }

  /**
   * Reads and drops the rest (of a retried or refused chunk) so the client sees its request through
   * before the answer, as browsers expect; gives up after `limit` bytes. True when the body ended.
   */
  async drain(limit = Infinity): Promise<boolean> {
    let dropped = 0;
    for await (const chunk of this.chunks()) {
      dropped += chunk.length;
      if (dropped > limit) return false;
    }
    return true;
  }

  /** Stops reading: the source stream is destroyed and its parser lets go of the request. */
  async release(): Promise<void> {
    if (this.released || this.ended) return;
    this.released = true;
    await this.iterator.return?.();
  }

  /** The head first, then the rest as it arrives; `each` sees every chunk before it is passed on, `atEnd` the end. */
  private async *chunks(each?: (chunk: Buffer) => void, atEnd?: () => void): AsyncGenerator<Buffer> {
    if (this.head.length) {
      const head = this.head;
      this.head = Buffer.alloc(0);
      each?.(head);
      yield head;
    }
    while (!this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        each?.(next.value);
        yield next.value;
      }
    }
    atEnd?.();
  }
}

export interface MeterRules {
  /** The body must have exactly this many bytes. */
  exact?: number;
  /** The body may not have more than this many bytes. */
  max?: number;
  over(bytesSoFar: number): AppError;
  short(bytes: number): AppError;
}

export interface Meter {
  /** Chunks as they arrive (a storage driver takes them as they are, or as a stream). */
  body: AsyncIterable<Buffer>;
  /** Bytes that went through so far. */
  bytes: number;
  /** Why the stream was stopped, if it was. */
  failure: AppError | null;
}

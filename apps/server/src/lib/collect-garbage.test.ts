import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  collectAfterStartUp,
  collectionInterval,
  countedForCollection,
  heapGrowthFor,
  noteTransferred,
  SOCKET_TRANSFER_BYTES,
  startHeapGuard,
} from './collect-garbage.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collections of `kind` (a NODE_PERFORMANCE_GC_* constant) seen while `observe` holds its observer open. */
async function collectionsDuring(kind: number, observe: () => Promise<void>): Promise<number> {
  let seen = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === kind) seen++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await observe();
    await pause(50); // entries are delivered asynchronously
    return seen;
  } finally {
    observer.disconnect();
  }
}

describe('young-generation collections during uploads', () => {
  it('starts one after every 8 MB and none before', async () => {
    const minors = await collectionsDuring(constants.NODE_PERFORMANCE_GC_MINOR, async () => {
      // Whatever the counter held before, this crosses 8 MB at most once.
      noteTransferred(8 * 1024 * 1024);
      await pause(50);
    });
    const after = await collectionsDuring(constants.NODE_PERFORMANCE_GC_MINOR, async () => {
      expect(noteTransferred(4 * 1024 * 1024)).toBe(false);
      expect(noteTransferred(4 * 1024 * 1024)).toBe(true);
    });
    expect(minors).toBeGreaterThanOrEqual(1);
    expect(after).toBeGreaterThanOrEqual(1);
  });

  it('starts one after every 2 MB of a body bound for another socket', async () => {
    noteTransferred(8 * 1024 * 1024); // the counter starts from zero after this
    const minors = await collectionsDuring(constants.NODE_PERFORMANCE_GC_MINOR, async () => {
      expect(noteTransferred(1024 * 1024, SOCKET_TRANSFER_BYTES)).toBe(false);
      expect(noteTransferred(1024 * 1024, SOCKET_TRANSFER_BYTES)).toBe(true);
      // Disk writes keep the longer interval: 2 MB more does not start one.
      expect(noteTransferred(2 * 1024 * 1024)).toBe(false);
    });
    expect(minors).toBeGreaterThanOrEqual(1);
  });

  it('collects every 2 MB on S3 and every 8 MB on the local disk', () => {
    expect(collectionInterval('s3')).toBe(2 * 1024 * 1024);
    expect(collectionInterval('local')).toBe(8 * 1024 * 1024);
  });
});

describe('the full collection after start-up', () => {
  it('runs one, and frees what start-up left behind', async () => {
    let garbage: object[] | null = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `row ${i}` }));
    const majors = await collectionsDuring(constants.NODE_PERFORMANCE_GC_MAJOR, async () => {
      garbage = null;
      expect(collectAfterStartUp()).toBe(true);
    });
    expect(garbage).toBeNull();
    expect(majors).toBeGreaterThanOrEqual(1);
  });
});

describe('the heap guard', () => {
  it('runs a full collection once the heap grew past its limit, and none while it did not', async () => {
    let quiet = 0;
    const stopQuiet = startHeapGuard({ growthBytes: 512 * 1024 * 1024, checkMs: 10, onCollect: () => quiet++ });
    await pause(100);
    stopQuiet();
    expect(quiet).toBe(0);

    let collections = 0;
    const majors = await collectionsDuring(constants.NODE_PERFORMANCE_GC_MAJOR, async () => {
      const stop = startHeapGuard({ growthBytes: 8 * 1024 * 1024, checkMs: 10, onCollect: () => collections++ });
      // ~20 MB of objects that stay alive while the guard looks: it collects once, then its floor
      // is what is alive, so it does not collect again for the same objects.
      const kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `kept ${i}` }));
      await pause(150);
      stop();
      expect(kept.length).toBe(300_000);
    });
    expect(collections).toBe(1);
    expect(majors).toBeGreaterThanOrEqual(1);
  });

  it('reads its limit at every check, so a storage switched while it runs takes effect', async () => {
    let growth = 512 * 1024 * 1024;
    let collections = 0;
    const stop = startHeapGuard({ growthBytes: () => growth, checkMs: 10, onCollect: () => collections++ });
    const kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `kept ${i}` }));
    await pause(100);
    expect(collections).toBe(0);
    growth = 8 * 1024 * 1024;
    await pause(100);
    stop();
    expect(kept.length).toBe(300_000);
    expect(collections).toBe(1);
  });

  it('lets the heap grow 8 MB on S3 and 16 MB on the local disk', () => {
    expect(heapGrowthFor('s3')).toBe(8 * 1024 * 1024);
    expect(heapGrowthFor('local')).toBe(16 * 1024 * 1024);
  });
});

describe('a body counted for collection', () => {
  it('passes every byte through unchanged, in order', async () => {
    const pieces = Array.from({ length: 50 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const received: Buffer[] = [];
    await pipeline(
      countedForCollection(Readable.from(pieces)),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          received.push(chunk);
          done();
        },
      }),
    );
    expect(Buffer.concat(received).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('fails when its source fails', async () => {
    const source = new Readable({ read() {} });
    const counted = countedForCollection(source);
    const failed = new Promise<Error>((resolve) => counted.once('error', resolve));
    counted.resume();
    source.push(Buffer.from('some bytes'));
    source.destroy(new Error('connection reset by the bucket'));
    expect((await failed).message).toBe('connection reset by the bucket');
  });

  it('ends its source when the reader goes away', async () => {
    const source = new Readable({ read() {} });
    const counted = countedForCollection(source);
    const closed = new Promise<void>((resolve) => source.once('close', resolve));
    counted.destroy();
    await closed;
    expect(source.destroyed).toBe(true);
  });
});

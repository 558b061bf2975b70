/**
 * Reusable read buffers for blobs piped into sockets. A download of 1 GiB through fresh 1 MiB
 * buffers hands V8 a gigabyte of external memory to account for: every few megabytes a scavenge,
 * and with a server-sized heap a full mark-compact, "GC in old space requested" by the external
 * memory pressure (measured with --trace-gc: 16 parallel ranges ran at ~0.6 of a minimal server,
 * and one stream after them dropped to a third while the collector caught up). Buffers taken from
 * here go back when the socket has written them, so a steady download allocates nothing.
 *
 * Only a few are kept between downloads, and none once downloads stop for a while, so an idle
 * server's memory is what it was before its first download.
 */
export const READ_BUFFER_SIZE = 1024 * 1024;
/** 16 parallel streams with three buffers each (local.read-stream.ts) stay within the free list. */
const MAX_FREE = 48;
const RELEASE_AFTER_MS = 15_000;

const free: Buffer[] = [];
let lastUse = 0;
let releaseTimer: NodeJS.Timeout | null = null;

function scheduleRelease(): void {
  if (releaseTimer) return;
  releaseTimer = setTimeout(() => {
    releaseTimer = null;
    if (Date.now() - lastUse >= RELEASE_AFTER_MS) free.length = 0;
    else scheduleRelease();
  }, RELEASE_AFTER_MS);
  releaseTimer.unref();
}

export function takeReadBuffer(): Buffer {
  lastUse = Date.now();
  // allocUnsafeSlow: a buffer of its own, never a slice of Node's shared pool.
  return free.pop() ?? Buffer.allocUnsafeSlow(READ_BUFFER_SIZE);
}

/** Only once nothing can read it any more: the socket's write callback has run. */
export function giveReadBuffer(buffer: Buffer): void {
  if (buffer.length !== READ_BUFFER_SIZE || free.length >= MAX_FREE) return;
  free.push(buffer);
  scheduleRelease();
}

/**
 * Blob reads that may wait in libuv's thread pool at once (it has 4 threads by default). Every
 * other piece of file work in the process (opening the next download's file, its fstat, upload
 * writes) queues in the same pool: with 16 downloads each keeping a 1 MiB read queued, opening a
 * file waited 10-30 ms per step. Held to 3, one thread stays free for those.
 */
const MAX_QUEUED_READS = 3;
let readsQueued = 0;
const waitingReads: (() => void)[] = [];

/** Runs `start` once a read slot is free; `start` must call releaseReadSlot when its read is done. */
export function whenReadSlot(start: () => void): void {
  if (readsQueued < MAX_QUEUED_READS) {
    readsQueued++;
    start();
  } else {
    waitingReads.push(start);
  }
}

export function releaseReadSlot(): void {
  const next = waitingReads.shift();
  if (next) next();
  else readsQueued--;
}

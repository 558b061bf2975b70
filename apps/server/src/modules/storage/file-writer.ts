import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * Writing a stream of incoming bytes into a file through two reused 1 MiB buffers (ADR 0053).
 *
 * Each piece Node hands over (64 KiB or less) is copied into the buffer being filled and dropped,
 * so nothing holds it until its write finished; the disk always gets 1 MiB writes, one written
 * while the next fills, whatever size the pieces come in. The copy costs ~0.1 s per GiB. Measured,
 * this made uploads faster (the chunked upload ~1 GB/s here), and the memory an upload holds is
 * the two buffers, whatever its size.
 */
export const WRITE_BATCH = 1024 * 1024;

const spare: Buffer[] = [];
// Enough for four writes at once without allocating; more are made and dropped as needed.
const MAX_SPARE = 8;

const take = () => spare.pop() ?? Buffer.allocUnsafeSlow(WRITE_BATCH);
const giveBack = (buffer: Buffer) => {
  if (alignedBuffers.has(buffer)) alignedFree.push(buffer);
  else if (spare.length < MAX_SPARE) spare.push(buffer);
};

/**
 * Direct writes (ADR 0055): full 1 MiB batches of a large body go to the disk with `O_DIRECT`, past
 * the page cache, from buffers whose address, length and file offset are all aligned. Filling fresh
 * page-cache pages was most of the kernel's work for an upload on the VMs measured here (3–5 s of
 * kernel time per GiB when the pages were cold, against ~0.2 s direct), and an upload seldom read
 * again soon has no business pushing other files out of the cache. The last partial batch, bodies
 * under 1 MiB and any write at an unaligned offset still go through the page cache, and a file
 * system that refuses `O_DIRECT` (EINVAL) turns them off for the layout that asked.
 */
export class DirectWrites {
  enabled: boolean;
  /** Never on a platform without O_DIRECT (macOS). */
  constructor(enabled = true) {
    this.enabled = enabled && Boolean(constants.O_DIRECT);
  }
}

/** Where a body's file is, to open it a second time for direct writes. */
export interface DirectTarget {
  path: string;
  writes: DirectWrites;
}

/** File offsets of direct writes are multiples of this (the largest logical block size in use). */
const DIRECT_ALIGN = 4096;
/**
 * Aligned buffers: slices of WebAssembly memories, which start on a page boundary and never grow.
 * One memory holds 8 (four writers at once); more are made as more writers run at once, up to
 * MAX_ALIGNED_MEMORIES; a writer that finds none free, or a process that cannot make one (a tight
 * address-space limit: V8 reserves ~10 GiB of address space for each), writes through the page cache.
 * A memory's pages take memory only once used, and stay with the process like the spare buffers.
 */
const ALIGNED_PER_MEMORY = 8;
const MAX_ALIGNED_MEMORIES = 4;
const alignedBuffers = new WeakSet<Buffer>();
const alignedFree: Buffer[] = [];
let alignedMemories = 0;
let alignedUnavailable = false;
/** Two aligned buffers, or two plain ones when two aligned cannot be had (then no batch goes direct). */
function takeAlignedPair(): readonly [Buffer, Buffer] {
  if (alignedFree.length < 2 && !alignedUnavailable && alignedMemories < MAX_ALIGNED_MEMORIES) {
    try {
      const pages = (ALIGNED_PER_MEMORY * WRITE_BATCH) / 65536;
      const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
      alignedMemories++;
      for (let i = 0; i < ALIGNED_PER_MEMORY; i++) {
        const buffer = Buffer.from(memory.buffer, i * WRITE_BATCH, WRITE_BATCH);
        alignedBuffers.add(buffer);
        alignedFree.push(buffer);
      }
    } catch {
      alignedUnavailable = true;
    }
  }
  if (alignedFree.length < 2) return [take(), take()];
  return [alignedFree.pop() as Buffer, alignedFree.pop() as Buffer];
}

const refused = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EINVAL';

/** The file opened again for direct writes, or null where that cannot be (the caller writes through the page cache). */
async function openDirect(target: DirectTarget): Promise<FileHandle | null> {
  try {
    return await open(target.path, constants.O_WRONLY | constants.O_DIRECT);
  } catch (error) {
    if (refused(error)) target.writes.enabled = false;
    return null;
  }
}

async function writeAllAt(handle: FileHandle, buffer: Buffer, length: number, position: number): Promise<void> {
  let written = 0;
  while (written < length) {
    const { bytesWritten } = await handle.write(buffer, written, length - written, position + written);
    if (bytesWritten === 0) throw new Error('The disk took no more bytes.');
    written += bytesWritten;
  }
}

/** The most bytes a write may take; `exceeded` makes the error, thrown before any byte past it is written. */
export interface WriteLimit {
  bytes: number;
  exceeded(bytes: number): Error;
}

export interface WriteOptions {
  limit?: WriteLimit | undefined;
  /** Called after each batch is written, with its byte count (to start a background flush, say). */
  onWritten?: (bytes: number) => void;
  /** Full batches at aligned offsets go to this file opened with O_DIRECT (see DirectWrites). */
  direct?: DirectTarget | undefined;
}

/**
 * Writes every chunk of `source` into `handle` from `position` and returns the byte count. One batch
 * is written while the next is gathered; the source waits when both are full. Nothing writes to the
 * file once this settles, also after a failure.
 */
export async function writeStreamAt(
  handle: FileHandle,
  source: AsyncIterable<Buffer> | Buffer,
  position: number,
  options: WriteOptions = {},
): Promise<number> {
  const limit = options.limit;
  if (Buffer.isBuffer(source)) {
    if (limit && source.length > limit.bytes) throw limit.exceeded(source.length);
    await writeAllAt(handle, source, source.length, position);
    options.onWritten?.(source.length);
    return source.length;
  }
  const wantsDirect = options.direct?.writes.enabled && position % DIRECT_ALIGN === 0;
  const buffers = wantsDirect ? takeAlignedPair() : ([take(), take()] as const);
  // Without two aligned buffers to be had, nothing of this body goes direct.
  const direct = wantsDirect && alignedBuffers.has(buffers[0]) ? options.direct : undefined;
  let directHandle: Promise<FileHandle | null> | undefined;
  const writeBatch = async (buffer: Buffer, bytes: number, where: number) => {
    if (direct?.writes.enabled && bytes === WRITE_BATCH) {
      const directly = await (directHandle ??= openDirect(direct));
      if (directly) {
        try {
          return await writeAllAt(directly, buffer, bytes, where);
        } catch (error) {
          if (!refused(error)) throw error;
          direct.writes.enabled = false; // the same bytes again, through the page cache
        }
      }
    }
    await writeAllAt(handle, buffer, bytes, where);
  };
  let current = 0;
  let fill = 0;
  let at = position;
  let taken = 0;
  let writing: Promise<void> | null = null;
  const writeCurrent = () => {
    const [buffer, bytes, where] = [buffers[current] as Buffer, fill, at];
    at += bytes;
    current ^= 1;
    fill = 0;
    const done = writeBatch(buffer, bytes, where).then(() => options.onWritten?.(bytes));
    done.catch(() => undefined); // awaited later; must not count as unhandled meanwhile
    return done;
  };
  try {
    for await (const chunk of source) {
      taken += chunk.length;
      if (limit && taken > limit.bytes) throw limit.exceeded(taken);
      let offset = 0;
      while (offset < chunk.length) {
        const copied = chunk.copy(buffers[current] as Buffer, fill, offset);
        fill += copied;
        offset += copied;
        if (fill < WRITE_BATCH) continue;
        // The other buffer is free once its write is done.
        if (writing) await writing;
        writing = writeCurrent();
      }
    }
    if (writing) await writing;
    writing = null;
    if (fill) await writeCurrent();
    return at - position;
  } finally {
    await writing?.catch(() => undefined);
    giveBack(buffers[0]);
    giveBack(buffers[1]);
    await (await directHandle?.catch(() => null))?.close();
  }
}

/** While a body arrives, what was written so far is flushed to disk every this many bytes. */
const SYNC_EVERY = 8 * 1024 * 1024;

/**
 * `writeStreamAt`, then on disk when this resolves. What was written is flushed in the background
 * every SYNC_EVERY bytes while the rest arrives, so the bytes are on disk soon after the last one
 * came rather than a whole body's flush later (a 1 GiB remote upload spent ~0.5 s in its final
 * `fdatasync`). Nothing writes to or flushes the file once this settles, also after a failure.
 */
export async function writeAndSync(
  handle: FileHandle,
  source: AsyncIterable<Buffer> | Buffer,
  position: number,
  limit?: WriteLimit,
  direct?: DirectTarget,
): Promise<number> {
  const sync = { running: null as Promise<void> | null, failure: null as Error | null, pending: 0 };
  const startSync = () => {
    sync.pending = 0;
    sync.running = handle.datasync().then(
      () => void (sync.running = null),
      (error: unknown) => {
        sync.failure ??= error instanceof Error ? error : new Error(String(error));
        sync.running = null;
      },
    );
  };
  try {
    const bytes = await writeStreamAt(handle, source, position, {
      limit,
      direct,
      onWritten: (written) => {
        sync.pending += written;
        if (sync.pending >= SYNC_EVERY && !sync.running) startSync();
      },
    });
    await sync.running;
    if (sync.failure) throw sync.failure;
    await handle.datasync();
    return bytes;
  } finally {
    await sync.running;
  }
}

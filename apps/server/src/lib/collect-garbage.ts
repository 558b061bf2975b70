import v8 from 'node:v8';
import { Transform, pipeline, type Readable } from 'node:stream';
import vm from 'node:vm';

/**
 * A young-generation collection after every few MB an upload or a download moved (ADR 0053, 0056).
 *
 * Node's HTTP parser hands each piece of a request body over in a buffer of its own, allocated with
 * malloc; the memory comes back only when a young-generation collection finds the buffer dead. Those
 * collections are started by JavaScript allocation, not by buffer memory: the leaner the upload
 * path, the more buffers pile up between two of them (~12 MB at 600 MB/s here). Collecting after
 * every 8 MB keeps that pile at 8 MB; one such collection takes well under a millisecond, as there
 * is next to nothing alive in a 1 MB young generation.
 */
const DISK_TRANSFER_BYTES = 8 * 1024 * 1024;

/**
 * The same for bodies that go on to another socket: parts of an upload to S3, downloads from S3
 * (ADR 0056). Those paths allocate more JavaScript objects per byte (the SDK, the socket writes),
 * so the old generation grows steadily and V8 keeps its limit at 1.1 times its size after each full
 * collection, a few MB of headroom. Dead buffers count against that limit as external memory: with
 * up to 8 MB of them waiting, marking started again right after every full collection (42 full
 * collections for two 1 GiB uploads to S3; 4 with a collection every 2 MB).
 */
export const SOCKET_TRANSFER_BYTES = 2 * 1024 * 1024;

/** How often to collect for a body on its way to `storage`. */
export function collectionInterval(storage: 'local' | 's3'): number {
  return storage === 's3' ? SOCKET_TRANSFER_BYTES : DISK_TRANSFER_BYTES;
}

// Called with no argument it runs a full collection: on Node 20's V8 `{ type: 'major' }` runs none.
type Collect = (options?: { type: 'minor' }) => unknown;

let collect: Collect | null | undefined;
function collector(): Collect | null {
  if (collect === undefined) {
    try {
      // Node has no other way to ask for a collection; the flag only makes the function available.
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as Collect;
    } catch {
      collect = null;
    }
  }
  return collect;
}

// One count for the whole process: the buffers of every transfer wait for the same collection.
let transferred = 0;

/**
 * Counts `bytes` of a body as they arrive; once the count since the last collection reaches
 * `every`, starts one and returns true.
 */
export function noteTransferred(bytes: number, every: number = DISK_TRANSFER_BYTES): boolean {
  transferred += bytes;
  if (transferred < every) return false;
  transferred = 0;
  const run = collector();
  run?.({ type: 'minor' });
  return run !== null;
}

/**
 * One full collection once the server has started, before it serves anything (ADR 0054).
 *
 * Start-up leaves ~16 MB of garbage behind (the database's WebAssembly binary as it was read, the
 * migrations' and the vacuum's results, the modules' compile-time objects) that V8 would collect
 * only seconds later, at its first full collection. Meanwhile V8 optimizes the embedded database's
 * two hottest functions, ~20 MB of compiler memory for a moment, on top of it: that moment was the
 * server's peak before it served a request. Collecting first lowers it by about the garbage's size.
 */
export function collectAfterStartUp(): boolean {
  return collectFully();
}

/** A full collection; false where Node offers none. */
function collectFully(): boolean {
  const run = collector();
  run?.();
  return run !== null;
}

/**
 * `body` as it is read, counted by `noteTransferred` (ADR 0054): for bodies that arrive over a
 * socket of ours, a download from S3 say, whose every piece is a buffer of its own that only a
 * young collection gives back. Without it a 1 GiB download from the bucket piled up tens of MB of
 * such buffers (55–68 on one machine), already sent on, before V8 collected them. Errors and an
 * early end travel both ways, as through any pipeline.
 */
export function countedForCollection(body: Readable): Readable {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      noteTransferred(chunk.length, SOCKET_TRANSFER_BYTES);
      done(null, chunk);
    },
  });
  return pipeline(body, counter, () => {});
}

/**
 * Growth of the JavaScript heap since the smallest it was seen that starts a full collection
 * (ADR 0054): 16 MB on the local disk, 8 MB on S3 (ADR 0057).
 */
const HEAP_GROWTH_BYTES = 16 * 1024 * 1024;
const S3_HEAP_GROWTH_BYTES = 8 * 1024 * 1024;
const HEAP_CHECK_MS = 250;

/**
 * How far the heap may grow before the guard collects, for a server storing on `storage`. On S3,
 * the objects of requests that wait on the network (the `GetObject`s a zip keeps in flight) are what
 * grows the old generation, and the heap's peak is the floor plus this growth: 8 MB keeps the S3
 * case under its memory line. On the local disk that waiting is short, and a guard at 8 MB there
 * cost the small-files upload 8–12% more CPU per file for nothing the memory targets needed.
 */
export function heapGrowthFor(storage: 'local' | 's3'): number {
  return storage === 's3' ? S3_HEAP_GROWTH_BYTES : HEAP_GROWTH_BYTES;
}

/**
 * Checks the heap four times a second and runs a full collection once it grew `growthBytes` over
 * the smallest it was seen since the last one (ADR 0054, 0057). With the embedded database's 1 MB
 * young generation, the objects of requests that wait on the network (the `GetObject`s a zip keeps
 * on S3 in flight) live through a few young collections and are moved to the old generation, where
 * they die; V8 let that garbage grow by ~90 MB over one zip of 2,000 objects before its own full
 * collection. A check costs a few microseconds; a collection 35–60 ms here, every few seconds
 * under such a load. `growthBytes` may be a function, read at every check (the setup wizard can
 * switch the storage while the server runs). Returns a function that stops the checks.
 */
export function startHeapGuard(
  options: { growthBytes?: number | (() => number); checkMs?: number; onCollect?: () => void } = {},
): () => void {
  const growthOption = options.growthBytes ?? HEAP_GROWTH_BYTES;
  const growth = typeof growthOption === 'function' ? growthOption : () => growthOption;
  let floor = v8.getHeapStatistics().used_heap_size;
  const timer = setInterval(() => {
    const used = v8.getHeapStatistics().used_heap_size;
    if (used < floor) floor = used;
    if (used - floor < growth()) return;
    if (!collectFully()) return clearInterval(timer);
    floor = v8.getHeapStatistics().used_heap_size;
    options.onCollect?.();
  }, options.checkMs ?? HEAP_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

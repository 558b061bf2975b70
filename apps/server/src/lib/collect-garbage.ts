import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A young-generation collection after every TRANSFER_BYTES an upload moved (ADR 0053).
 *
 * Node's HTTP parser hands each piece of a request body over in a buffer of its own, allocated with
 * malloc; the memory comes back only when a young-generation collection finds the buffer dead. Those
 * collections are started by JavaScript allocation, not by buffer memory: the leaner the upload
 * path, the more buffers pile up between two of them (~12 MB at 600 MB/s here). Collecting after
 * every 8 MB keeps that pile at 8 MB; one such collection takes well under a millisecond, as there
 * is next to nothing alive in a 1 MB young generation.
 */
const TRANSFER_BYTES = 8 * 1024 * 1024;

type Collect = (options: { type: 'minor' }) => unknown;

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

let transferred = 0;

/** Counts `bytes` of an upload's body as they arrive; true when it started a collection. */
export function noteTransferred(bytes: number): boolean {
  transferred += bytes;
  if (transferred < TRANSFER_BYTES) return false;
  transferred = 0;
  const run = collector();
  run?.({ type: 'minor' });
  return run !== null;
}

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Freed memory handed back to the system (ADR 0059).
 *
 * glibc's malloc keeps what the process frees inside its arenas and returns only the free memory
 * at the top of one: the buffers of request and response bodies, the compilers' scratch memory,
 * the database's results, freed between live allocations, stay resident. `malloc_trim(0)` returns
 * every free page. Node has no call for it, so the server builds a small addon for it
 * (`native/malloc-trim.c`, by `scripts/build-native.mjs`); where it could not be built the server
 * runs without it.
 */
type Addon = { trim(): boolean; tune?(trimThreshold: number, mmapThreshold: number): boolean };

// The same file from src/lib (tests) and dist/lib (the server): the build writes it to dist/native.
const ADDON_PATH = new URL('../../dist/native/malloc-trim.node', import.meta.url);

let addon: Addon | null | undefined;
function loaded(): Addon | null {
  if (addon === undefined) {
    // The switch that skips the build turns an addon built before off too.
    if (process.env.FILESTORE_NO_NATIVE === '1') return (addon = null);
    try {
      addon = createRequire(import.meta.url)(fileURLToPath(ADDON_PATH)) as Addon;
    } catch {
      addon = null;
    }
  }
  return addon;
}

/** Whether the addon is there to call. */
export function canTrim(): boolean {
  return loaded() !== null;
}

/** Hands freed memory back to the system; false where the addon is missing (or nothing was freed). */
export function trimFreedMemory(): boolean {
  return loaded()?.trim() ?? false;
}

/**
 * What malloc may keep once the server runs (ADR 0060): freed memory at the top of the heap up to
 * 4 MiB stays for the next allocation, and blocks up to 4 MiB come from the heap, not from a
 * mapping of their own. `npm start` starts node with both at 128 KiB (freed memory goes back at
 * once), which keeps start-up's peak low; serving with them there made the buffers of bodies come
 * back as fresh pages: a 1 GiB download from S3 took 54–86 page faults per MB, at ~12 µs each on
 * these VMs (their host takes freed pages back), a third of the server's CPU. The memory trimmer
 * below still hands every free page back within half a second of the resident size growing 2 MB.
 */
export const SERVING_TRIM_THRESHOLD = 4 * 1024 * 1024;
export const SERVING_MMAP_THRESHOLD = 4 * 1024 * 1024;

/** Raises malloc's thresholds to the serving ones; false where the addon (or its `tune`) is missing. */
export function keepFreedMemoryForReuse(): boolean {
  return loaded()?.tune?.(SERVING_TRIM_THRESHOLD, SERVING_MMAP_THRESHOLD) ?? false;
}

/**
 * A trim shortly after a collection: V8 frees dead buffers' memory on a background thread after the
 * collection returns (concurrent ArrayBuffer sweeping), so a trim at once could miss some of it.
 */
export function trimAfterCollection(delayMs = 100): void {
  if (!canTrim()) return;
  setTimeout(trimFreedMemory, delayMs).unref();
}

/** How much the resident memory may grow over the lowest it was seen since the last trim before the next. */
const TRIM_GROWTH_BYTES = 2 * 1024 * 1024;
const TRIM_CHECK_MS = 500;

/**
 * Reads the resident set size twice a second and trims once it grew 2 MB over the lowest it was
 * seen since the last trim. A trim takes 0.1–0.4 ms in an idle server and ~11 ms when it hands back
 * ~50 MB of holes; under steady traffic it runs at most twice a second, and what it returned is
 * faulted in again as malloc reuses it (the price of a lower peak). An idle server, whose size does
 * not move, is never trimmed twice. `trim` is for tests. Returns a function that stops the checks.
 */
export function startMemoryTrimmer(
  options: {
    growthBytes?: number;
    checkMs?: number;
    rss?: () => number;
    trim?: () => boolean;
  } = {},
): () => void {
  const trim = options.trim ?? (canTrim() ? trimFreedMemory : null);
  if (!trim) return () => undefined;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const growth = options.growthBytes ?? TRIM_GROWTH_BYTES;
  let floor = rss();
  const timer = setInterval(() => {
    const now = rss();
    if (now < floor) floor = now;
    if (now - floor < growth) return;
    trim();
    floor = rss();
  }, options.checkMs ?? TRIM_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Freed memory handed back to the system (ADR 0059).
 *
 * glibc's malloc keeps what the process frees inside its arenas and returns only the free memory
 * at the top of one: the buffers of request and response bodies, the compilers' scratch memory,
 * the database's results, freed between live allocations, stay resident. `malloc_trim(0)` returns
 * every free page. Node has no call for it, so the server builds a 15-line addon for it
 * (`native/malloc-trim.c`, by `scripts/build-native.mjs`); where it could not be built the server
 * runs without it.
 */
type Addon = { trim(): boolean };

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

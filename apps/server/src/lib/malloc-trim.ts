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

/** How much the resident memory may grow over the lowest it was seen since the last trim before the next. */
const TRIM_GROWTH_BYTES = 1024 * 1024;
const TRIM_CHECK_MS = 250;

/**
 * Reads the resident set size four times a second and trims once it grew a MB over the lowest it
 * was seen since the last trim. A trim takes well under a millisecond here (0.1–0.4 ms); an idle
 * server, whose size does not move, is never trimmed twice. Returns a function that stops the checks.
 */
export function startMemoryTrimmer(
  options: { growthBytes?: number; checkMs?: number; rss?: () => number; onTrim?: () => void } = {},
): () => void {
  if (!canTrim()) return () => undefined;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const growth = options.growthBytes ?? TRIM_GROWTH_BYTES;
  let floor = rss();
  const timer = setInterval(() => {
    const now = rss();
    if (now < floor) floor = now;
    if (now - floor < growth) return;
    trimFreedMemory();
    floor = rss();
    options.onTrim?.();
  }, options.checkMs ?? TRIM_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

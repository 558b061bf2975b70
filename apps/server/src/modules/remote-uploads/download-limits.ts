import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { timedOut } from './remote-fetch.js';

/** A download is judged on its average rate only after this long (ADR 0066): a slow start is fine. */
export const RATE_GRACE_MS = 30_000;
/** How often a download's limits are looked at between chunks (a server sending nothing has no chunks). */
const CHECK_EVERY_MS = 250;

export const tooSlow = (minKb: number) =>
  new AppError(
    422,
    'remote_upload.too_slow',
    `The download averaged less than ${minKb} KB/s after its first ${RATE_GRACE_MS / 1000} seconds and was stopped.`,
  );
export const batchTimedOut = (seconds: number) =>
  new AppError(
    422,
    'remote_upload.batch_timeout',
    `The links of this upload took more than ${seconds} seconds to download in all; the rest were stopped.`,
  );

export interface DownloadLimits {
  /** The time tests move; every limit is measured on it. */
  clock: Clock;
  /** The most one URL may take (REMOTE_UPLOAD_TIMEOUT_SECONDS). */
  urlSeconds: number;
  /** The download time a batch may use in all (REMOTE_UPLOAD_BATCH_SECONDS), and what it used so far. */
  batchSeconds: number;
  batchUsedMs: number;
  /** KB/s a download must average once past RATE_GRACE_MS (REMOTE_UPLOAD_MIN_RATE_KB); 0: any. */
  minRateKb: number;
}

export interface WatchedDownload {
  /** Aborted, with the AppError that says why, once a limit is passed. */
  signal: AbortSignal;
  /** `body`, counted as it is read, and checked at each chunk. */
  counted(body: AsyncIterable<Buffer>): AsyncIterable<Buffer>;
  /** The download time so far, on the clock. */
  elapsedMs(): number;
  stop(): void;
}

/**
 * Watches one URL's download against the limits of ADR 0066: its own time cap, what its batch has
 * left of the batch's cap, and (after the grace period) a minimum average rate, so a server that
 * trickles a byte now and then cannot hold a fetch slot for long. Checked at every chunk and every
 * CHECK_EVERY_MS; the signal is aborted with the reason, which the fetch and the storing obey.
 */
export function watchDownload(limits: DownloadLimits): WatchedDownload {
  const controller = new AbortController();
  const started = limits.clock.now().getTime();
  const urlMs = limits.urlSeconds * 1000;
  const batchLeftMs = limits.batchSeconds * 1000 - limits.batchUsedMs;
  const minBytesPerSecond = limits.minRateKb * 1024;
  let bytes = 0;
  const elapsedMs = () => Math.max(0, limits.clock.now().getTime() - started);

  const check = () => {
    if (controller.signal.aborted) return;
    const elapsed = elapsedMs();
    let reason: AppError | null = null;
    if (batchLeftMs < urlMs && elapsed >= batchLeftMs) reason = batchTimedOut(limits.batchSeconds);
    else if (elapsed >= urlMs) reason = timedOut(limits.urlSeconds);
    else if (minBytesPerSecond > 0 && elapsed >= RATE_GRACE_MS && bytes * 1000 < minBytesPerSecond * elapsed)
      reason = tooSlow(limits.minRateKb);
    if (reason) {
      clearInterval(timer);
      controller.abort(reason);
    }
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  check();

  return {
    signal: controller.signal,
    async *counted(body) {
      for await (const chunk of body) {
        bytes += chunk.length;
        check();
        controller.signal.throwIfAborted();
        yield chunk;
      }
    },
    elapsedMs,
    stop: () => clearInterval(timer),
  };
}

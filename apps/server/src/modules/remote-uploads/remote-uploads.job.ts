import { setTimeout as delay } from 'node:timers/promises';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { JobDefinition } from '../../lib/jobs.js';
import type { Actor } from '../files/index.js';
import { notify } from '../notifications/index.js';
import { publishEvent } from '../realtime/index.js';
import { ChunkBody, uploadWholeFile } from '../uploads/index.js';
import { findUserById } from '../users/index.js';
import { defaultNetwork, type RemoteNetwork } from './address-guard.js';
import { watchDownload } from './download-limits.js';
import { fetchFailed, openRemote, type RemoteResponse } from './remote-fetch.js';
import { remoteFileName } from './remote-name.js';
import {
  claimUrl,
  deleteOldBatches,
  failuresOf,
  findBatch,
  MAX_ATTEMPTS,
  settleUrl,
  type ClaimedUrl,
  type UrlOutcome,
} from './remote-uploads.repository.js';
import type { RemoteUploadBatchRow } from './remote-uploads.table.js';
import { REMOTE_UPLOADS_JOB, type LinkOpeners } from './remote-uploads.usecases.js';

const MB = 1024 * 1024;
/** Beyond the time cap, what storing a fetched file may take before another node may take the URL over. */
const LEASE_MARGIN_MS = 60_000;
/** While fetches run, how often the job looks for new work for its free slots. */
const LOOK_AGAIN_MS = 1000;

interface CreatedFile {
  id: string;
  name: string;
  parent_id: string | null;
}

/**
 * Fetches the URLs of remote upload batches, up to REMOTE_UPLOAD_CONCURRENCY at once per node, the
 * owners taking turns (ADR 0066, amending ADR 0027's one at a time). A URL is claimed in one
 * statement with a lease, fetched outside any transaction under the limits of `watchDownload`, then
 * settled, counted and announced (`remote-upload.progress`; at the batch's end `remote-upload.done`
 * and a notification) in one transaction. A node that dies mid-URL leaves its lease to run out: the
 * URL is tried once more, and a second interruption fails it. What a node keeps is only its own
 * fetches in flight; every claim, turn and count is in the database.
 */
export function remoteUploadsJob(
  ctx: AppContext,
  openers: LinkOpeners,
  network: RemoteNetwork = defaultNetwork,
): JobDefinition {
  const env = ctx.config.env;
  const timeoutMs = env.REMOTE_UPLOAD_TIMEOUT_SECONDS * 1000;
  const slots = env.REMOTE_UPLOAD_CONCURRENCY;
  /** This node's fetches in flight: each settles its URL itself, and never rejects. */
  const inFlight = new Set<Promise<void>>();
  // A short time cap (tests) keeps a short lease, so a crashed node's URL comes back soon.
  const leaseMs = timeoutMs + Math.min(LEASE_MARGIN_MS, timeoutMs);
  let runs = 0;

  async function actorOf(batch: RemoteUploadBatchRow): Promise<{ actor: Actor; stored?: () => Promise<void> }> {
    const { kind, id } = batch.actorKey;
    if (kind === 'user') {
      const user = await findUserById(ctx.db, id);
      if (!user) throw new AppError(404, 'not_found', 'The account this upload was for is gone.');
      return { actor: { kind: 'user', user } };
    }
    if (batch.linkToken) {
      return kind === 'share' ? openers.share(batch.linkToken) : openers.request(batch.linkToken);
    }
    throw new Error(`no link token for the ${kind} link ${id}`);
  }

  async function fetchInto(
    batch: RemoteUploadBatchRow,
    claim: ClaimedUrl,
  ): Promise<{ outcome: UrlOutcome; file: CreatedFile | null; fetchMs: number }> {
    const watch = watchDownload({
      clock: ctx.clock,
      urlSeconds: env.REMOTE_UPLOAD_TIMEOUT_SECONDS,
      batchSeconds: env.REMOTE_UPLOAD_BATCH_SECONDS,
      batchUsedMs: batch.fetchMs,
      minRateKb: env.REMOTE_UPLOAD_MIN_RATE_KB,
    });
    const signal = watch.signal;
    let response: RemoteResponse | null = null;
    try {
      // A batch that used up its download time fails the URLs it has left without fetching them.
      signal.throwIfAborted();
      const { actor, stored } = await actorOf(batch);
      response = await openRemote(claim.url, {
        network,
        allowPrivate: env.REMOTE_UPLOAD_ALLOW_PRIVATE,
        maxBytes: env.REMOTE_UPLOAD_MAX_MB * MB,
        signal,
      });
      const name = remoteFileName(response.url, response.contentDisposition, response.contentType);
      const item = await uploadWholeFile(
        ctx,
        actor,
        { name, parent_id: batch.parentId, size: response.size, folders: [], is_last_chunk: true },
        new ChunkBody(watch.counted(response.body)),
      );
      await stored?.();
      const file = { id: item.data.id, name: item.data.attributes.name, parent_id: item.data.attributes.parent_id };
      return { outcome: { fileId: file.id }, file, fetchMs: watch.elapsedMs() };
    } catch (error) {
      const reason = signal.aborted
        ? (signal.reason as AppError)
        : (response?.failure() ??
          (error instanceof AppError ? error : fetchFailed(`The download failed (${describe(error)}).`)));
      if (!(error instanceof AppError) && !signal.aborted) {
        ctx.log.info({ err: error, url: claim.url }, 'remote upload failed');
      }
      return { outcome: { errorCode: reason.code, error: reason.message }, file: null, fetchMs: watch.elapsedMs() };
    } finally {
      watch.stop();
      response?.close();
    }
  }

  async function announce(db: Db, batch: RemoteUploadBatchRow, finished: boolean, file: CreatedFile | null) {
    const counts = { batch_id: batch.id, total: batch.total, processed: batch.processed, failed: batch.failed };
    await publishEvent(db, [batch.ownerId], 'remote-upload.progress', { ...counts, file });
    if (!finished) return;
    const failures = batch.failed > 0 ? await failuresOf(db, batch.id) : [];
    await publishEvent(db, [batch.ownerId], 'remote-upload.done', { ...counts, failures });
    const summary = { stored: batch.total - batch.failed, count: batch.total };
    const why = failures.map((f) => `${f.url}: ${f.reason}`).join('\n');
    await notify(db, batch.ownerId, {
      category: 'remote-upload-done',
      message: why
        ? { key: 'remote_upload.done_failures', params: { ...summary, failures: why } }
        : { key: 'remote_upload.done', params: summary },
      action: { type: 'route', params: { route: 'Files', id: batch.parentId } },
    });
  }

  /** Fetches one claimed URL and settles it; logs (never throws) what went wrong in between. */
  async function work(claim: ClaimedUrl): Promise<void> {
    try {
      const batch = await findBatch(ctx.db, claim.batchId);
      if (!batch) return;
      const { outcome, file, fetchMs } =
        claim.attempts > MAX_ATTEMPTS
          ? {
              outcome: {
                errorCode: 'remote_upload.interrupted',
                error: 'The download was interrupted twice (the server stopped) and was given up.',
              },
              file: null,
              fetchMs: 0,
            }
          : await fetchInto(batch, claim);
      await ctx.db.transaction(async (tx) => {
        const settled = await settleUrl(tx, claim, outcome, fetchMs);
        // Lost the claim to another node: it settles the URL; the file made here stays, counted.
        if (!settled) return;
        await announce(tx, settled.batch, settled.finished, file);
      });
    } catch (error) {
      // Its lease runs out and any node takes the URL up again.
      ctx.log.error({ err: error, url: claim.url }, 'remote upload: a URL could not be settled');
    }
  }

  /**
   * Fills this node's free slots with claims. The last free slot (with more than one) goes only to
   * an owner with nothing running, so a newcomer never waits behind another owner's downloads.
   */
  async function fill(): Promise<void> {
    while (inFlight.size < slots) {
      const lastSlot = slots > 1 && inFlight.size === slots - 1;
      const claim = await claimUrl(ctx.db, leaseMs, lastSlot);
      if (!claim) return;
      const task: Promise<void> = work(claim).finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
  }

  return {
    name: REMOTE_UPLOADS_JOB,
    intervalMs: 10_000,
    /**
     * Claims into free slots, then waits for a fetch to end (the run is over: the runner comes back
     * at once for the next claim) or for a look a second later (a new batch, another owner's turn)
     * and claims again. Shutting down, nothing new is claimed.
     */
    async run() {
      if (runs++ % 1000 === 0) await deleteOldBatches(ctx.db);
      for (;;) {
        if (!ctx.jobs.stopping) await fill();
        if (inFlight.size === 0) return { more: false };
        const ended = await Promise.race([
          ...[...inFlight].map((task) => task.then(() => true)),
          delay(LOOK_AGAIN_MS, false, { ref: false }),
        ]);
        if (ended) return { more: true };
      }
    },
    /** The fetches in flight, settled: the runner's `stop` waits for them. */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

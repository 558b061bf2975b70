import type { BulkManifest, BulkUploadConfig } from '@filestore/contract';
import { chunkFileName, extensionOf, uploadId } from './ids';
import {
  bulkOutcomes,
  failureOf,
  isTransient,
  madeFile,
  nextOffset,
  type FailureKind,
  type UploadFailure,
} from './failures';
import { sha256Hex } from './hash';
import type { QueueStore, QueuedState } from './queue-store';
import { AbortedError, type ChunkDestination, type ChunkResponse, type ChunkTransport } from './transport';

export type { FailureKind, UploadFailure } from './failures';

/**
 * The upload queue (spec §4): files go one after another, each sliced into chunks sent one after
 * another. Plain TypeScript: React reads it through `subscribe`/`getSnapshot`.
 */

export type UploadStatus =
  /** Waiting for the files before it. */
  | 'queued'
  | 'uploading'
  /** Every byte is out; the server is finishing the file (spec §4). */
  | 'processing'
  | 'done'
  | 'failed'
  | 'cancelled'
  /** Not sent because an earlier file was refused (spec §8 clears the queue). */
  | 'skipped';

export interface UploadItem {
  file: Blob;
  name: string;
  /** The file's modification time on disk (File.lastModified), kept to notice a change after a reload. */
  lastModified?: number | null;
  parentId: string | null;
  /** "/" + the file's path inside an uploaded folder ("/Photos/a.jpg"), or null. */
  path: string | null;
  /** A share link's or upload request's upload calls; the transport's own when absent. */
  destination?: ChunkDestination;
}

export interface UploadTask {
  /** Stable for the panel; the server's upload_id changes when a file is retried. */
  key: string;
  name: string;
  size: number;
  parentId: string | null;
  path: string | null;
  status: UploadStatus;
  /** Bytes the server has acknowledged plus the current chunk's progress, at most `size`. */
  sent: number;
  failure: UploadFailure | null;
}

export interface UploadSnapshot {
  tasks: readonly UploadTask[];
  /** A file is being sent or waits to be. */
  active: boolean;
  /** Files waiting or in flight. */
  queued: number;
  uploaded: number;
  failed: number;
  totalBytes: number;
  sentBytes: number;
  /** 0–100, capped (spec §9). */
  progress: number;
}

export interface EngineHooks {
  /** A file arrived; `body` is the server's answer to the last chunk (the file resource). */
  onUploaded?: (task: UploadTask, body: unknown) => void;
  /** A file stopped for good (after retries, or refused). */
  onFailed?: (task: UploadTask, failure: UploadFailure) => void;
  /** The queue ran dry. */
  onIdle?: (summary: { uploaded: number; failed: number }) => void;
}

export interface EngineOptions {
  transport: ChunkTransport;
  /** Bytes per chunk (config.chunkSize), read when each file starts. */
  chunkSize: () => number;
  hooks?: EngineHooks;
  /** Wait before each retry of a failing chunk (spec §9: up to 3 retries). */
  retryDelays?: number[];
  /** config.bulkUpload: small files go many to a request; null (or no transport.sendBulk): all chunked. */
  bulk?: () => BulkUploadConfig | null;
  /** The bulk route for files queued without a destination (the transport's own door). */
  bulkUrl?: string;
  /** Keeps what is queued and half sent across a reload (IndexedDB in the browser). */
  store?: QueueStore;
}

/** A file of a persisted queue, put back after a reload (see restore). */
export interface RestoredItem extends UploadItem {
  state: QueuedState;
  /** The file changed on disk since it was queued: its session is dropped and it starts again. */
  restart?: boolean;
  /** The file can't be read any more (moved, deleted): it is shown as failed, not sent. */
  unreadable?: boolean;
}

const DEFAULT_RETRY_DELAYS = [1000, 3000, 6000];
/** Bulk requests (or one of them and a chunked file) under way at once. */
const BULK_LANES = 2;
const TERMINAL: ReadonlySet<UploadStatus> = new Set(['done', 'failed', 'cancelled', 'skipped']);
/** Refusals that will not change for the next file either: the queue is cleared (spec §8). */
const CLEARS_QUEUE: ReadonlySet<FailureKind> = new Set(['quota', 'type', 'too_large', 'refused']);

interface Job {
  task: UploadTask;
  file: Blob;
  lastModified: number | null;
  destination: ChunkDestination | undefined;
  /** Order in the persisted queue. */
  seq: number;
  uploadId: string;
  /** Bytes the server has acknowledged (where a resumed chunked file goes on). */
  offset: number;
  /** The chunk size of the server's session, fixed once it exists. */
  chunkSize: number | null;
  /** SHA-256 for the bulk manifest, once computed. */
  sha256: string | null;
  hashing: Promise<string> | null;
  /** The Idempotency-Key of the bulk request it is part of, from the moment that is first sent. */
  bulkKey: string | null;
  /** Put back after a reload: an unknown session (it expired) means starting again from zero. */
  resumed: boolean;
  /**
   * The server holds a session for it (it acknowledged a chunk short of the last one, or named
   * the offset it expects), so cancelling must tell it to drop the session. A file that never got
   * that far has nothing to drop: asking would only earn a 404.
   */
  started: boolean;
  controller: AbortController | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export class UploadEngine {
  private jobs: Job[] = [];
  private lanes = 0;
  private chunking = false;
  private listeners = new Set<() => void>();
  private snapshot: UploadSnapshot;
  private readonly retryDelays: number[];

  constructor(private readonly options: EngineOptions) {
    this.retryDelays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
    this.snapshot = this.buildSnapshot();
  }

  setHooks(hooks: EngineHooks): void {
    this.options.hooks = hooks;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  /** Queues files; a new batch after an idle queue starts the totals afresh. */
  add(items: UploadItem[]): void {
    if (items.length === 0) return;
    if (!this.running) this.jobs = this.jobs.filter((job) => !TERMINAL.has(job.task.status));
    const added = items.map((item) => this.jobOf(item));
    this.jobs.push(...added);
    this.options.store?.add(added.map((job) => ({ state: this.stateOf(job), file: job.file })));
    this.emit();
    this.pump();
  }

  /**
   * Puts back the files of a queue persisted before a reload, as they were: a chunked file goes on
   * at its offset, a bulk request whose answer was lost is sent again with the same key.
   */
  restore(items: RestoredItem[]): void {
    if (items.length === 0) return;
    if (!this.running) this.jobs = this.jobs.filter((job) => !TERMINAL.has(job.task.status));
    const restored = [...items]
      .sort((a, b) => a.state.seq - b.state.seq)
      .map((item) => {
        const { state } = item;
        const job = this.jobOf(item, state.key, state.seq);
        if (item.unreadable) {
          if (state.started) void this.options.transport.discard(state.uploadId, item.destination);
          job.task = { ...job.task, status: 'failed', failure: sourceChanged() };
          return job;
        }
        if (item.restart) {
          if (state.started) void this.options.transport.discard(state.uploadId, item.destination);
          return job;
        }
        Object.assign(job, {
          uploadId: state.uploadId,
          offset: state.offset,
          chunkSize: state.chunkSize,
          started: state.started,
          sha256: state.sha256,
          bulkKey: state.bulkKey,
          resumed: true,
        });
        job.task = { ...job.task, sent: state.offset };
        return job;
      });
    this.jobs.push(...restored);
    // This tab sends them now; the ones that can't be read are forgotten (the panel shows them).
    const failed = restored.filter((job) => job.task.status === 'failed');
    this.persist(restored.filter((job) => job.task.status !== 'failed'));
    this.forget(failed);
    this.emit();
    for (const job of failed) if (job.task.failure) this.options.hooks?.onFailed?.(job.task, job.task.failure);
    this.pump();
  }

  private jobOf(item: UploadItem, key = uploadId(), seq = this.nextSeq()): Job {
    return {
      task: {
        key,
        name: item.name,
        size: item.file.size,
        parentId: item.parentId,
        path: item.path,
        status: 'queued',
        sent: 0,
        failure: null,
      },
      file: item.file,
      lastModified: item.lastModified ?? null,
      destination: item.destination,
      seq,
      uploadId: uploadId(),
      offset: 0,
      chunkSize: null,
      sha256: null,
      hashing: null,
      bulkKey: null,
      resumed: false,
      started: false,
      controller: null,
    };
  }

  private seq = 0;
  private nextSeq(): number {
    // Increasing across reloads too, so restored files keep their place ahead of new ones.
    this.seq = Math.max(this.seq + 1, Date.now() * 1000);
    return this.seq;
  }

  /** What the persisted queue keeps of a file (the bytes are stored once, apart). */
  private stateOf(job: Job): QueuedState {
    const { task } = job;
    return {
      key: task.key,
      seq: job.seq,
      name: task.name,
      size: task.size,
      lastModified: job.lastModified,
      parentId: task.parentId,
      path: task.path,
      destination: job.destination
        ? { chunks: job.destination.chunks, bulk: job.destination.bulk ?? null, discard: job.destination.discard(ID) }
        : null,
      status: job.bulkKey || job.started ? 'sending' : 'queued',
      uploadId: job.uploadId,
      offset: job.offset,
      chunkSize: job.chunkSize,
      started: job.started,
      sha256: job.sha256,
      bulkKey: job.bulkKey,
    };
  }

  private persist(jobs: Job[]): void {
    this.options.store?.update(jobs.map((job) => this.stateOf(job)));
  }

  private forget(jobs: Job[]): void {
    if (jobs.length > 0) this.options.store?.remove(jobs.map((job) => job.task.key));
  }

  cancel(key: string): void {
    const job = this.jobs.find((j) => j.task.key === key);
    if (!job || TERMINAL.has(job.task.status)) return;
    this.update(job, { status: 'cancelled' });
    this.forget([job]);
    // A file in a bulk request goes on with the others: the server may make it anyway.
    if (!job.bulkKey) job.controller?.abort();
    if (job.started) void this.options.transport.discard(job.uploadId, job.destination);
  }

  /** Stops every file not finished and empties the queue: nothing is left to show. */
  cancelAll(): void {
    for (const job of this.jobs) this.cancel(job.task.key);
    this.jobs = [];
    this.emit();
  }

  /** Sends a failed, cancelled or skipped file again, from its first byte. */
  retry(key: string): void {
    const job = this.jobs.find((j) => j.task.key === key);
    if (!job || !['failed', 'cancelled', 'skipped'].includes(job.task.status)) return;
    Object.assign(job, { uploadId: uploadId(), started: false, offset: 0, chunkSize: null, bulkKey: null });
    this.update(job, { status: 'queued', sent: 0, failure: null });
    this.options.store?.add([{ state: this.stateOf(job), file: job.file }]);
    this.pump();
  }

  /** Forgets finished files (the panel's close button; spec §4: an empty queue clears the progress). */
  clearFinished(): void {
    this.jobs = this.jobs.filter((job) => !TERMINAL.has(job.task.status));
    this.emit();
  }

  /**
   * Starts lanes up to the limit: one when every file goes in chunks (one after another, spec
   * §4); two with bulk requests, so one request's answer is awaited while the next goes out. A
   * chunked file never shares the line with another chunked file.
   */
  private pump(): void {
    // Counted first: a lane that finds nothing to do ends at once, and must not be started again.
    const start = (this.bulkBounds() ? BULK_LANES : 1) - this.lanes;
    this.lanes += Math.max(0, start);
    for (let i = 0; i < start; i++) void this.lane();
  }

  private async lane(): Promise<void> {
    try {
      for (let work = this.nextWork(); work; work = this.nextWork()) {
        if (Array.isArray(work)) await this.sendBulk(work);
        else {
          this.chunking = true;
          try {
            await this.send(work);
          } finally {
            this.chunking = false;
          }
        }
      }
    } finally {
      this.lanes -= 1;
    }
    if (this.lanes > 0) return;
    this.emit();
    const { uploaded, failed } = this.snapshot;
    this.options.hooks?.onIdle?.({ uploaded, failed });
  }

  private get running(): boolean {
    return this.lanes > 0;
  }

  /** The next file to send in chunks, or the next files to pack into one bulk request. */
  private nextWork(): Job | Job[] | undefined {
    const bounds = this.bulkBounds();
    const fits = (job: Job) => bounds !== null && this.fitsBulk(job, bounds);
    const first = this.jobs.find((job) => job.task.status === 'queued' && (!this.chunking || fits(job)));
    if (!first) return undefined;
    if (!bounds || !fits(first)) return first;
    const batch = packBatch(
      this.jobs.filter((job) => job.task.status === 'queued' && fits(job)),
      bounds,
      (job) => ({ size: job.task.size, group: groupOf(job) }),
    );
    this.prehash(batch.length, bounds);
    return batch;
  }

  private bulkBounds(): BulkUploadConfig | null {
    return this.options.transport.sendBulk ? (this.options.bulk?.() ?? null) : null;
  }

  private fitsBulk(job: Job, bounds: BulkUploadConfig): boolean {
    // A chunked file under way stays chunked; a bulk request under way is sent again as it was.
    return Boolean(job.destination?.bulk ?? this.defaultBulk) && !job.started && job.task.size <= bounds.fileMax;
  }

  /** The transport's own bulk route, for files without a destination (the engine's tests). */
  private get defaultBulk(): string | undefined {
    return this.options.bulkUrl;
  }

  /** Hashes the files after this batch while it is on its way. */
  private prehash(skip: number, bounds: BulkUploadConfig): void {
    let budget = bounds.maxBytes;
    let seen = 0;
    for (const job of this.jobs) {
      if (job.task.status !== 'queued' || !this.fitsBulk(job, bounds)) continue;
      seen += 1;
      if (seen <= skip) continue;
      budget -= job.task.size;
      if (budget < 0) return;
      void this.hashOf(job).catch(() => undefined);
    }
  }

  private hashOf(job: Job): Promise<string> {
    if (job.sha256) return Promise.resolve(job.sha256);
    job.hashing ??= sha256Hex(job.file).then((hex) => {
      job.sha256 = hex;
      return hex;
    });
    return job.hashing;
  }

  private async sendBulk(batch: Job[]): Promise<void> {
    const controller = new AbortController();
    const url = batch[0]?.destination?.bulk ?? this.defaultBulk ?? '';
    for (const job of batch) job.controller = controller;
    this.updateMany(batch, { status: 'uploading', sent: 0 });

    // Checksums first; a file that cannot be read any more fails alone.
    const hashed = await Promise.all(
      batch.map((job) =>
        this.hashOf(job).then(
          () => true,
          () => false,
        ),
      ),
    );
    const unreadable = batch.filter((_, i) => !hashed[i]);
    for (const job of unreadable) this.fail(job, unreadableFailure());
    let jobs = batch.filter((job, i) => hashed[i] && job.task.status === 'uploading');
    if (jobs.length === 0) return;
    // A lost answer is asked again with the same key, so the server makes each file once.
    let key = jobs[0]?.bulkKey && jobs.every((job) => job.bulkKey === jobs[0]?.bulkKey) ? jobs[0].bulkKey : uploadId();
    for (const job of jobs) job.bulkKey = key;
    this.persist(jobs);

    const parentId = jobs[0]?.task.parentId ?? null;
    const manifest: BulkManifest = {
      parent_id: parentId,
      files: jobs.map((job) => ({
        name: job.task.name,
        path: folderOf(job.task.path),
        size: job.task.size,
        modified_at: job.lastModified,
        sha256: job.sha256 ?? '',
      })),
    };
    const body = JSON.stringify(manifest);
    const total = jobs.reduce((sum, job) => sum + job.task.size, 0);
    let attempts = 0;

    for (;;) {
      let response: ChunkResponse;
      try {
        response = await this.options.transport.sendBulk!({
          url,
          key,
          manifest: body,
          files: jobs.map((job) => ({ blob: job.file, name: job.task.name })),
          signal: controller.signal,
          onProgress: (bytes) => this.spreadProgress(jobs, Math.min(total, bytes)),
        });
      } catch (error) {
        if (error instanceof AbortedError || controller.signal.aborted) return;
        response = { status: 0, body: null };
      }

      const outcomes = response.status === 200 ? bulkOutcomes(response.body, jobs.length) : null;
      if (outcomes) {
        const made: Job[] = [];
        for (const [i, job] of jobs.entries()) {
          const outcome = outcomes[i];
          if (!outcome) continue;
          if (outcome.status === 'created') {
            made.push(job);
            // A file cancelled while the request was out was made all the same: it counts.
            job.task = { ...job.task, status: 'done', sent: job.task.size };
            this.options.hooks?.onUploaded?.(job.task, outcome.item);
          } else if (job.task.status !== 'cancelled') {
            this.fail(job, failureOf({ status: outcome.httpStatus, body: outcome }));
          }
        }
        this.forget(made);
        this.emit();
        return;
      }

      const failure = failureOf(response);
      jobs = jobs.filter((job) => job.task.status === 'uploading' || job.task.status === 'processing');
      if (jobs.length === 0) return;
      if (failure.code === 'upload.idempotency_key_reused' && attempts === 0) {
        // The key went out before with other files (one was cancelled, or changed on disk since a
        // reload): these files are a new request.
        key = uploadId();
        for (const job of jobs) job.bulkKey = key;
        this.persist(jobs);
        attempts += 1;
        continue;
      }
      // The first try of this key is still being worked on (its answer was lost): wait for it.
      const busy = failure.code === 'upload.idempotency_in_progress';
      if (
        (busy || (failure.kind === 'generic' && isTransient(response.status))) &&
        attempts < this.retryDelays.length
      ) {
        await sleep(this.retryDelays[attempts] ?? 0, controller.signal);
        attempts += 1;
        this.updateMany(jobs, { sent: 0, status: 'uploading' });
        continue;
      }
      for (const job of jobs) this.fail(job, failure, jobs.length > 1);
      return;
    }
  }

  /** The request's bytes, file after file in the manifest's order. */
  private spreadProgress(jobs: Job[], bytes: number): void {
    let left = bytes;
    for (const job of jobs) {
      if (job.task.status !== 'uploading' && job.task.status !== 'processing') {
        left -= job.task.size;
        continue;
      }
      const sent = Math.max(0, Math.min(job.task.size, left));
      left -= job.task.size;
      job.task = { ...job.task, sent, status: sent >= job.task.size ? 'processing' : 'uploading' };
    }
    this.emit();
  }

  private async send(job: Job): Promise<void> {
    const controller = new AbortController();
    job.controller = controller;
    const { file, task } = job;
    const size = file.size;
    job.chunkSize ??= Math.max(1, Math.floor(this.options.chunkSize()));
    const chunkSize = job.chunkSize;
    const extension = extensionOf(task.name);
    let offset = job.offset;
    let attempts = 0;
    this.update(job, { status: 'uploading', sent: offset });

    while (!controller.signal.aborted) {
      const end = Math.min(size, offset + chunkSize);
      const isLast = end >= size;
      const fields: [string, string][] = [['name', task.name]];
      if (extension) fields.push(['extension', extension]);
      fields.push(['is_last_chunk', isLast ? '1' : '0']);
      if (task.parentId) fields.push(['parent_id', task.parentId]);
      if (task.path) fields.push(['path', task.path]);
      fields.push(
        ['upload_id', job.uploadId],
        ['offset', String(offset)],
        ['size', String(size)],
        ['chunk_size', String(chunkSize)],
      );

      let response: ChunkResponse;
      try {
        response = await this.options.transport.send({
          fields,
          chunk: file.slice(offset, end),
          chunkName: chunkFileName(task.name),
          signal: controller.signal,
          destination: job.destination,
          onProgress: (bytes) => {
            if (job.task.status !== 'uploading' && job.task.status !== 'processing') return;
            const sent = Math.min(size, offset + bytes);
            this.update(job, { sent, status: isLast && sent >= size ? 'processing' : 'uploading' });
          },
        });
      } catch (error) {
        if (error instanceof AbortedError || controller.signal.aborted) return;
        response = { status: 0, body: null };
      }
      if (controller.signal.aborted) return;

      // Done only when the server answers with the file it made: a last chunk it counted without
      // making the file (it crashed in between) is sent again below, and then makes it.
      if (response.status === 201 && madeFile(response.body)) {
        this.update(job, { status: 'done', sent: size });
        this.forget([job]);
        this.options.hooks?.onUploaded?.(job.task, response.body);
        return;
      }
      const unfinished = response.status >= 200 && response.status < 300;
      if (unfinished && !isLast) {
        job.started = true;
        offset = nextOffset(response.body, end, size);
        job.offset = offset;
        attempts = 0;
        this.update(job, { sent: offset });
        this.persist([job]);
        continue;
      }

      const failure = failureOf(response);
      if (job.resumed && response.status === 404 && offset > 0) {
        // The session of a file put back after a reload is gone (it expired): from the start again.
        Object.assign(job, { uploadId: uploadId(), started: false, offset: 0, resumed: false });
        offset = 0;
        this.update(job, { sent: 0 });
        this.persist([job]);
        continue;
      }
      const expected = failure.details.expected_offset;
      const mismatch = response.status === 409 && failure.code === 'upload.offset_mismatch';
      if (mismatch) job.started = true;
      if (
        failure.kind === 'generic' &&
        (mismatch || unfinished || isTransient(response.status)) &&
        attempts < this.retryDelays.length
      ) {
        // The server tells where it stands after a lost answer; otherwise resend the same chunk.
        // Every byte is there (expected = size) but the file is not made yet: the last chunk again.
        if (mismatch && typeof expected === 'number' && expected >= 0 && expected <= size) {
          offset = expected < size ? expected : Math.max(0, Math.ceil(size / chunkSize) - 1) * chunkSize;
          job.offset = Math.min(offset, expected);
        }
        await sleep(this.retryDelays[attempts] ?? 0, controller.signal);
        attempts += 1;
        this.update(job, { sent: offset, status: 'uploading' });
        continue;
      }
      this.fail(job, failure);
      return;
    }
  }

  /** `quiet`: one of several files refused together; the others say it already (one popup). */
  private fail(job: Job, failure: UploadFailure, quiet = false): void {
    this.update(job, { status: 'failed', failure });
    this.forget([job]);
    // The server holds quota for an open session: let it go now rather than when it expires.
    if (job.started) void this.options.transport.discard(job.uploadId, job.destination);
    if (CLEARS_QUEUE.has(failure.kind)) {
      const skipped = this.jobs.filter((other) => other.task.status === 'queued');
      this.updateMany(skipped, { status: 'skipped' });
      this.forget(skipped);
    }
    if (quiet && this.reported.has(failure)) return;
    this.reported.add(failure);
    this.options.hooks?.onFailed?.(job.task, failure);
  }

  private reported = new WeakSet<UploadFailure>();

  private update(job: Job, patch: Partial<UploadTask>): void {
    job.task = { ...job.task, ...patch };
    this.emit();
  }

  private updateMany(jobs: Job[], patch: Partial<UploadTask>): void {
    for (const job of jobs) job.task = { ...job.task, ...patch };
    this.emit();
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  private buildSnapshot(): UploadSnapshot {
    const tasks = this.jobs.map((job) => job.task);
    let queued = 0;
    let uploaded = 0;
    let failed = 0;
    let totalBytes = 0;
    let sentBytes = 0;
    for (const task of tasks) {
      if (task.status === 'queued' || task.status === 'uploading' || task.status === 'processing') queued += 1;
      if (task.status === 'done') uploaded += 1;
      if (task.status === 'failed') failed += 1;
      if (task.status === 'failed' || task.status === 'cancelled' || task.status === 'skipped') continue;
      totalBytes += task.size;
      sentBytes += Math.min(task.size, task.sent);
    }
    const progress = totalBytes > 0 ? Math.min(100, (sentBytes / totalBytes) * 100) : uploaded > 0 ? 100 : 0;
    return { tasks, active: queued > 0, queued, uploaded, failed, totalBytes, sentBytes, progress };
  }
}

/** Stands in for the upload id in a persisted destination's discard address. */
const ID = '{upload_id}';

/** Files that may share a bulk request: the same door and the same folder. */
function groupOf(job: Job): string {
  return `${job.destination?.bulk ?? ''}\n${job.task.parentId ?? ''}\n${job.bulkKey ?? ''}`;
}

/** The chunk API's path ("/2024/May/a.jpg") as the manifest's folders ("2024/May"), or null. */
export function folderOf(path: string | null): string | null {
  if (!path) return null;
  const segments = path.split('/').filter(Boolean).slice(0, -1);
  return segments.length > 0 ? segments.join('/') : null;
}

/**
 * The first item and those after it that go in the same request: the same group, at most
 * `maxFiles` files and `maxBytes` bytes (the first always goes, so a queue never stalls).
 */
export function packBatch<T>(
  queued: readonly T[],
  bounds: Pick<BulkUploadConfig, 'maxFiles' | 'maxBytes'>,
  describe: (item: T) => { size: number; group: string },
): T[] {
  if (queued.length === 0) return [];
  const [first, ...rest] = queued as [T, ...T[]];
  const { group, size } = describe(first);
  const batch: T[] = [first];
  let bytes = size;
  for (const item of rest) {
    if (batch.length >= bounds.maxFiles) break;
    const next = describe(item);
    if (next.group !== group) continue;
    if (bytes + next.size > bounds.maxBytes) continue;
    batch.push(item);
    bytes += next.size;
  }
  return batch;
}

function sourceChanged(): UploadFailure {
  return { kind: 'generic', status: null, code: 'upload.source_changed', message: null, details: {} };
}

function unreadableFailure(): UploadFailure {
  return { kind: 'generic', status: null, code: 'upload.unreadable', message: null, details: {} };
}

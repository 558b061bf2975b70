import { chunkFileName, extensionOf, uploadId } from './ids';
import { failureOf, isTransient, madeFile, nextOffset, type FailureKind, type UploadFailure } from './failures';
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
}

const DEFAULT_RETRY_DELAYS = [1000, 3000, 6000];
const TERMINAL: ReadonlySet<UploadStatus> = new Set(['done', 'failed', 'cancelled', 'skipped']);
/** Refusals that will not change for the next file either: the queue is cleared (spec §8). */
const CLEARS_QUEUE: ReadonlySet<FailureKind> = new Set(['quota', 'type', 'too_large', 'refused']);

interface Job {
  task: UploadTask;
  file: Blob;
  destination: ChunkDestination | undefined;
  uploadId: string;
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
  private running = false;
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
    for (const item of items) {
      this.jobs.push({
        task: {
          key: uploadId(),
          name: item.name,
          size: item.file.size,
          parentId: item.parentId,
          path: item.path,
          status: 'queued',
          sent: 0,
          failure: null,
        },
        file: item.file,
        destination: item.destination,
        uploadId: uploadId(),
        started: false,
        controller: null,
      });
    }
    this.emit();
    void this.pump();
  }

  cancel(key: string): void {
    const job = this.jobs.find((j) => j.task.key === key);
    if (!job || TERMINAL.has(job.task.status)) return;
    this.update(job, { status: 'cancelled' });
    job.controller?.abort();
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
    job.uploadId = uploadId();
    job.started = false;
    this.update(job, { status: 'queued', sent: 0, failure: null });
    void this.pump();
  }

  /** Forgets finished files (the panel's close button; spec §4: an empty queue clears the progress). */
  clearFinished(): void {
    this.jobs = this.jobs.filter((job) => !TERMINAL.has(job.task.status));
    this.emit();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.nextJob(); job; job = this.nextJob()) await this.send(job);
    } finally {
      this.running = false;
      this.emit();
    }
    const { uploaded, failed } = this.snapshot;
    this.options.hooks?.onIdle?.({ uploaded, failed });
  }

  private nextJob(): Job | undefined {
    return this.jobs.find((job) => job.task.status === 'queued');
  }

  private async send(job: Job): Promise<void> {
    const controller = new AbortController();
    job.controller = controller;
    const { file, task } = job;
    const size = file.size;
    const chunkSize = Math.max(1, Math.floor(this.options.chunkSize()));
    const extension = extensionOf(task.name);
    let offset = 0;
    let attempts = 0;
    this.update(job, { status: 'uploading', sent: 0 });

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
        this.options.hooks?.onUploaded?.(job.task, response.body);
        return;
      }
      const unfinished = response.status >= 200 && response.status < 300;
      if (unfinished && !isLast) {
        job.started = true;
        offset = nextOffset(response.body, end, size);
        attempts = 0;
        this.update(job, { sent: offset });
        continue;
      }

      const failure = failureOf(response);
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

  private fail(job: Job, failure: UploadFailure): void {
    this.update(job, { status: 'failed', failure });
    // The server holds quota for an open session: let it go now rather than when it expires.
    if (job.started) void this.options.transport.discard(job.uploadId, job.destination);
    if (CLEARS_QUEUE.has(failure.kind)) {
      for (const other of this.jobs) if (other.task.status === 'queued') this.update(other, { status: 'skipped' });
    }
    this.options.hooks?.onFailed?.(job.task, failure);
  }

  private update(job: Job, patch: Partial<UploadTask>): void {
    job.task = { ...job.task, ...patch };
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

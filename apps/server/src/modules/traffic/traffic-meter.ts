import type { Logger } from 'pino';
import type { Db } from '../../lib/db/database.js';
import { addTraffic, type TrafficIncrement } from './traffic.repository.js';

/** How long counts gather in memory before one statement adds them: what a crash may lose. */
export const TRAFFIC_FLUSH_MS = 1000;

/** The UTC day of an instant, as PostgreSQL's `date` reads it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts bytes per user per UTC day in memory and adds them to the `traffic` table in one upsert at
 * most a second after the first count (ADR 0042): uploads and downloads pay a map update, not a
 * statement. A failed write keeps its counts for the next one; a crash loses at most the second not
 * yet written. Each node adds its own counts, so several nodes need no coordination.
 */
export class TrafficMeter {
  private pending = new Map<string, TrafficIncrement>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: () => Db,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  countUpload(userId: string, bytes: number): void {
    this.add({ userId, day: utcDay(this.now()), uploadBytes: bytes, downloadBytes: 0 });
  }

  countDownload(userId: string, bytes: number): void {
    this.add({ userId, day: utcDay(this.now()), uploadBytes: 0, downloadBytes: bytes });
  }

  /** Writes what has gathered now (tests, and shutdown). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.writing) await this.writing;
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = addTraffic(this.db(), batch)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'traffic counts could not be written; kept for the next attempt');
        for (const increment of batch) this.add(increment);
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private add(increment: TrafficIncrement): void {
    if (increment.uploadBytes <= 0 && increment.downloadBytes <= 0) return;
    const key = `${increment.userId} ${increment.day}`;
    const current = this.pending.get(key);
    if (current) {
      current.uploadBytes += increment.uploadBytes;
      current.downloadBytes += increment.downloadBytes;
    } else {
      this.pending.set(key, { ...increment });
    }
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, TRAFFIC_FLUSH_MS);
      this.timer.unref();
    }
  }
}

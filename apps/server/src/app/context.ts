import type { UserResource } from '@filestore/contract';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfigFile, MailConfig, StorageConfig } from './config.js';
import {
  openDatabase,
  type Database,
  type DatabaseTarget,
  type Db,
  type NotificationHandler,
} from '../lib/db/database.js';
import { migrate } from '../lib/db/migrate.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { JobRunner } from '../lib/jobs.js';
import { Outages } from '../lib/outages.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import type { RelationshipLoader } from '../modules/files/index.js';
import { seedLanguages } from '../modules/languages/index.js';
import { createMailer, type Mailer } from '../modules/mail/index.js';
import { seedDefaultPages } from '../modules/pages/index.js';
import { createStorageDriver, type StorageDriver } from '../modules/storage/index.js';
import { TrafficMeter } from '../modules/traffic/index.js';
import { adminExists, type UserRow } from '../modules/users/index.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Brings any database, new or old, to the current schema with its default content. */
export async function prepareDatabase(db: Db): Promise<string[]> {
  const applied = await migrate(db, MIGRATIONS_DIR);
  await seedDefaultPages(db);
  await seedLanguages(db);
  return applied;
}

/** The PostgreSQL pool's lost and re-made connections, as outages of the database. */
export const databaseEvents = (outages: Outages) => ({
  lost: (error: unknown) => outages.report('database', error),
  established: () => outages.recovered('database'),
});

/**
 * What every module receives. The database, storage and mailer can be replaced by the setup wizard
 * while the process runs, so modules read them through these getters on every request.
 */
export class AppContext {
  private installed = false;
  private currentMailer: Mailer;
  private currentStorage: StorageDriver;
  readonly jobs: JobRunner;
  /** Upload and download bytes per user per day, gathered for a second then written (ADR 0042). */
  readonly traffic: TrafficMeter;
  /**
   * The time billing's rules and jobs read (renewals, settlement, dunning, expiry): the system clock,
   * a `SettableClock` in tests (ADR 0045).
   */
  clock: Clock = systemClock;
  /** When this process started, for the server status. */
  readonly startedAt = new Date();
  /** Asks Redis for a PONG when REDIS_URL is set (the server status); null without Redis. */
  redisPing: (() => Promise<unknown>) | null = null;
  /** LISTENs of the modules, moved to the new database when the setup wizard switches it. */
  private readonly listeners = new Set<{
    channel: string;
    handler: NotificationHandler;
    stop: (() => Promise<void>) | null;
  }>();
  /** Relationships other modules add to the items their owner sees; set by `buildHttpApp`. */
  itemRelationships: readonly RelationshipLoader[] = [];
  /** What other modules do for a new account, in the transaction that creates it; set by `buildHttpApp`. */
  userCreated: readonly ((tx: Db, user: UserRow) => Promise<void>)[] = [];
  /** Billing's part of the user's own record (metered estimate and balance); set by `buildHttpApp`. */
  billingMeta: (user: UserRow) => Promise<{
    usages: UserResource['data']['meta']['usages'];
    balance?: UserResource['data']['meta']['balance'];
  }> = async () => ({ usages: null, balance: null });

  constructor(
    readonly config: AppConfigFile,
    private database: Database,
    readonly rateLimiter: RateLimiter,
    readonly log: Logger,
    private readonly closers: (() => Promise<void>)[] = [],
    /** Dependencies that are down right now, each logged once (lib/outages.ts). */
    readonly outages: Outages = new Outages(log),
  ) {
    this.currentMailer = createMailer(config.mail, () => this.mailFrom(), log);
    this.currentStorage = createStorageDriver(config.storage);
    this.jobs = new JobRunner(log);
    this.traffic = new TrafficMeter(() => this.db, log);
  }

  get storage(): StorageDriver {
    return this.currentStorage;
  }

  setStorage(storage: StorageConfig): void {
    const previous = this.currentStorage;
    this.config.storage = storage;
    this.currentStorage = createStorageDriver(storage);
    void previous.close();
  }

  get db(): Db {
    return this.database.db;
  }

  get databaseDriver(): 'pglite' | 'postgres' {
    return this.database.driver;
  }

  get mailer(): Mailer {
    return this.currentMailer;
  }

  mailFrom(): string {
    return this.config.mail.driver === 'smtp' ? this.config.mail.smtp.from : 'no-reply@localhost';
  }

  setMail(mail: MailConfig): void {
    this.config.mail = mail;
    this.currentMailer = createMailer(mail, () => this.mailFrom(), this.log);
  }

  /** Opens and migrates the new database before letting go of the old one. */
  async switchDatabase(target: DatabaseTarget): Promise<void> {
    const next = await openDatabase(target, databaseEvents(this.outages));
    try {
      await prepareDatabase(next.db);
    } catch (e) {
      await next.close();
      throw e;
    }
    const previous = this.database;
    this.database = next;
    this.installed = false;
    for (const listener of this.listeners) {
      await listener.stop?.().catch(() => undefined);
      listener.stop = await next.listen(listener.channel, listener.handler);
      listener.handler();
    }
    await previous.close();
  }

  /**
   * Calls `handler` on each notification on the database channel `channel` (and once after a lost
   * listening connection came back), on whichever database the process uses, until stopped.
   */
  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    const listener = { channel, handler, stop: null as (() => Promise<void>) | null };
    this.listeners.add(listener);
    listener.stop = await this.database.listen(channel, handler);
    return async () => {
      this.listeners.delete(listener);
      await listener.stop?.().catch(() => undefined);
    };
  }

  /** Installation is done once an admin exists; that never goes back, so a true answer is kept. */
  async isInstalled(): Promise<boolean> {
    if (!this.installed) this.installed = await adminExists(this.db);
    return this.installed;
  }

  /** Work started after a route's answer (`afterAnswer`), until it ends. */
  private readonly afterAnswerWork = new Set<Promise<void>>();

  /**
   * Runs `task` once the route has answered, so the answer does not wait for it (a mail whose
   * sending would tell who has an account: issue 39, defect 5). A failure is logged; close waits.
   */
  afterAnswer(task: () => Promise<void>): void {
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, 'work after an answer failed'))
      .finally(() => this.afterAnswerWork.delete(work));
    this.afterAnswerWork.add(work);
  }

  /** Resolves when no work started by `afterAnswer` is left (tests, and close). */
  async settled(): Promise<void> {
    while (this.afterAnswerWork.size) await Promise.allSettled([...this.afterAnswerWork]);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.jobs.stop();
    await this.traffic.close();
    for (const listener of this.listeners) await listener.stop?.().catch(() => undefined);
    this.listeners.clear();
    for (const close of this.closers) await close();
    await this.currentStorage.close();
    await this.database.close();
  }
}

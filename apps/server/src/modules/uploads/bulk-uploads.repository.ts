import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { actorRefCodec, type ActorRef } from '../access/index.js';
import { bulkUploadFiles, bulkUploads } from './bulk-uploads.table.js';

/** How long a claim on a key stands without being renewed, and how often a running request renews it. */
export const HOLD_MS = 10_000;
export const RENEW_MS = 3_000;

/** This process, as the holder of the keys it runs: a process killed and started again is another. */
const HOLDER = randomUUID();
/** Keys this process runs now (`actor\nkey`). */
const running = new Set<string>();

export const keyReused = () =>
  new AppError(
    422,
    'upload.idempotency_key_reused',
    'This Idempotency-Key was used for another set of files: send a new key for a new upload.',
  );

export const keyInProgress = () =>
  new AppError(409, 'upload.idempotency_in_progress', 'An upload with this Idempotency-Key is still running.');

export interface BulkRecord {
  actorKey: ActorRef;
  idempotencyKey: string;
  fileIndex: number;
  /** When the request was first made (the sweep's clock). */
  at: Date;
}

export interface ClaimedKey {
  /** The files made for entries of the manifest by earlier attempts: index → item id. */
  made: Map<number, string>;
  /** When the key was first used. */
  createdAt: Date;
  /** Ends the claim (the request answered or failed). */
  release(): Promise<void>;
}

const whereKey = (actorKey: ActorRef, key: string) =>
  and(eq(bulkUploads.actorKey, actorKey), eq(bulkUploads.idempotencyKey, key));

/**
 * Claims the actor's key for this request: the first time, it is stored with the manifest's hash;
 * again, the manifest must be the same (422) and nobody may be running it (409), and the files made
 * before are answered. A claim left by a process that died stands until it expires (`HOLD_MS`) on
 * PostgreSQL, where another node may be running it; the embedded database has one process, so a
 * claim of any other process is one that died.
 */
export async function claimKey(
  ctx: AppContext,
  actorKey: ActorRef,
  key: string,
  manifestSha256: string,
): Promise<ClaimedKey> {
  const id = `${actorRefCodec.encode(actorKey)}\n${key}`;
  const claimed = await ctx.db
    .transaction(async (tx) => {
      const now = new Date();
      await tx
        .insert(bulkUploads)
        .values({
          actorKey,
          idempotencyKey: key,
          manifestSha256,
          holder: null,
          heldUntil: null,
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing();
      const [row] = await tx.select().from(bulkUploads).where(whereKey(actorKey, key)).for('update');
      if (!row) throw new Error('bulk upload key vanished');
      if (row.manifestSha256 !== manifestSha256) throw keyReused();
      const held =
        row.holder !== null &&
        (row.holder === HOLDER
          ? running.has(id)
          : ctx.databaseDriver === 'postgres' && row.heldUntil !== null && row.heldUntil > now);
      if (held) throw keyInProgress();
      await tx
        .update(bulkUploads)
        .set({ holder: HOLDER, heldUntil: new Date(now.getTime() + HOLD_MS) })
        .where(whereKey(actorKey, key));
      // Taken before the commit: a retry waiting for this row's lock sees it as running once it may read.
      running.add(id);
      const made = await tx
        .select({ fileIndex: bulkUploadFiles.fileIndex, itemId: bulkUploadFiles.itemId })
        .from(bulkUploadFiles)
        .where(and(eq(bulkUploadFiles.actorKey, actorKey), eq(bulkUploadFiles.idempotencyKey, key)));
      return { made: new Map(made.map((m) => [m.fileIndex, m.itemId])), createdAt: row.createdAt };
    })
    .catch((error: unknown) => {
      // Not committed: nothing is running under this key here.
      if (!(error instanceof AppError && error.code === 'upload.idempotency_in_progress')) running.delete(id);
      throw error;
    });

  const renew = setInterval(() => {
    ctx.db
      .update(bulkUploads)
      .set({ heldUntil: new Date(Date.now() + HOLD_MS) })
      .where(and(whereKey(actorKey, key), eq(bulkUploads.holder, HOLDER)))
      .catch((e: unknown) => ctx.log.warn({ err: e }, 'bulk upload claim not renewed'));
  }, RENEW_MS);
  renew.unref();
  let released = false;
  return {
    ...claimed,
    async release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      running.delete(id);
      await ctx.db
        .update(bulkUploads)
        .set({ holder: null, heldUntil: null })
        .where(and(whereKey(actorKey, key), eq(bulkUploads.holder, HOLDER)))
        .catch((e: unknown) => ctx.log.warn({ err: e }, 'bulk upload claim not released'));
    },
  };
}

/** Writes what the files just made answer to a retry: in the transaction that made them. */
export async function recordBulkFiles(tx: Db, records: readonly (BulkRecord & { itemId: string })[]): Promise<void> {
  if (!records.length) return;
  await tx.insert(bulkUploadFiles).values(
    records.map((r) => ({
      actorKey: r.actorKey,
      idempotencyKey: r.idempotencyKey,
      fileIndex: r.fileIndex,
      itemId: r.itemId,
      createdAt: r.at,
    })),
  );
}

/** Forgets the keys first used before `before` (and their files' records), unless one is running. */
export async function sweepKeys(db: Db, before: Date, now: Date): Promise<number> {
  await db.delete(bulkUploadFiles).where(lt(bulkUploadFiles.createdAt, before));
  const gone = await db
    .delete(bulkUploads)
    .where(
      and(
        lt(bulkUploads.createdAt, before),
        or(isNull(bulkUploads.holder), isNull(bulkUploads.heldUntil), lt(bulkUploads.heldUntil, now)),
      ),
    )
    .returning({ key: bulkUploads.idempotencyKey });
  return gone.length;
}

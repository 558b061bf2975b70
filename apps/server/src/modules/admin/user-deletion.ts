import type { AdminUserDeletion } from '@filestore/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { JobDefinition } from '../../lib/jobs.js';
import {
  countItemsOwnedBy,
  deleteItemsOwnedBy,
  fileBlobsOf,
  teamFoldersOwnedBy,
  thumbnailKeys,
} from '../files/index.js';
import { BLOB_DELETIONS_JOB, queueBlobDeletions } from '../storage/index.js';
import { dissolveTeam } from '../teams/index.js';
import { endUploadsOfOwner } from '../uploads/index.js';
import { avatarBlobKeys, findUserById, users } from '../users/index.js';
import { userDeletions, type UserDeletionRow } from './admin.table.js';
import { recordAudit } from './audit.js';

export const USER_DELETIONS_JOB = 'user-deletions';
/** Items removed per transaction: small enough to keep locks short, large enough to move along. */
const BATCH = 500;

export function presentDeletion(row: UserDeletionRow): AdminUserDeletion {
  return {
    status: row.status,
    phase: row.phase,
    total_items: row.totalItems,
    deleted_items: row.deletedItems,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function deletionOf(db: Db, userId: string): Promise<UserDeletionRow | undefined> {
  const [row] = await db.select().from(userDeletions).where(eq(userDeletions.userId, userId));
  return row;
}

/** Starts a deletion in the caller's transaction (the user is marked `deleting_at` by the caller). */
export async function queueDeletion(
  tx: Db,
  userId: string,
  email: string,
  requestedBy: string,
): Promise<UserDeletionRow> {
  const totalItems = await countItemsOwnedBy(tx, userId);
  const [row] = await tx.insert(userDeletions).values({ userId, email, requestedBy, totalItems }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Dies on the spot, as kill -9 would, when the crash test names this point: once a batch of files
 * is gone, with the folders and the account still there.
 */
function crashPoint(ctx: AppContext, phase: UserDeletionRow['phase']) {
  if (phase === 'files' && ctx.config.env.FILESTORE_TEST_CRASH_AT === 'user-deletion-batch-committed') {
    process.kill(process.pid, 'SIGKILL');
  }
}

/**
 * Deletes the accounts administrators asked to delete (ADR 0040), a step at a time: the team
 * folders the user owns are dissolved (members lose access and are told, as when the owner
 * dissolves them), then their files go a batch per transaction with their blobs queued on the
 * blob-deletion outbox, then their folders, then in one last transaction their running uploads'
 * parts, avatar and the account row, whose foreign keys take everything else keyed to it (sessions,
 * tokens, shares, upload requests, memberships, invitations, notifications, events). Each step
 * commits with the deletion's progress; a process killed mid-way leaves a consistent state from
 * which the next run (at start-up, or on any node) goes on. Only rows owned by the user are touched.
 */
export function userDeletionsJob(ctx: AppContext): JobDefinition {
  async function step(deletion: UserDeletionRow): Promise<void> {
    const userId = deletion.userId;
    if (deletion.phase === 'teams') {
      const owner = await findUserById(ctx.db, userId);
      const teams = owner ? await teamFoldersOwnedBy(ctx.db, userId) : [];
      for (const team of teams) {
        try {
          if (owner) await dissolveTeam(ctx, owner, team.id);
        } catch (error) {
          // Another node dissolved it meanwhile.
          if (!(error instanceof AppError)) throw error;
        }
      }
      await advance(ctx.db, deletion.id, 'teams', { phase: 'files' });
      return;
    }
    if (deletion.phase === 'files' || deletion.phase === 'folders') {
      const type = deletion.phase === 'files' ? 'file' : 'folder';
      await ctx.db.transaction(async (tx) => {
        if (!(await claim(tx, deletion.id, deletion.phase))) return;
        // Files first, so every blob is queued; then folders (a folder takes its subfolders along).
        const gone = await deleteItemsOwnedBy(tx, userId, type, BATCH);
        if (type === 'file') {
          await queueBlobDeletions(
            tx,
            gone.flatMap((f) => [f.blob_key ?? `files/${f.id}`, ...(f.thumbnail_status ? thumbnailKeys(f.id) : [])]),
          );
        }
        const remaining = await countItemsOwnedBy(tx, userId);
        const done = gone.length < BATCH;
        await tx
          .update(userDeletions)
          .set({
            deletedItems: Math.max(0, deletion.totalItems - remaining),
            totalItems: Math.max(deletion.totalItems, remaining),
            ...(done ? { phase: type === 'file' ? ('folders' as const) : ('account' as const) } : {}),
            updatedAt: new Date(),
          })
          .where(eq(userDeletions.id, deletion.id));
      });
      ctx.jobs.trigger(BLOB_DELETIONS_JOB);
      return;
    }
    if (deletion.phase === 'account') {
      // Parts of uploads still running in the user's storage (outside the transaction: storage calls).
      await endUploadsOfOwner(ctx, userId);
      await ctx.db.transaction(async (tx) => {
        if (!(await claim(tx, deletion.id, 'account'))) return;
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (user?.avatarKey) await queueBlobDeletions(tx, avatarBlobKeys(user.id, user.avatarKey));
        // Any item left (an upload that finished meanwhile) goes with the row by cascade; its blob too.
        const late = await fileBlobsOf(tx, userId);
        await queueBlobDeletions(
          tx,
          late.flatMap((f) => [f.blobKey ?? `files/${f.id}`, ...(f.thumbnails ? thumbnailKeys(f.id) : [])]),
        );
        await tx.delete(users).where(eq(users.id, userId));
        const now = new Date();
        await tx
          .update(userDeletions)
          .set({
            status: 'done',
            phase: 'done',
            deletedItems: deletion.totalItems,
            finishedAt: now,
            updatedAt: now,
          })
          .where(eq(userDeletions.id, deletion.id));
        const requester = deletion.requestedBy ? await findUserById(tx, deletion.requestedBy) : undefined;
        await recordAudit(
          tx,
          requester ?? null,
          'user.deleted',
          { id: userId, email: deletion.email },
          { items: deletion.totalItems },
        );
      });
      ctx.jobs.trigger(BLOB_DELETIONS_JOB);
    }
  }

  return {
    name: USER_DELETIONS_JOB,
    // Picks up a deletion a crashed node left (it also runs once at start-up: see adminRoutes).
    intervalMs: 30_000,
    async run() {
      const [deletion] = await ctx.db
        .select()
        .from(userDeletions)
        .where(eq(userDeletions.status, 'running'))
        .orderBy(userDeletions.createdAt)
        .limit(1);
      if (!deletion) return { more: false };
      await step(deletion);
      crashPoint(ctx, deletion.phase);
      return { more: true };
    },
  };
}

/** Locks the deletion for this transaction if it is still at `phase` (another node may be ahead). */
async function claim(tx: Db, id: string, phase: UserDeletionRow['phase']): Promise<boolean> {
  const rows = await tx
    .select({ id: userDeletions.id })
    .from(userDeletions)
    .where(and(eq(userDeletions.id, id), eq(userDeletions.phase, phase), eq(userDeletions.status, 'running')))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}

async function advance(db: Db, id: string, from: UserDeletionRow['phase'], patch: Partial<UserDeletionRow>) {
  await db
    .update(userDeletions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(userDeletions.id, id), eq(userDeletions.phase, from)));
}

import type { ItemResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { actorRefCodec, type ActorRef } from '../access/index.js';
import type { Db } from '../../lib/db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  authorizeFolder,
  categoryFor,
  countAddedFiles,
  ensureFolderPath,
  extensionOf,
  folderCreationRestricted,
  insertFilesAsAsked,
  insertItem,
  presentItem,
  presentingFor,
  publishItemsChanged,
  scopeIn,
  scopeOf,
  type Actor,
  type ItemRow,
  type LoadedFolder,
  type NewFile,
} from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { canThumbnail } from '../thumbnails/index.js';
import { restrictionsFor } from '../users/index.js';
import { recordBulkFiles, type BulkRecord } from './bulk-uploads.repository.js';
import { crashPoint } from './crash-point.js';
import type { StoredBlob } from './store-file.js';
import { assertMayStore, assertTypeAllowed, type TypeFacts } from './upload-policy.js';
import { lockUploadOwners, reservedBytesOf } from './upload-sessions.repository.js';

/** The most files one transaction makes; more waiting go in the next. */
const MAX_BATCH = 64;

/**
 * How long a transaction may wait for the uploads already on their way (their bytes being written)
 * before it starts without them. The embedded database runs a transaction in one go on the main
 * thread, so nothing arrives while one runs: without this wait each would hold one file.
 */
export const GATHER_MS = 10;

/** A whole file stored durably as a blob, waiting for the transaction that makes it a file of the tree. */
export interface BatchedFile {
  actor: Actor;
  /** Without a session: a file sent in one request; whose storage it goes to is decided with its folder. */
  blob: Omit<StoredBlob, 'ownerId'> & { sessionId: null };
  /** What the bytes were recognised as: checked against the blocked types of the batch's settings. */
  type: TypeFacts;
  /** An entry of a bulk upload (ADR 0075): what a retry is answered with is written with the file. */
  bulk?: BulkRecord;
}

interface Waiting {
  file: BatchedFile;
  resolve(made: ItemResource): void;
  reject(error: unknown): void;
}

/** What the transaction decided for one file: its row, or the refusal that is that file's alone. */
type Outcome = { row: ItemRow; parent: LoadedFolder | null } | { refused: AppError };

/**
 * Group commit of whole-file uploads (ADR 0020). Each upload's blob is durable before it gets here;
 * the uploads waiting when a transaction starts are made in it together, with the same checks
 * `storeFile` makes for one (the owners locked, the folders decided by the access policy, the
 * blocked types, the quota counted file after file, the names free in their folders) but with a
 * statement per kind of work rather than per file: the rows in one insert, the counts and used
 * storage in one update. Each upload is answered only once that transaction committed.
 *
 * While a transaction runs, the uploads that arrive wait for the next, which takes them all: with
 * one upload at a time nothing waits, and under load the statements per file fall with the number
 * of uploads arriving together. A refusal (no such folder, quota, blocked type) fails its own file
 * and its blob goes; anything else that fails the transaction fails none of them yet: each file is
 * then made in a transaction of its own, so only what fails alone fails.
 */
export class FileBatches {
  private waiting: Waiting[] = [];
  private running = false;
  /** Uploads on their way here (`expect`), not arrived and not failed yet. */
  private expected = 0;
  private gathered: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {}

  /**
   * Announces an upload that will come to `add` once its bytes are stored: the next transaction
   * may wait a little for it. Call what it returns if the upload fails before (`add` does it too).
   */
  expect(): () => void {
    this.expected++;
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      this.expected--;
      if (this.expected === 0) this.gathered?.();
    };
  }

  /** Makes the file once a transaction holding it committed; rejects with why this file was refused. */
  add(file: BatchedFile, arrived?: () => void): Promise<ItemResource> {
    return new Promise<ItemResource>((resolve, reject) => {
      this.waiting.push({ file, resolve, reject });
      arrived?.();
      if (this.waiting.length >= MAX_BATCH) this.gathered?.();
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length) {
        if (this.expected > 0 && this.waiting.length < MAX_BATCH) await this.gather();
        const batch = this.waiting.splice(0, MAX_BATCH);
        await this.commit(batch);
      }
    } finally {
      this.running = false;
    }
  }

  /** Waits until every upload on its way arrived (or failed), a batch is full, or GATHER_MS passed. */
  private gather(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.gathered = null;
        resolve();
      };
      const timer = setTimeout(done, GATHER_MS);
      this.gathered = done;
    });
  }

  private async commit(batch: Waiting[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await makeFiles(
        this.ctx,
        batch.map((w) => w.file),
      );
    } catch (error) {
      if (batch.length === 1) return this.settle(batch[0] as Waiting, { failed: error });
      // Not a refusal of one file: each goes alone, so one file's trouble stays its own.
      for (const waiting of batch) {
        try {
          const [outcome] = await makeFiles(this.ctx, [waiting.file]);
          await this.settle(waiting, outcome as Outcome);
        } catch (alone) {
          await this.settle(waiting, { failed: alone });
        }
      }
      return;
    }
    crashPoint(this.ctx, 'batch-committed');
    if (outcomes.some((o) => 'row' in o && o.row.thumbnailStatus === 'pending')) this.ctx.jobs.trigger('thumbnails');
    await Promise.all(batch.map((waiting, i) => this.settle(waiting, outcomes[i] as Outcome)));
  }

  /** Answers one upload: with its file, or with its failure once its blob is gone. */
  private async settle(waiting: Waiting, outcome: Outcome | { failed: unknown }): Promise<void> {
    const { actor, blob } = waiting.file;
    if ('row' in outcome) {
      try {
        // Made just now, in the folder the transaction loaded: nothing refers to it yet.
        const { row, parent } = outcome;
        this.ctx.traffic.countUpload(row.ownerId, blob.size);
        const parents = parent && row.parentId === parent.id ? new Map([[parent.id, parent.name]]) : undefined;
        waiting.resolve(await presentItem(this.ctx, row, { ...presentingFor(actor), parents, fresh: true }));
      } catch (error) {
        waiting.reject(error);
      }
      return;
    }
    // No file names the blob: it goes, so no byte stays stored without a file that counts it.
    await this.ctx.storage
      .delete(blob.blobKey)
      .catch((e: unknown) => this.ctx.log.error({ err: e }, 'orphan blob left'));
    waiting.reject('refused' in outcome ? outcome.refused : outcome.failed);
  }
}

const batchesOf = new WeakMap<AppContext, FileBatches>();

/** The group commit of whole-file uploads of this server. */
export function fileBatches(ctx: AppContext): FileBatches {
  let batches = batchesOf.get(ctx);
  if (!batches) batchesOf.set(ctx, (batches = new FileBatches(ctx)));
  return batches;
}

/**
 * One transaction making `files`, in the order given: an outcome for each, a refusal for a file
 * refused on its own (nothing of it written). Throws, with nothing committed, when the transaction
 * itself fails.
 */
async function makeFiles(ctx: AppContext, files: readonly BatchedFile[]): Promise<Outcome[]> {
  return ctx.db.transaction(async (tx) => {
    const scopes = files.map((f) => scopeOf(f.actor));
    const homes = [...new Set(scopes.map((s) => s.ownerId))].sort();
    // A member's file goes to the team folder's owner (ADR 0029): those trees are locked too.
    const members = [...new Set(files.flatMap((f) => (f.actor.kind === 'user' ? [f.actor.user.id] : [])))];
    const folderIds = [...new Set(files.flatMap((f) => (f.blob.parentId ? [f.blob.parentId] : [])))];
    const settings = await readSettings(tx);
    const owners = await lockUploadOwners(tx, homes, members, folderIds);
    const ownerIds = owners.map((o) => o.id);
    // Read after the owners are locked: a session reserving bytes meanwhile waited for the lock.
    const reserved = await reservedBytesOf(tx, ownerIds);
    const ownerById = new Map(owners.map((o) => [o.id, o]));
    const added = new Map<string, number>();
    // Each folder decided once per actor, by the one access policy; a refusal is remembered too.
    const folders = new Map<string, Promise<LoadedFolder | null>>();
    const folderFor = (file: BatchedFile, actor: ActorRef) => {
      const key = `${actorRefCodec.encode(actor)}\n${file.blob.parentId ?? ''}`;
      let decided = folders.get(key);
      if (!decided) folders.set(key, (decided = authorizeFolder(tx, file.actor, 'upload', file.blob.parentId)));
      return decided;
    };

    const outcomes: (Outcome | { pending: NewFile; parent: LoadedFolder | null })[] = [];
    for (const [i, file] of files.entries()) {
      const { blob } = file;
      try {
        const parent = await folderFor(file, (scopes[i] as (typeof scopes)[number]).actorKey);
        // The folder's owner's tree and storage: a team folder's owner's for a member (ADR 0029).
        const scope = scopeIn(file.actor, parent, ownerIds);
        const owner = ownerById.get(scope.ownerId);
        if (!owner) throw notFound();
        assertTypeAllowed(settings, file.type);
        // The bytes of the files before this one in the batch count as used already.
        const used = { ...owner, storageUsed: owner.storageUsed + (added.get(owner.id) ?? 0) };
        assertMayStore({ owner: used, settings, reserved: reserved.get(owner.id) ?? 0 }, blob.size);
        const restrictions = restrictionsFor(owner, settings);
        if (blob.folders.length && !restrictions.canCreateFolder) throw folderCreationRestricted(restrictions.reason);
        // Folders of a folder upload, found or made in a savepoint: a path refused halfway leaves nothing.
        const parentId = blob.folders.length
          ? await tx.transaction((sp) => ensureFolderPath(sp, scope, parent?.id ?? null, blob.folders))
          : (parent?.id ?? null);
        added.set(owner.id, (added.get(owner.id) ?? 0) + blob.size);
        const extension = extensionOf(blob.name);
        outcomes.push({
          parent,
          pending: {
            id: blob.fileId,
            ownerId: scope.ownerId,
            creatorId: scope.creatorId,
            parentId,
            name: blob.name,
            extension,
            mimetype: blob.mimetype,
            category: categoryFor(blob.mimetype, extension),
            size: blob.size,
            blobKey: blob.blobKey,
            thumbnailStatus: canThumbnail(blob.mimetype, blob.size) ? 'pending' : null,
          },
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push({ refused: error });
      }
    }
    const made = await insertAll(tx, outcomes);
    // A bulk request's files are remembered under its key in the transaction that makes them: a
    // retry after a lost answer (or a crash after this commit) answers them and makes them not again.
    await recordBulkFiles(
      tx,
      made.flatMap((o, i) => {
        const bulk = files[i]?.bulk;
        return 'row' in o && bulk ? [{ ...bulk, itemId: o.row.id }] : [];
      }),
    );
    // One event per owner for the whole batch: the files' folders and where a folder upload began.
    await publishItemsChanged(
      tx,
      made.flatMap((o) =>
        'row' in o
          ? [
              { ownerId: o.row.ownerId, folderId: o.row.parentId },
              { ownerId: o.row.ownerId, folderId: o.parent?.id ?? null },
            ]
          : [],
      ),
    );
    crashPoint(ctx, 'batch-before-commit');
    return made;
  });
}

/** The rows of the files accepted: in one insert under their own names, then those whose name was taken. */
async function insertAll(
  tx: Db,
  decided: readonly (Outcome | { pending: NewFile; parent: LoadedFolder | null })[],
): Promise<Outcome[]> {
  const pending = decided.flatMap((d) => ('pending' in d ? [d.pending] : []));
  const inserted = new Map((await insertFilesAsAsked(tx, pending)).map((row) => [row.id, row]));
  await countAddedFiles(
    tx,
    [...inserted.values()].map((r) => ({ ...r, size: r.size })),
  );
  const outcomes: Outcome[] = [];
  for (const d of decided) {
    if (!('pending' in d)) {
      outcomes.push(d);
      continue;
    }
    // The name is taken in its folder: the next free one, as for any upload (counted by insertItem).
    const row = inserted.get(d.pending.id) ?? (await insertItem(tx, { ...d.pending, type: 'file' }));
    outcomes.push({ row, parent: d.parent });
  }
  return outcomes;
}

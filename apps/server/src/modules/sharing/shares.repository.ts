import { and, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { linkDecision } from '../access/index.js';
import { arrayParam, preparedOn } from '../../lib/db/prepared.js';
import {
  selectJoinedToItem,
  selectWithItem,
  visibleLiveItems,
  type ItemRow,
  type KeyedRow,
  type Phase,
} from '../files/index.js';
import { users, type UserRow } from '../users/index.js';
import { sha256 } from '../../lib/crypto.js';
import { shares, shareTombstones, shareUnlocks, type ShareRow, type TombstoneReason } from './shares.table.js';

export type NewShare = typeof shares.$inferInsert;

export interface SharedItem {
  share: ShareRow;
  item: ItemRow;
}

/**
 * A token as a visitor sends it, with the item it shares, its owner and whether the item is in the
 * trash (itself or through a folder above it): one indexed query.
 */
export async function findShareByToken(
  db: Db,
  token: string,
): Promise<(SharedItem & { owner: UserRow; inTrash: boolean }) | undefined> {
  const [row] = await selectWithItem(
    db,
    { share: shares, owner: users, inTrash: sql<boolean>`item_trashed_by(${shares.itemId}) is not null` },
    shares,
    shares.itemId,
  )
    .innerJoin(users, eq(users.id, shares.userId))
    .where(eq(shares.token, token));
  return row;
}

/** A share by token with its item, whoever made it: the access policy decides who may manage it. */
export async function findShare(db: Db, token: string): Promise<SharedItem | undefined> {
  const [row] = await selectWithItem(db, { share: shares }, shares, shares.itemId).where(eq(shares.token, token));
  return row;
}

/** Inserts the share unless the item has one already (two requests racing included): null then. */
export async function insertShare(db: Db, values: NewShare): Promise<ShareRow | null> {
  const [row] = await db.insert(shares).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateShare(db: Db, id: string, patch: Partial<NewShare>): Promise<ShareRow> {
  const [row] = await db
    .update(shares)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(shares.id, id))
    .returning();
  if (!row) throw new Error('share vanished while being updated');
  return row;
}

/** The shares with these tokens, whoever made them: the access policy decides who may revoke them. */
export async function sharesByToken(db: Db, tokens: readonly string[]): Promise<ShareRow[]> {
  return db
    .select()
    .from(shares)
    .where(inArray(shares.token, [...tokens]));
}

/**
 * Deleting a share drops its unlocks too (foreign key cascade); a trigger leaves a tombstone of its
 * token, so the link says it was removed (migration 0010, ADR 0019).
 */
export async function deleteShares(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.delete(shares).where(inArray(shares.id, [...ids]));
}

/** Why a token no longer opens anything, if it ever did. */
export async function tombstoneOf(db: Db, token: string): Promise<TombstoneReason | null> {
  const [row] = await db
    .select({ reason: shareTombstones.reason })
    .from(shareTombstones)
    .where(eq(shareTombstones.tokenHash, sha256(token)));
  return row?.reason ?? null;
}

/** Tombstones older than `days`: by then a link is long forgotten and "not found" is fine. */
export async function purgeTombstones(db: Db, days: number, batch: number): Promise<number> {
  const old = db
    .select({ tokenHash: shareTombstones.tokenHash })
    .from(shareTombstones)
    .where(lt(shareTombstones.goneAt, new Date(Date.now() - days * 86_400_000)))
    .limit(batch);
  const gone = await db
    .delete(shareTombstones)
    .where(inArray(shareTombstones.tokenHash, old))
    .returning({ tokenHash: shareTombstones.tokenHash });
  return gone.length;
}

export async function sharesOfItems(db: Db, itemIds: readonly string[]): Promise<ShareRow[]> {
  if (!itemIds.length) return [];
  // Every listing of the owner's items asks: built once (ADR 0017).
  const query = preparedOn(db, 'shares_of_items', () =>
    db
      .select()
      .from(shares)
      .where(sql`${shares.itemId} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('shares_of_items'),
  );
  return query.execute({ ids: arrayParam(itemIds) });
}

/**
 * The share link of the item `itemId` (an SQL expression) as one JSON array, or null: the fields
 * presenting needs, with whether a password is set (not the hash).
 */
export const sharedColumn = (itemId: SQL): SQL => sql`(
  select json_build_array(${shares.id}, ${shares.token}, ${shares.type}, ${shares.permission},
    ${shares.passwordHash} is not null, ${shares.expireIn}, ${shares.expiresAt}, ${shares.createdAt})
  from ${shares} where ${shares.itemId} = ${itemId})`;

/** A `sharedColumn` value as read back. */
export function shareFromColumn(itemId: string, value: unknown) {
  const [id, token, type, permission, locked, expireIn, expiresAt, createdAt] = (
    typeof value === 'string' ? JSON.parse(value) : value
  ) as [string, string, ShareRow['type'], ShareRow['permission'], boolean, number | null, string | null, string];
  return {
    id,
    token,
    itemId,
    type,
    permission,
    // Presenting asks only whether there is one.
    passwordHash: locked ? 'set' : null,
    expireIn,
    expiresAt: expiresAt === null ? null : new Date(expiresAt),
    createdAt: new Date(createdAt),
  };
}

export async function insertUnlock(db: Db, unlock: { id: string; shareId: string; expiresAt: Date }) {
  await db.insert(shareUnlocks).values(unlock);
}

export async function hasUnlock(db: Db, shareId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shareUnlocks.id })
    .from(shareUnlocks)
    .where(and(eq(shareUnlocks.id, id), eq(shareUnlocks.shareId, shareId), gt(shareUnlocks.expiresAt, sql`now()`)));
  return !!row;
}

/** Everyone who gave the password so far must give it again. */
export async function dropUnlocks(db: Db, shareId: string): Promise<void> {
  await db.delete(shareUnlocks).where(eq(shareUnlocks.shareId, shareId));
}

/**
 * The user's live shared items, newest share first, as one phase of a listing: one range of
 * `shares_user_created_idx` (user, created_at, id) read backwards from the cursor.
 */
export async function sharedItemsPhase(db: Db, userId: string): Promise<Phase> {
  // The user's own shares, of the items the access policy lets them see.
  const where = and(eq(shares.userId, userId), visibleLiveItems(userId));
  const [counted] = await selectJoinedToItem(db, { n: count() }, shares, shares.itemId).where(where);
  return {
    total: counted?.n ?? 0,
    fetch: async (from, offset, limit): Promise<KeyedRow[]> => {
      if (limit <= 0) return [];
      const [createdAt, shareId] = from?.key ?? [];
      const after =
        createdAt && shareId
          ? sql`(${shares.createdAt}, ${shares.id}) < (${createdAt}::timestamptz, ${shareId}::uuid)`
          : undefined;
      const rows = await selectWithItem(
        db,
        { createdAt: sql<string>`${shares.createdAt}::text`, shareId: shares.id },
        shares,
        shares.itemId,
      )
        .where(and(where, after))
        .orderBy(desc(shares.createdAt), desc(shares.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ row: r.item, key: [r.createdAt, r.shareId] }));
    },
  };
}

/** Unlocks past their time, and shares expired for more than `graceDays` (until then a visitor sees "expired"). */
export async function purgeExpired(db: Db, graceDays: number, batch: number): Promise<number> {
  const staleUnlocks = db
    .select({ id: shareUnlocks.id })
    .from(shareUnlocks)
    .where(lt(shareUnlocks.expiresAt, sql`now()`))
    .limit(batch);
  const unlocks = await db
    .delete(shareUnlocks)
    .where(inArray(shareUnlocks.id, staleUnlocks))
    .returning({ id: shareUnlocks.id });
  const longExpired = db
    .select({ id: shares.id })
    .from(shares)
    .where(lt(shares.expiresAt, new Date(Date.now() - graceDays * 86_400_000)))
    .limit(batch);
  // Each leaves an "expired" tombstone (trigger of migration 0010).
  const gone = await db.delete(shares).where(inArray(shares.id, longExpired)).returning({ id: shares.id });
  return Math.max(unlocks.length, gone.length);
}

/**
 * Among these shares, the ones whose guests may still upload at `now`: folder links for editors,
 * usable by the link decision but for their owner (not expired, their folder not in the trash: what
 * `openShareForEditing` lets through; an owner suspended for a while keeps their guests' uploads).
 */
export async function sharesOpenForUploads(db: Db, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({
      id: shares.id,
      expiresAt: shares.expiresAt,
      inTrash: sql<boolean>`item_trashed_by(${shares.itemId}) is not null`,
    })
    .from(shares)
    .where(and(inArray(shares.id, [...ids]), eq(shares.type, 'folder'), eq(shares.permission, 'editor')));
  const open = rows.filter(
    (r) => linkDecision({ kind: 'share', expiresAt: r.expiresAt, rootTrashed: r.inTrash }, now).usable,
  );
  return new Set(open.map((r) => r.id));
}

import type { PublicShareResponse, ShareResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { publicUrl } from '../auth/index.js';
import { presentItem, type ItemRow, type ItemUrls, type RelationshipLoader } from '../files/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { shareFromColumn, sharedColumn, sharesOfItems } from './shares.repository.js';
import type { ShareRow } from './shares.table.js';

/** Where anyone with the link opens it (the web's share page). */
export const shareLink = (base: string, token: string) => `${base}/share/${token}`;

/** File URLs handed out through a share: the visitor routes, which check the token on every request. */
export function shareUrls(token: string): ItemUrls {
  const t = encodeURIComponent(token);
  return {
    file: (row) => `/api/sharing/download/${row.id}/${t}`,
    thumbnail: (row, size) => `/api/sharing/thumbnail/${row.id}/${size}/${t}`,
  };
}

/** What presenting a share link reads of its row (of the password, only whether there is one). */
export type PresentedShare = Pick<
  ShareRow,
  'id' | 'token' | 'itemId' | 'type' | 'permission' | 'passwordHash' | 'expireIn' | 'expiresAt' | 'createdAt'
>;

export function presentShare(share: PresentedShare, base: string): ShareResource {
  return {
    data: {
      id: share.id,
      type: 'shared',
      attributes: {
        token: share.token,
        item_id: share.itemId,
        type: share.type,
        permission: share.permission,
        protected: share.passwordHash !== null,
        expire_in: share.expireIn,
        expires_at: share.expiresAt?.toISOString() ?? null,
        link: shareLink(base, share.token),
        created_at: share.createdAt.toISOString(),
      },
    },
  };
}

/**
 * `relationships.shared` of the items their owner sees: one query for a whole listing, or a column
 * of the statement that reads the rows (the fields presenting needs, as one JSON array; whether a
 * password is set, never its hash).
 */
export function sharedRelationships(ctx: AppContext): RelationshipLoader {
  const present = async (found: readonly PresentedShare[]) => {
    const result = new Map<string, { shared: ShareResource }>();
    if (!found.length) return result;
    const base = await publicUrl(ctx);
    for (const share of found) result.set(share.itemId, { shared: presentShare(share, base) });
    return result;
  };
  return {
    load: async (db, rows) =>
      present(
        await sharesOfItems(
          db,
          rows.map((r) => r.id),
        ),
      ),
    column: (itemId) => sharedColumn(itemId),
    fromColumn: async (values) => {
      const found: PresentedShare[] = [];
      for (const [itemId, value] of values) {
        if (value !== null && value !== undefined) found.push(shareFromColumn(itemId, value));
      }
      return present(found);
    },
  };
}

/** What anyone with the link may know; the item only once the link is open to them. */
export async function presentPublicShare(
  ctx: AppContext,
  opened: { share: ShareRow; item: ItemRow; owner: UserRow; unlocked: boolean },
): Promise<PublicShareResponse> {
  const { share, item, owner, unlocked } = opened;
  const resource = unlocked
    ? await presentItem(ctx, item, { viewerId: null, urls: shareUrls(share.token), topId: item.id })
    : null;
  return {
    data: {
      token: share.token,
      type: share.type,
      permission: share.permission,
      protected: share.passwordHash !== null,
      unlocked,
      expires_at: share.expiresAt?.toISOString() ?? null,
      owner: { name: fullName(owner), color: owner.color },
      item: resource,
    },
  };
}

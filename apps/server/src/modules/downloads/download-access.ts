import type { AppContext } from '../../app/context.js';
import { AppError } from '../../lib/errors.js';
import type { ItemRow } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { findUserById, restrictionsFor, type UserRow } from '../users/index.js';

export const downloadRestricted = (reason?: string | null) =>
  new AppError(403, 'download.restricted', reason ?? 'Downloading is not available for this account right now.');

/**
 * Whether the bytes may leave: the restriction belongs to whoever owns the items (the viewer
 * for the owner, the sharer for a share link or upload request), never to the viewer alone.
 */
export async function assertCanDownload(ctx: AppContext, viewer: UserRow, rows: readonly ItemRow[]): Promise<void> {
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  if (ownerIds.length === 0) return;
  const settings = await readSettings(ctx.db);
  for (const ownerId of ownerIds) {
    const owner = ownerId === viewer.id ? viewer : await findUserById(ctx.db, ownerId);
    if (!owner) throw downloadRestricted();
    const restrictions = restrictionsFor(owner, settings);
    if (!restrictions.canDownload) throw downloadRestricted(restrictions.reason);
  }
}

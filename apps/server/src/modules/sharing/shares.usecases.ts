import type { createShareRequest, ShareResource, updateShareRequest } from '@filestore/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { randomToken } from '../../lib/crypto.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { hashPassword, publicUrl } from '../auth/index.js';
import { authorize, type Actor } from '../files/index.js';
import { reserveUserMails } from '../mail/index.js';
import { endLinkUploads } from '../uploads/index.js';
import type { UserRow } from '../users/index.js';
import { sendShareMails } from './share.mails.js';
import { presentShare, shareLink } from './share.presenter.js';
import {
  deleteShares,
  dropUnlocks,
  findShare,
  insertShare,
  sharesByToken,
  sharesOfItems,
  updateShare,
  type NewShare,
  type SharedItem,
} from './shares.repository.js';
import { shareExists } from './sharing.errors.js';

type CreateShare = z.output<typeof createShareRequest>;
type UpdateShare = z.output<typeof updateShareRequest>;

const HOUR_MS = 3_600_000;
/** 24 random bytes: 192 bits, 32 characters of base64url. */
const TOKEN_BYTES = 24;

const expiryOf = (hours: number | null) => ({
  expireIn: hours,
  expiresAt: hours === null ? null : new Date(Date.now() + hours * HOUR_MS),
});

const actorOf = (user: UserRow): Actor => ({ kind: 'user', user });

/**
 * A share the user may manage (the access policy's `share` on its item, trashed or not); a share
 * of anybody else's item, or an unknown token, is not found.
 */
export async function ownShareOrThrow(ctx: AppContext, user: UserRow, token: string): Promise<SharedItem> {
  const found = await findShare(ctx.db, token);
  if (!found) throw notFound();
  await authorize(ctx.db, actorOf(user), 'share', [{ id: found.item.id }], { state: 'any' });
  return found;
}

/**
 * Shares one of the user's live items. A file is always shared for viewing; a folder for viewing
 * unless asked otherwise. The addresses given get the link by mail.
 */
export async function createShare(ctx: AppContext, user: UserRow, req: CreateShare): Promise<ShareResource> {
  const [item] = await authorize(ctx.db, actorOf(user), 'share', [{ id: req.id, type: req.type }]);
  if (!item) throw notFound();
  if ((await sharesOfItems(ctx.db, [item.id])).length) throw shareExists();
  const emails = [...new Set(req.emails ?? [])];
  await reserveUserMails(ctx, user.id, emails.length);
  const share = await insertShare(ctx.db, {
    token: randomToken(TOKEN_BYTES),
    userId: user.id,
    itemId: item.id,
    type: item.type,
    permission: item.type === 'folder' ? (req.permission ?? 'visitor') : 'visitor',
    passwordHash: req.isPassword && req.password ? await hashPassword(req.password) : null,
    ...expiryOf(req.expiration ?? null),
  });
  if (!share) throw shareExists();
  const base = await publicUrl(ctx);
  if (emails.length) {
    // The share exists whatever the mail server says: a failure is logged, the link still works.
    await sendShareMails(ctx, user, item, shareLink(base, share.token), emails).catch((error: unknown) =>
      ctx.log.error({ err: error, shareId: share.id }, 'could not mail a share link'),
    );
  }
  return presentShare(share, base);
}

/** Permission, password and expiry; a new (or no) password locks out everyone who had unlocked it. */
export async function changeShare(
  ctx: AppContext,
  user: UserRow,
  token: string,
  req: UpdateShare,
): Promise<ShareResource> {
  const { share } = await ownShareOrThrow(ctx, user, token);
  const patch: Partial<NewShare> = {};
  if (req.permission !== undefined) patch.permission = share.type === 'folder' ? req.permission : 'visitor';
  if (req.protected === false) patch.passwordHash = null;
  else if (req.password) patch.passwordHash = await hashPassword(req.password);
  else if (req.protected === true && share.passwordHash === null) {
    throw validationFailed({ password: ['Enter a password.'] });
  }
  if (req.expiration !== undefined) Object.assign(patch, expiryOf(req.expiration));
  const lockOut = patch.passwordHash !== undefined && share.passwordHash !== null;
  const updated = await ctx.db.transaction(async (tx) => {
    if (lockOut) await dropUnlocks(tx, share.id);
    return updateShare(tx, share.id, patch);
  });
  // A link made read-only stops holding its owner's quota for its guests' uploads.
  if (updated.permission !== 'editor') await endLinkUploads(ctx, 'share', [share.id]);
  return presentShare(updated, await publicUrl(ctx));
}

/** Stops sharing: the user must be allowed to share every token's item, or nothing is revoked (404). */
export async function revokeShares(ctx: AppContext, user: UserRow, tokens: readonly string[]): Promise<void> {
  const wanted = [...new Set(tokens)];
  const found = await sharesByToken(ctx.db, wanted);
  if (found.length !== wanted.length) throw notFound();
  const refs = found.map((s) => ({ id: s.itemId }));
  await authorize(ctx.db, actorOf(user), 'share', refs, { state: 'any' });
  const ids = found.map((s) => s.id);
  await deleteShares(ctx.db, ids);
  // What guests were uploading through the links ends with them, and frees the owner's quota.
  await endLinkUploads(ctx, 'share', ids);
}

export async function mailShare(ctx: AppContext, user: UserRow, token: string, emails: readonly string[]) {
  const { share, item } = await ownShareOrThrow(ctx, user, token);
  const unique = [...new Set(emails)];
  await reserveUserMails(ctx, user.id, unique.length);
  await sendShareMails(ctx, user, item, shareLink(await publicUrl(ctx), share.token), unique);
}

/** The link as an SVG QR code (black on white, a quiet zone of two modules). */
export async function shareQr(ctx: AppContext, user: UserRow, token: string): Promise<string> {
  const { share } = await ownShareOrThrow(ctx, user, token);
  const QRCode = await import('qrcode');
  return QRCode.toString(shareLink(await publicUrl(ctx), share.token), {
    type: 'svg',
    margin: 2,
    width: 192,
    errorCorrectionLevel: 'M',
  });
}

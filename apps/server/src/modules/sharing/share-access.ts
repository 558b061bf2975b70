import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { notFound, tooManyAttempts } from '../../lib/errors.js';
import { cookieSecure, verifyPassword } from '../auth/index.js';
import { requireCapability, type Action, type ItemRow, type LinkActor } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { requireUsableLink } from '../access/index.js';
import { restrictionsFor, type UserRow } from '../users/index.js';
import { shareUrls } from './share.presenter.js';
import { findShareByToken, hasUnlock, insertUnlock, tombstoneOf } from './shares.repository.js';
import type { ShareRow } from './shares.table.js';
import { shareExpired, shareRevoked, wrongSharePassword } from './sharing.errors.js';

const UNLOCK_TTL_MS = 24 * 3_600_000;
/** The cookies go only to the visitor API, which is all that needs them. */
const UNLOCK_COOKIE_PATH = '/api/sharing';
const PASSWORD_TRIES = 5;
const MINUTE = 60_000;

/** One cookie per share, so unlocking one link never opens another. */
export const unlockCookieName = (shareId: string) => `fs_share_${shareId}`;

export interface OpenedShare {
  share: ShareRow;
  item: ItemRow;
  owner: UserRow;
  /** Not protected, or this browser gave the password. */
  unlocked: boolean;
  /** The link as an actor of the access policy: the shared item and what lies below it. */
  actor: LinkActor;
}

async function isUnlocked(ctx: AppContext, request: FastifyRequest, share: ShareRow): Promise<boolean> {
  if (share.passwordHash === null) return true;
  const token = request.cookies[unlockCookieName(share.id)];
  if (!token || token.length > 100) return false;
  return hasUnlock(ctx.db, share.id, sha256(token));
}

/**
 * Resolves a visitor's token once per request: unknown → 404, expired → 410 `share.expired`,
 * removed by its owner → 410 `share.revoked` (a tombstone remembers it; ADR 0019), shared item in the
 * trash → 404 (the link sleeps until the item is restored), protected and not unlocked → 403
 * unless the caller only describes the share.
 */
export async function openShare(
  ctx: AppContext,
  /** null: work the link started earlier (a remote upload), whose password was given then. */
  request: FastifyRequest | null,
  token: string,
  opts: { allowLocked?: boolean } = {},
): Promise<OpenedShare> {
  const found = await findShareByToken(ctx.db, token);
  if (!found) {
    const reason = await tombstoneOf(ctx.db, token);
    throw reason === 'revoked' ? shareRevoked() : reason === 'expired' ? shareExpired() : notFound();
  }
  const { share, item, owner, inTrash } = found;
  const unlocked = request === null || (await isUnlocked(ctx, request, share));
  requireUsableLink(
    {
      kind: 'share',
      owner,
      // Metered billing restricts the owner (unpaid usage): their links wait until they pay.
      ownerRestricted: !restrictionsFor(owner, await readSettings(ctx.db)).canVisitShared,
      expiresAt: share.expiresAt,
      rootTrashed: inTrash,
      // Describing the share (its page asks for the password) needs no password.
      locked: !unlocked && !opts.allowLocked,
    },
    ctx.clock.now(),
  );
  const link = {
    source: 'share' as const,
    id: share.id,
    rootId: share.itemId,
    // A file is shared for viewing only, whatever the row says.
    canEdit: share.permission === 'editor' && share.type === 'folder',
    urls: shareUrls(share.token),
  };
  return { share, item, owner, unlocked, actor: { kind: 'link', link, owner } };
}

/**
 * Like `openShare`, for the calls that change something: the access policy refuses a visitor link
 * any write (403 `share.read_only`) before the request names anything.
 */
export async function openShareForEditing(
  ctx: AppContext,
  request: FastifyRequest | null,
  token: string,
  action: Action,
) {
  const opened = await openShare(ctx, request, token);
  requireCapability(opened.actor, action);
  return opened;
}

/**
 * Checks a protected link's password, at most 5 wrong ones a minute per link and address. The
 * right one leaves a random token in an httpOnly cookie and its SHA-256 in `share_unlocks`, so any
 * node can check it and a new password (or revoking the link) locks everyone out again.
 */
export async function unlockShare(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  share: ShareRow,
  password: string,
): Promise<void> {
  if (share.passwordHash === null) return;
  // Counted before the check, so tries sent all at once still get only five checks.
  const key = `share-password:${share.id}:${request.ip}`;
  const attempt = await ctx.rateLimiter.hit(key, PASSWORD_TRIES, MINUTE);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfter);
  if (!(await verifyPassword(share.passwordHash, password))) throw wrongSharePassword();
  await ctx.rateLimiter.reset(key);
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + UNLOCK_TTL_MS);
  await insertUnlock(ctx.db, { id: sha256(token), shareId: share.id, expiresAt });
  reply.setCookie(unlockCookieName(share.id), token, {
    path: UNLOCK_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(ctx, request),
    expires: expiresAt,
  });
}

import { AppError, notFound } from '../../lib/errors.js';
import { isActiveAccount, ownerRestricted, ownerUnavailable, type UserRow } from '../users/index.js';

/*
 * Whether a share link or an upload request may be used now (ADR 0062): one decision for both, over
 * what the link's module loaded and the time of `ctx.clock`. The sharing and file-requests modules
 * (their visitors' and guests' routes, the remote upload job opening a link again, the clean-up jobs
 * ending the uploads of links that stopped) all ask it; each refusal keeps its code.
 */

/** A share link that ran out (410). */
export const shareExpired = () => new AppError(410, 'share.expired', 'This link has expired.');
/** A protected share link whose password this browser has not given (403). */
export const shareLocked = () => new AppError(403, 'share.locked', 'This link is protected by a password.');
/** An upload request that no longer takes files: Done, expired unused or filled (410). */
export const requestClosed = () =>
  new AppError(410, 'request.closed', 'This upload request is closed: it no longer takes files.');

/** What the decision reads of a link. Leave out what the caller does not ask about. */
export interface LinkState {
  kind: 'share' | 'request';
  /**
   * The account that made the link: suspended or being deleted, its links answer 403
   * `link.owner_unavailable` until it is back. Left out where the owner does not matter (the jobs
   * ending the uploads of links that stopped: an owner suspended for a while keeps them).
   */
  owner?: Pick<UserRow, 'suspendedAt' | 'deletingAt'>;
  /** Metered billing restricts the owner (unpaid usage): 403 `link.owner_restricted` until they pay. */
  ownerRestricted?: boolean;
  /**
   * When the link runs out: a share's expiry, an upload request's end (72 hours unused, 24 hours
   * after its last upload). null: never, or not asked (a request's page shows it in any state).
   */
  expiresAt: Date | null;
  /** An upload request closed before it ran out (Done, or the job wrote it expired or filled). */
  closed?: boolean;
  /** The item the link reaches is in the trash: the link sleeps (404) until the item is restored. */
  rootTrashed?: boolean;
  /** Protected by a password this caller has not given (left out where the caller only describes the link). */
  locked?: boolean;
}

export type LinkDecision = { usable: true } | { usable: false; refusal: AppError };

/**
 * Whether the link may be used at `now`. In this order: the owner (403), the link ran out or was
 * closed (410 `share.expired` / `request.closed`), what it reaches is in the trash (404), the
 * password (403 `share.locked`).
 */
export function linkDecision(state: LinkState, now: Date): LinkDecision {
  const refuse = (refusal: AppError): LinkDecision => ({ usable: false, refusal });
  if (state.owner && !isActiveAccount(state.owner)) return refuse(ownerUnavailable());
  if (state.ownerRestricted) return refuse(ownerRestricted());
  const ranOut = state.expiresAt !== null && state.expiresAt.getTime() <= now.getTime();
  if (ranOut || state.closed) return refuse(state.kind === 'share' ? shareExpired() : requestClosed());
  if (state.rootTrashed) return refuse(notFound());
  if (state.locked) return refuse(shareLocked());
  return { usable: true };
}

/** `linkDecision`, throwing its refusal. */
export function requireUsableLink(state: LinkState, now: Date): void {
  const decision = linkDecision(state, now);
  if (!decision.usable) throw decision.refusal;
}

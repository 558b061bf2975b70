import { AppError } from '../../lib/errors.js';
import { formatBytes, MB } from '../../lib/format.js';
import type { Settings } from '../settings/index.js';
import { restrictionsFor, storageCapacity, type UserRow } from '../users/index.js';

/**
 * What may be stored, asked on the first chunk (from the declared size), on every later chunk and
 * once more in the transaction that creates the file: settings and capacity can change while a
 * large file is on its way, and nothing waits for the whole file to arrive before saying no.
 */

export const emptyFile = () => new AppError(422, 'upload.empty_file', "Empty files can't be uploaded.");

const quotaExceeded = (message = "There isn't enough storage space left for this file.") =>
  new AppError(423, 'upload.quota_exceeded', message);

const tooLarge = (limit: number) =>
  new AppError(413, 'upload.too_large', `Files larger than ${formatBytes(limit)} can't be uploaded.`, {
    limit,
    limit_formatted: formatBytes(limit),
  });

/** `upload_limit` in bytes; null when there is none. */
export const uploadLimitOf = (settings: Settings): number | null =>
  settings.upload_limit > 0 ? settings.upload_limit * MB : null;

export interface Allowance {
  owner: Pick<UserRow, 'storageUsed' | 'storageCapacity'>;
  settings: Settings;
  /** Bytes of the owner's other upload sessions: promised to them, so not free for this file. */
  reserved: number;
}

/** Bytes still free for this file; null when storage is unlimited. */
function roomFor({ owner, settings, reserved }: Allowance): number | null {
  const capacity = storageCapacity(owner, settings);
  return capacity === null ? null : capacity - owner.storageUsed - reserved;
}

export function assertMayStore(allowance: Allowance, size: number): void {
  const restrictions = restrictionsFor(allowance.owner, allowance.settings);
  // Metered billing's restriction (unpaid usage) is a refusal, not a full disk: 403 with its reason.
  if (restrictions.reasonCode)
    throw new AppError(403, 'billing.restricted', restrictions.reason ?? 'Your account is restricted.');
  if (!restrictions.canUpload) throw quotaExceeded(restrictions.reason ?? undefined);
  const limit = uploadLimitOf(allowance.settings);
  if (limit !== null && size > limit) throw tooLarge(limit);
  const room = roomFor(allowance);
  if (room !== null && size > room) throw quotaExceeded();
}

/** For a body of unknown size: the most it may carry, and the refusal once it carries more. */
export function byteBudget(allowance: Allowance): { max: number | undefined; over(bytes: number): AppError } {
  const limit = uploadLimitOf(allowance.settings);
  const room = roomFor(allowance);
  const max = Math.min(limit ?? Infinity, room ?? Infinity);
  return {
    max: Number.isFinite(max) ? Math.max(max, 0) : undefined,
    over: (bytes) => (limit !== null && bytes > limit ? tooLarge(limit) : quotaExceeded()),
  };
}

/** `mimetypes_blacklist` tokens: lower-case, without dots; a comma list in one entry is split too. */
export function blockedTokens(settings: Settings): Set<string> {
  return new Set(
    settings.mimetypes_blacklist
      .flatMap((entry) => entry.split(/[\s,]+/))
      .map((token) => token.trim().toLowerCase().replace(/^\.+/, ''))
      .filter(Boolean),
  );
}

export interface TypeFacts {
  /** The name's extension, lower-case. */
  extension: string | null;
  /** What the bytes were recognised as, on the first chunk. */
  sniffed?: { mime: string; ext: string } | null;
  /** Other MIME types the file goes by: those its extension implies, the one stored on its session. */
  mimetypes: readonly (string | null | undefined)[];
}

/**
 * A token blocks a file when it equals its extension, or either half of its MIME type as sniffed
 * from the bytes or as implied by the extension: `png` stops a PNG renamed to `.txt`, `x-php`
 * stops PHP whatever it is called, `image` stops every image.
 */
export function assertTypeAllowed(settings: Settings, facts: TypeFacts): void {
  const blocked = blockedTokens(settings);
  if (blocked.size === 0) return;
  const candidates: { token: string; report: string }[] = [];
  if (facts.extension) candidates.push({ token: facts.extension, report: facts.extension });
  if (facts.sniffed) candidates.push({ token: facts.sniffed.ext, report: facts.sniffed.mime });
  for (const mimetype of [facts.sniffed?.mime, ...facts.mimetypes]) {
    if (!mimetype) continue;
    for (const half of mimetype.split('/')) candidates.push({ token: half, report: mimetype });
  }
  const hit = candidates.find((c) => blocked.has(c.token.toLowerCase()));
  if (hit) {
    throw new AppError(422, 'upload.type_blocked', `Files of type “${hit.report}” can't be uploaded here.`, {
      type: hit.report,
    });
  }
}

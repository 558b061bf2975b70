import { FOLDER_DEPTH_MAX } from '@filestore/contract';
import { AppError, validationFailed } from '../../lib/errors.js';

export const moveIntoItself = () =>
  new AppError(422, 'items.move_into_itself', 'A folder cannot be moved into itself or into one of its folders.');

export const folderTooDeep = () =>
  new AppError(409, 'items.too_deep', `Folders can be nested at most ${FOLDER_DEPTH_MAX} levels deep.`, {
    maxDepth: FOLDER_DEPTH_MAX,
  });

/** The database's tree guard refused a change (a race the checks above it did not see, or a bug). */
export function isTreeGuardRefusal(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: string }).constraint === 'items_tree_acyclic') return true;
    if (e instanceof Error && /items_tree_acyclic/.test(e.message)) return true;
  }
  return false;
}

export const folderCreationRestricted = (reason: string | null) =>
  new AppError(403, 'folder.restricted', reason ?? 'Creating folders is temporarily disabled for your account.');

export const invalidCursor = () => validationFailed({ cursor: ['This cursor is not valid for this listing.'] });

/** A share link made for viewing: every write through it answers this, whatever it names. */
export const readOnlyLink = () => new AppError(403, 'share.read_only', 'This link only lets you view and download.');

/** A move whose items and destination are not reached through the same grant (ADR 0029). */
export const moveAcross = () =>
  new AppError(
    403,
    'teams.move_across',
    'Items can be moved within a team folder only: not out of it, into another team, or from your own files into it.',
  );

export const teamNested = () =>
  new AppError(409, 'teams.nested', 'A team folder cannot be placed inside another team folder.');

import { AppError, validationFailed } from '../../lib/errors.js';

export const moveIntoItself = () =>
  new AppError(422, 'items.move_into_itself', 'A folder cannot be moved into itself or into one of its folders.');

export const folderCreationRestricted = (reason: string | null) =>
  new AppError(403, 'folder.restricted', reason ?? 'Creating folders is temporarily disabled for your account.');

export const invalidCursor = () => validationFailed({ cursor: ['This cursor is not valid for this listing.'] });

/** A share link made for viewing: every write through it answers this, whatever it names. */
export const readOnlyLink = () => new AppError(403, 'share.read_only', 'This link only lets you view and download.');

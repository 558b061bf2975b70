import { AppError } from '../../lib/errors.js';

// Refusals of the link decision (`access/links.ts`), which owns them.
export { shareExpired, shareLocked } from '../access/index.js';

export const shareExists = () => new AppError(422, 'share.exists', 'The item is currently shared.');
export const shareRevoked = () => new AppError(410, 'share.revoked', 'This link was removed.');
export const wrongSharePassword = () => new AppError(401, 'share.wrong_password', 'The password is not correct.');

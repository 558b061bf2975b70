import { AppError } from '../../lib/errors.js';

export const shareExists = () => new AppError(422, 'share.exists', 'The item is currently shared.');
export const shareExpired = () => new AppError(410, 'share.expired', 'This link has expired.');
export const shareRevoked = () => new AppError(410, 'share.revoked', 'This link was removed.');
export const shareLocked = () => new AppError(403, 'share.locked', 'This link is protected by a password.');
export const wrongSharePassword = () => new AppError(401, 'share.wrong_password', 'The password is not correct.');

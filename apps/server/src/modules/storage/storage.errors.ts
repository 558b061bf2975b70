import { AppError } from '../../lib/errors.js';

// Keys come from ids, never from users, so a bad key is a bug on our side: 500, and the key stays
// out of the message because it may have been built from something it should not have been.
export const invalidStorageKey = () => new AppError(500, 'internal', 'Invalid storage key.');

export const blobNotFound = () => new AppError(404, 'not_found', "The requested file content wasn't found.");

/** `size` lets the route answer `Content-Range: bytes *\/size` as HTTP asks. */
export const rangeNotSatisfiable = (size?: number) =>
  new AppError(
    416,
    'validation.failed',
    'The requested range is not satisfiable.',
    size === undefined ? undefined : { size },
  );

export const uploadNotFound = () => new AppError(404, 'not_found', "The upload wasn't found or has already ended.");

export const invalidPart = (message: string) => new AppError(422, 'validation.failed', message);

export const sizeMismatch = (expected: number, received: number) =>
  new AppError(422, 'validation.failed', `Expected ${expected} bytes but received ${received}.`, {
    expected,
    received,
  });

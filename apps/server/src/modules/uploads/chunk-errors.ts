import { AppError } from '../../lib/errors.js';

/** A chunk with more or fewer bytes than its place in the file calls for; `received` when it ended short. */
export const sizeMismatch = (expected: number, received?: number) =>
  new AppError(
    422,
    'validation.failed',
    received === undefined
      ? `The chunk has more than the expected ${expected} bytes.`
      : `The chunk has ${received} bytes instead of ${expected}.`,
    { expected, ...(received === undefined ? {} : { received }) },
    { chunk: ['The chunk does not have the expected number of bytes.'] },
  );

export const offsetMismatch = (expected: number) =>
  new AppError(409, 'upload.offset_mismatch', `The upload continues at byte ${expected}.`, {
    expected_offset: expected,
  });

export const sessionRequired = () =>
  new AppError(
    422,
    'upload.session_required',
    'A file sent in several chunks needs upload_id, offset, size and chunk_size with every chunk.',
  );

export const chunkSizeMismatch = (message: string) => new AppError(422, 'upload.chunk_size_mismatch', message);

export const uploadNotFound = () => new AppError(404, 'not_found', "The upload wasn't found or has already ended.");

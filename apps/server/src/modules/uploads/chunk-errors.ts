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

/** Not multipart/form-data a parser can read: no boundary, or cut before its closing boundary. */
export const malformedBody = () =>
  new AppError(400, 'upload.malformed_body', 'The upload is not a complete multipart/form-data body.');

/** A multipart body whose `Content-Type` names no boundary cannot be read: refused as malformed. */
export function assertBoundary(contentType: string | undefined): void {
  if (!/;\s*boundary=("[^"]+"|[^\s;"]+)/i.test(contentType ?? '')) throw malformedBody();
}

/**
 * The multipart parser's own failures (busboy's "Boundary not found", "Unexpected end of form")
 * are plain errors; the plugin's limits carry a status of their own and keep it.
 */
export const isParserError = (error: unknown) =>
  error instanceof Error && !(error instanceof AppError) && !(error as { statusCode?: number }).statusCode;

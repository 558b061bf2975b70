import type { ErrorCode } from '@filestore/contract';

/** The only error type handlers throw on purpose; the error handler renders it. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'auth.unauthenticated', 'You must sign in first.');
export const forbidden = (message = "You don't have access for this operation.") =>
  new AppError(403, 'auth.forbidden', message);
export const notFound = (message = "The requested entry wasn't found.") => new AppError(404, 'not_found', message);
export const validationFailed = (fieldErrors: Record<string, string[]>, message = 'The given data was invalid.') =>
  new AppError(422, 'validation.failed', message, undefined, fieldErrors);
export const tooManyAttempts = (retryAfter: number) =>
  new AppError(429, 'auth.too_many_attempts', `Too many attempts. Try again in ${retryAfter} seconds.`, {
    retryAfter,
  });

/** 503s say which dependency is missing and when to try again; the error handler sends `Retry-After`. */
export const RETRY_AFTER_OUTAGE_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError(
    503,
    'service.database_unavailable',
    'The database is unavailable right now. Please try again shortly.',
    {
      retryAfter: RETRY_AFTER_OUTAGE_SECONDS,
    },
  );

export const rateLimiterUnavailable = () =>
  new AppError(
    503,
    'service.rate_limiter_unavailable',
    'Signing in and other protected actions are unavailable right now. Please try again shortly.',
    { retryAfter: RETRY_AFTER_OUTAGE_SECONDS },
  );

export const storageFull = () =>
  new AppError(507, 'storage.full', 'The server has no space left to store this. Please try again later.');

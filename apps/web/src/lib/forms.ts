import type { TFunction } from './i18n';
import { ApiError } from './api';

/** What every form shares (ADR 0068): the sentence for a refusal, and the server's own field messages. */
export type FieldErrors = Partial<Record<string, string>>;

/** The translated sentence for a failed call: by stable code, else the server's safe message. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'auth.too_many_attempts' || error.code === 'rate_limited') {
      const seconds = Number(error.details.retryAfter);
      if (Number.isFinite(seconds) && seconds > 0)
        return t('errors.too_many_attempts_wait', { seconds: Math.ceil(seconds) });
    }
    return t(`errors.${error.code}`, { defaultValue: error.message });
  }
  if (error instanceof TypeError) return t('errors.network');
  return t('errors.generic');
}

/** Server field errors keyed by field name (the first message of each). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]]));
}

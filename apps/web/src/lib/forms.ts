import { EMAIL_PATTERN, PASSWORD_MIN } from '@filestore/contract';
import type { TFunction } from './i18n';
import { ApiError } from './api';

export type FieldErrors = Partial<Record<string, string>>;

/** Client checks mirror the contract rules (spec §5) so most mistakes show before a round trip. */
export const rules = {
  required: (t: TFunction, value: string) => (value.trim() ? undefined : t('validation.required')),
  email: (t: TFunction, value: string) =>
    !value.trim() ? t('validation.required') : EMAIL_PATTERN.test(value.trim()) ? undefined : t('validation.email'),
  password: (t: TFunction, value: string) =>
    value.length >= PASSWORD_MIN ? undefined : t('validation.password_min', { count: PASSWORD_MIN }),
  confirmation: (t: TFunction, value: string, password: string) =>
    value === password ? undefined : t('validation.password_mismatch'),
};

/** Moves focus to the first field flagged invalid, once React has rendered the errors. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

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

import type { TFunction } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';

export type ShareFieldErrors = Partial<Record<'password' | 'emails' | 'expiration' | 'permission', string>>;

/** Server field errors land under their fields (`emails.3` under the addresses); the rest is one message. */
export function splitShareError(t: TFunction, error: unknown): { fields: ShareFieldErrors; message?: string } {
  const fields: ShareFieldErrors = {};
  if (isApiError(error)) {
    for (const [key, messages] of Object.entries(error.errors)) {
      const field = key.split('.')[0] as keyof ShareFieldErrors;
      if (['password', 'emails', 'expiration', 'permission'].includes(field) && !fields[field])
        fields[field] = messages[0];
    }
  }
  if (Object.keys(fields).length) return { fields };
  // The mail allowance is counted in minutes, not the seconds of a sign-in limit.
  const wait = isApiError(error, 'rate_limited') ? Number(error.details.retryAfter) : NaN;
  if (wait > 120) return { fields, message: t('sharing.mail_limit', { count: Math.ceil(wait / 60) }) };
  return { fields, message: errorMessage(t, error) };
}

/**
 * A share form's placement of a refusal (useApiForm's fieldForError and bannerForError): the
 * server's field messages on those of `names` the form has, the rest as the banner's sentence.
 */
export function shareRefusal<K extends keyof ShareFieldErrors>(t: TFunction, names: readonly K[]) {
  return {
    fieldForError: (error: unknown) => {
      const { fields } = splitShareError(t, error);
      return names.flatMap((field) => {
        const message = fields[field];
        return message ? [{ field, message }] : [];
      });
    },
    bannerForError: (error: unknown) => splitShareError(t, error).message,
  };
}

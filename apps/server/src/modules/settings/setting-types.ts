import { z } from 'zod';

/**
 * The file name of an appearance image as stored in its setting: a random id and the extension of
 * the format it was drawn in (modules/appearance). Nothing else can be named, so a setting never
 * points at another blob.
 */
export const appImageName = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|jpg)$/, {
    message: 'An appearance image is set by uploading it.',
  });

/** A Google tag id (G-, GT-, AW-) or a Universal Analytics property (UA-1234567-1), upper case. */
export const googleAnalyticsId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:(?:G|GT|AW)-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/, {
    message: 'Enter a Google Analytics id such as G-XXXXXXXXXX or UA-1234567-1.',
  });

const BLOCKED_TYPE = /^[a-z0-9][a-z0-9.+_-]{0,63}(?:\/[a-z0-9*][a-z0-9.+_*-]{0,63})?$/;

/**
 * Blocked file types: extensions ("exe", ".php"), MIME types ("application/x-msdownload") or either
 * half of one ("image"). A comma or space list in one entry (how the reference stored them) is
 * split, leading dots dropped, case folded and repeats removed, so a stored value read again is the
 * same list (uploads/upload-policy.ts reads it).
 */
export const blockedTypeList = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? [
          ...new Set(
            value.flatMap((entry: unknown) =>
              typeof entry === 'string'
                ? entry
                    .split(/[\s,]+/)
                    .map((t) => t.trim().toLowerCase().replace(/^\.+/, ''))
                    .filter(Boolean)
                : [entry],
            ),
          ),
        ]
      : value,
  z
    .array(z.string().regex(BLOCKED_TYPE, { message: 'Enter an extension or a MIME type, such as exe or text/html.' }))
    .max(500),
);

function isHttpAddress(value: string): boolean {
  // Whitespace, a query or a fragment (even an empty `?` or `#`) would end up inside every link.
  if (/[\s?#]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The address mailed links and webhook URLs start with: empty (the installation's origin, else
 * localhost), or an http(s) address with no credentials, query or fragment, kept as its origin and
 * path without a trailing slash (links add their own).
 */
export const appUrlSetting = z.union([
  z.literal(''),
  z
    .string()
    .max(2048)
    .refine(isHttpAddress, {
      message: 'Enter an address starting with http:// or https://, such as https://files.example.com.',
    })
    .transform((value) => {
      const url = new URL(value);
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    }),
]);

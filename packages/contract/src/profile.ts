import { z } from 'zod';
import { CONTROL_CHARACTERS } from './common.js';

/**
 * The fixed offsets a user can show times in (spec §9: 32 offsets from -12.0 to +12.0 hours,
 * half hours and +5.75 included), as the decimal-hour strings the reference's list sends. Fixed
 * offsets have no daylight saving: a chosen offset means the same shift all year (ADR 0037).
 * The reference's list has 31; +6.5 (Myanmar, Cocos Islands) is the 32nd, the one year-round
 * offset of a country missing from it.
 */
export const TIMEZONE_OFFSETS = [
  '-12.0',
  '-11.0',
  '-10.0',
  '-9.0',
  '-8.0',
  '-7.0',
  '-6.0',
  '-5.0',
  '-4.0',
  '-3.5',
  '-3.0',
  '-2.0',
  '-1.0',
  '0.0',
  '1.0',
  '2.0',
  '3.0',
  '3.5',
  '4.0',
  '4.5',
  '5.0',
  '5.5',
  '5.75',
  '6.0',
  '6.5',
  '7.0',
  '8.0',
  '9.0',
  '9.5',
  '10.0',
  '11.0',
  '12.0',
] as const;
export type TimezoneOffset = (typeof TIMEZONE_OFFSETS)[number];

const OFFSET_BY_HOURS = new Map<number, TimezoneOffset>(TIMEZONE_OFFSETS.map((o) => [Number(o), o]));

/** The list value for an offset written any numeric way ("5.5", "+5.50", 5.5), or null. */
export function timezoneOffsetOf(value: unknown): TimezoneOffset | null {
  if (typeof value === 'number') return OFFSET_BY_HOURS.get(value) ?? null;
  if (typeof value !== 'string' || !/^\s*[+-]?\d{1,2}(\.\d{1,2})?\s*$/.test(value)) return null;
  return OFFSET_BY_HOURS.get(Number(value)) ?? null;
}

/** "UTC+05:45", "UTC−03:30", "UTC" for an offset in decimal hours. */
export function timezoneOffsetLabel(offset: TimezoneOffset | number): string {
  const hours = Number(offset);
  if (hours === 0) return 'UTC';
  const minutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${hours < 0 ? '−' : '+'}${hh}:${mm}`;
}

/**
 * ISO 3166-1 alpha-2 codes of the country select (spec §9: about 240, Czech Republic and
 * Slovakia first). Only codes travel and are stored; names come from the browser's
 * `Intl.DisplayNames` in the reader's language, so the list needs no translation of its own.
 */
export const COUNTRY_CODES = [
  'CZ', 'SK',
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW',
  'CX', 'CY',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT',
  'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS',
  'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST',
  'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const; // prettier-ignore
export type CountryCode = (typeof COUNTRY_CODES)[number];
const COUNTRIES = new Set<string>(COUNTRY_CODES);

/**
 * A line of an address or a name: trimmed, at most `max` characters, no control characters (no
 * line breaks either: each field is one line on an invoice). Empty clears the field.
 */
export const profileLine = (max: number, what = 'This field') =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, { error: `${what} may have at most ${max} characters.` })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: `${what} cannot contain control characters.` });

/** Letters, digits, spaces and hyphens ("SW1A 1AA", "110 00", "75008", "H3Z-2Y7"). */
export const postalCode = profileLine(16, 'A postal code').refine(
  (v) => v === '' || /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(v),
  {
    error: 'A postal code has letters, digits, spaces and hyphens only.',
  },
);

/**
 * A phone number as people write it: an optional leading +, then digits with spaces, hyphens,
 * dots or parentheses between them; 5 to 17 digits (E.164 allows 15, plus room for a prefix).
 */
export const phoneNumber = profileLine(32, 'A phone number').refine(
  (v) => {
    if (v === '') return true;
    if (!/^\+?[\d ().-]+$/.test(v) || !/\d$|\)$/.test(v)) return false;
    const digits = v.replace(/\D/g, '').length;
    return digits >= 5 && digits <= 17;
  },
  { error: 'Enter a phone number: digits, optionally starting with + (like +420 601 123 456).' },
);

/** An ISO 3166-1 alpha-2 code of the list, any letter case; empty clears it. */
export const countryCode = z
  .string({ error: 'Choose a country from the list.' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || COUNTRIES.has(v), { error: 'Choose a country from the list.' });

/** One of the 32 offsets, as its list value (numbers and other spellings are normalised); empty clears it. */
export const timezoneOffset = z
  .union([z.string(), z.number()], { error: 'Choose a time zone from the list.' })
  .transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') return '';
    const offset = timezoneOffsetOf(v);
    if (offset) return offset;
    ctx.addIssue({ code: 'custom', message: 'Choose a time zone from the list (UTC−12:00 to UTC+12:00).' });
    return z.NEVER;
  });

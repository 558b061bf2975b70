import { currencyDigits, type MeterTier } from '@filestore/contract';

/*
 * The forms' money: people type major units ("9.99"), the API takes integer minor units (999).
 * Parsing is done on the string, not by multiplying floats, so 0.29 is 29 and never 28.
 */

/** "9.99" in USD → 999; null when it is not an amount with at most the currency's digits. */
export function majorToMinor(input: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const text = input.trim().replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 999 in USD → "9.99" (for an input's value; no grouping, no symbol). */
export function minorToMajor(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = String(abs % 10 ** digits).padStart(digits, '0');
  return `${sign}${whole}.${fraction}`;
}

/** A tier as the form edits it: text in every box. */
export interface TierDraft {
  first_unit: string;
  last_unit: string;
  per_unit: string;
  flat_fee: string;
}

export const emptyTier = (first = 1): TierDraft => ({
  first_unit: String(first),
  last_unit: '',
  per_unit: '',
  flat_fee: '',
});

/** Why a tier list cannot be saved (a catalogue key per tier and box), or its API form. */
export type TierErrors = Partial<Record<keyof TierDraft, string>>[];

/**
 * Checks the tiers in order: whole units from 1, each tier starting right after the previous one ends,
 * only the last one without an end, a price per unit in minor units with up to four decimals
 * (typed in major units: 0.029 $ per GB), and a flat fee in the currency's digits.
 */
export function validateTiers(
  drafts: readonly TierDraft[],
  currency: string,
): { tiers: MeterTier[] | null; errors: TierErrors } {
  const errors: TierErrors = drafts.map(() => ({}));
  const tiers: MeterTier[] = [];
  const digits = currencyDigits(currency);
  drafts.forEach((d, i) => {
    const e = errors[i]!;
    const first = /^\d+$/.test(d.first_unit.trim()) ? Number(d.first_unit) : null;
    const lastText = d.last_unit.trim();
    const last = lastText === '' ? null : /^\d+$/.test(lastText) ? Number(lastText) : NaN;
    if (first === null) e.first_unit = 'billing.tiers.error_units';
    else if (first < 1) e.first_unit = 'billing.tiers.error_first_unit';
    if (Number.isNaN(last)) e.last_unit = 'billing.tiers.error_units';
    else if (last === null && i < drafts.length - 1) e.last_unit = 'billing.tiers.error_last_open';
    else if (first !== null && last !== null && last < first) e.last_unit = 'billing.tiers.error_order';
    const previous = tiers[i - 1];
    if (first !== null && previous && previous.last_unit !== null && first !== previous.last_unit + 1) {
      e.first_unit = 'billing.tiers.error_gap';
    }
    // Per unit: major units with up to digits + 4 decimals → minor units with up to 4 decimals.
    const perText = d.per_unit.trim().replace(',', '.');
    const perMatch = /^(\d{1,9})(?:\.(\d*))?$/.exec(perText === '' ? '0' : perText);
    let perUnit = 0;
    if (!perMatch || (perMatch[2] ?? '').length > digits + 4) e.per_unit = 'billing.tiers.error_price';
    else {
      const fraction = (perMatch[2] ?? '').padEnd(digits + 4, '0');
      const scaled = Number(perMatch[1]) * 10 ** (digits + 4) + Number(fraction || '0');
      perUnit = scaled / 10_000;
    }
    const flatText = d.flat_fee.trim();
    const flat = flatText === '' ? null : majorToMinor(flatText, currency);
    if (flatText !== '' && flat === null) e.flat_fee = 'billing.tiers.error_price';
    if (Object.keys(e).length === 0) {
      tiers.push({ first_unit: first!, last_unit: last, per_unit: perUnit, flat_fee: flat });
    } else {
      tiers.push({ first_unit: first ?? 0, last_unit: Number.isNaN(last) ? null : last, per_unit: 0, flat_fee: null });
    }
  });
  if (drafts.length === 0) return { tiers: null, errors };
  const ok = errors.every((e) => Object.keys(e).length === 0);
  return { tiers: ok ? tiers : null, errors };
}

import { describe, expect, it } from 'vitest';
import { majorToMinor, minorToMajor, validateTiers } from './money';

describe('major and minor units', () => {
  it('parses typed amounts without float errors, in the currency’s digits', () => {
    expect(majorToMinor('9.99', 'USD')).toBe(999);
    expect(majorToMinor('0.29', 'USD')).toBe(29);
    expect(majorToMinor('12', 'EUR')).toBe(1200);
    expect(majorToMinor('12,5', 'EUR')).toBe(1250);
    expect(majorToMinor('500', 'JPY')).toBe(500);
    expect(majorToMinor('5.5', 'JPY')).toBeNull();
    expect(majorToMinor('1.234', 'USD')).toBeNull();
    expect(majorToMinor('-1', 'USD')).toBeNull();
    expect(majorToMinor('abc', 'USD')).toBeNull();
  });
  it('shows minor units as an input’s value', () => {
    expect(minorToMajor(999, 'USD')).toBe('9.99');
    expect(minorToMajor(5, 'EUR')).toBe('0.05');
    expect(minorToMajor(500, 'JPY')).toBe('500');
  });
});

describe('tier validation', () => {
  const tier = (first_unit: string, last_unit: string, per_unit = '0.01', flat_fee = '') => ({
    first_unit,
    last_unit,
    per_unit,
    flat_fee,
  });
  it('turns valid tiers into the API’s minor units, fractions of a cent kept', () => {
    const { tiers } = validateTiers([tier('1', '10', '0.029'), tier('11', '', '0.015', '1.00')], 'USD');
    expect(tiers).toEqual([
      { first_unit: 1, last_unit: 10, per_unit: 2.9, flat_fee: null },
      { first_unit: 11, last_unit: null, per_unit: 1.5, flat_fee: 100 },
    ]);
  });
  it('refuses a gap, an open tier before the last, an end before the start and bad prices', () => {
    expect(validateTiers([tier('1', '10'), tier('12', '')], 'USD').errors[1]).toEqual({
      first_unit: 'billing.tiers.error_gap',
    });
    expect(validateTiers([tier('1', ''), tier('11', '')], 'USD').errors[0]).toEqual({
      last_unit: 'billing.tiers.error_last_open',
    });
    expect(validateTiers([tier('5', '2')], 'USD').errors[0]).toEqual({ last_unit: 'billing.tiers.error_order' });
    // Units are counted from 1: a tier from 0 would bill a unit nobody used.
    const zero = validateTiers([tier('0', '')], 'USD');
    expect(zero.tiers).toBeNull();
    expect(zero.errors[0]).toEqual({ first_unit: 'billing.tiers.error_first_unit' });
    const bad = validateTiers([tier('1', '', 'x', '1.001')], 'USD');
    expect(bad.tiers).toBeNull();
    expect(bad.errors[0]).toEqual({ per_unit: 'billing.tiers.error_price', flat_fee: 'billing.tiers.error_price' });
    expect(validateTiers([], 'USD').tiers).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../settings/index.js';
import { restrictionsFor, storageCapacity } from './entitlements.js';

const GB = 1_000_000_000;
const settings = (over: Partial<Settings>): Settings => ({
  ...defaultSettings(),
  default_max_storage_amount: 5,
  ...over,
});
const full = { storageCapacity: null, storageUsed: 6 * GB };

/** Which subscription type limits storage (reference §15.1), and what metered billing stops. */
describe('entitlements', () => {
  it('limits storage under fixed plans even with the setting off, never under metered billing', () => {
    expect(storageCapacity(full, settings({ subscription_type: 'fixed', storage_limitation: false }))).toBe(5 * GB);
    expect(storageCapacity(full, settings({ subscription_type: 'metered', storage_limitation: true }))).toBeNull();
    expect(storageCapacity(full, settings({ subscription_type: 'none', storage_limitation: false }))).toBeNull();
    expect(storageCapacity(full, settings({ subscription_type: 'none', storage_limitation: true }))).toBe(5 * GB);
  });

  it('lets a metered user past the default capacity upload until billing restricts them', () => {
    const metered = settings({ subscription_type: 'metered', storage_limitation: true });
    expect(restrictionsFor(full, metered)).toMatchObject({ canUpload: true, canVisitShared: true, reason: null });
    const unpaid = restrictionsFor({ ...full, billingRestriction: 'failed_payments' }, metered);
    expect(unpaid).toMatchObject({
      canUpload: false,
      canDownload: false,
      canCreateFolder: false,
      canCreateTeamFolder: false,
      canVisitShared: false,
      reason: 'Please update your credit card to pay your usage.',
      reasonCode: 'failed_payments',
    });
  });

  it('ignores a billing restriction outside metered billing', () => {
    const fixed = settings({ subscription_type: 'fixed' });
    expect(
      restrictionsFor({ storageCapacity: null, storageUsed: 0, billingRestriction: 'failed_payments' }, fixed),
    ).toMatchObject({ canUpload: true, canDownload: true, reasonCode: null });
  });
});

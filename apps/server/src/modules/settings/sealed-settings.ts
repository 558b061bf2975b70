import { open, seal } from '../../lib/secret-box.js';
import type { SealedSettingName, Settings } from './settings.registry.js';

const PURPOSE = 'setting';

/**
 * A secret setting as stored: sealed under the app key, bound to its name, so a value copied to
 * another setting does not open. An empty text or null clears it.
 */
export function sealSetting(settings: Settings, name: SealedSettingName, plaintext: string | null): string | null {
  if (plaintext === null || plaintext === '') return null;
  // Sealed under an empty key, it would not open once the app key is made.
  if (!settings.app_key) throw new Error('the app key must exist before a secret setting is sealed');
  return seal(settings.app_key, PURPOSE, plaintext, name);
}

/** The plaintext of a secret setting, or null when it is not set (or no longer opens: the app key changed). */
export function openSealedSetting(settings: Settings, name: SealedSettingName): string | null {
  const sealed = settings[name];
  if (!sealed) return null;
  return open(settings.app_key, PURPOSE, sealed, name);
}

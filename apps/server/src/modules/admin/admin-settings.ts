import { AppError, validationFailed } from '../../lib/errors.js';
import { isSettingName, settingsRegistry, type SettingName, type Settings } from '../settings/index.js';

/** Written by the product itself, never through the admin API. */
const INTERNAL: readonly SettingName[] = ['setup_wizard_success', 'app_key'];

const isEditable = (name: string): name is SettingName =>
  isSettingName(name) && !INTERNAL.includes(name) && !('secret' in settingsRegistry[name]);

/** Forms send text; "64" and "true" mean the number and the boolean when the setting wants those. */
function coerce(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

export function parseSettingUpdate(name: string, value: unknown): Partial<Settings> {
  if (!isEditable(name)) throw new AppError(422, 'settings.unknown_key', `There is no setting called “${name}”.`);
  const schema = settingsRegistry[name].schema;
  const parsed = schema.safeParse(value);
  const result = parsed.success ? parsed : schema.safeParse(coerce(value));
  if (!result.success) {
    throw validationFailed({ value: result.error.issues.map((i) => i.message) });
  }
  return { [name]: result.data };
}

export function publicSettings(settings: Settings): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([name]) => isEditable(name)));
}

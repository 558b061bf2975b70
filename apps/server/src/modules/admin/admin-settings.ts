import { z } from 'zod';
import { AppError, validationFailed } from '../../lib/errors.js';
import {
  isImageSetting,
  isSealedSetting,
  isSettingName,
  sealSetting,
  settingsRegistry,
  type SettingName,
  type Settings,
} from '../settings/index.js';

/** Written by the product itself, never through the admin API. */
const INTERNAL: readonly SettingName[] = ['setup_wizard_success', 'app_key'];

/**
 * The payment providers' keys: written only through `PUT /api/admin/payments/{driver}`, which tests
 * them with a real call first (ADR 0047), and shown by `GET /api/admin/payments`.
 */
const GATEWAY_KEYS: readonly SettingName[] = [
  'stripe_public_key',
  'stripe_secret_key',
  'stripe_webhook_secret',
  'paypal_client_id',
  'paypal_client_secret',
  'paypal_webhook_id',
  'paypal_live',
  'paystack_public_key',
  'paystack_secret_key',
];

const isEditable = (name: string): name is SettingName =>
  isSettingName(name) &&
  !INTERNAL.includes(name) &&
  !GATEWAY_KEYS.includes(name) &&
  !('secret' in settingsRegistry[name]);

/** What forms and scripts send for a yes/no setting: the reference stores "1" and "0". */
const BOOLEAN_FORMS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
  [1, true],
  [0, false],
]);

/** Forms send text: "64" means the number, and "1" or "true" the boolean, when the setting wants those. */
function coerce(schema: z.ZodType, value: unknown): unknown {
  if (schema instanceof z.ZodBoolean) return BOOLEAN_FORMS.get(value) ?? value;
  if (schema instanceof z.ZodNumber && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  // An emptied optional field (a contact address, an analytics id) clears the setting.
  if (value === '' && schema.safeParse(null).success) return null;
  return value;
}

/** `current` gives the app key a secret setting is sealed under. */
export function parseSettingUpdate(name: string, value: unknown, current: Settings): Partial<Settings> {
  if (!isEditable(name)) {
    throw new AppError(422, 'settings.unknown_key', `There is no setting called “${name}”.`, undefined, {
      name: [`There is no setting called “${name}”.`],
    });
  }
  if (isImageSetting(name)) {
    throw validationFailed({
      [name]: [`An image is uploaded (POST /api/admin/settings/images/${name}) or removed (DELETE), not written.`],
    });
  }
  if (isSealedSetting(name)) {
    if (value !== null && (typeof value !== 'string' || value.length > 2_000)) {
      throw validationFailed({ [name]: ['A secret is a text of at most 2,000 characters, or null to clear it.'] });
    }
    return { [name]: sealSetting(current, name, value) };
  }
  const schema: z.ZodType = settingsRegistry[name].schema;
  const result = schema.safeParse(coerce(schema, value));
  if (!result.success) {
    // Named twice: `value` for the one-field forms, and the setting's own name for a form of many.
    const messages = result.error.issues.map((i) => i.message);
    throw validationFailed({ value: messages, [name]: messages }, `The setting “${name}” is not valid.`);
  }
  return { [name]: result.data };
}

/** What the admin API shows: every editable setting, a secret one only as whether it is set (true/false). */
export function publicSettings(settings: Settings): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([name]) => isEditable(name))
      .map(([name, value]) => [name, isSealedSetting(name) ? value !== null : value]),
  );
}

export { readSettings, writeSettings, ensureSetting } from './settings.repository.js';
export {
  settingsRegistry,
  defaultSettings,
  isSettingName,
  isSealedSetting,
  isImageSetting,
  imageSettingNames,
  type ImageSettingName,
  type SealedSettingName,
  type Settings,
  type SettingName,
} from './settings.registry.js';
export { sealSetting, openSealedSetting } from './sealed-settings.js';
export { appUrlSetting } from './setting-types.js';

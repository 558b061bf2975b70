export { readSettings, writeSettings, ensureSetting } from './settings.repository.js';
export {
  settingsRegistry,
  defaultSettings,
  isSettingName,
  type Settings,
  type SettingName,
} from './settings.registry.js';

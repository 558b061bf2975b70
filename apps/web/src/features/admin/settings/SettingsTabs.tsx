import { useTranslation } from '../../../lib/i18n';
import { TabStrip } from '../TabStrip';

/** The settings tabs of spec §2, in the reference's order. */
const TABS = [
  ['/admin/settings/appearance', 'admin.titles.settings_appearance'],
  ['/admin/settings/index', 'admin.titles.settings_index'],
  ['/admin/settings/environment', 'admin.titles.settings_environment'],
  ['/admin/settings/others', 'admin.titles.settings_others'],
  ['/admin/settings/sign-in', 'admin.titles.settings_sign_in'],
  ['/admin/settings/adsense', 'admin.titles.settings_adsense'],
  ['/admin/settings/server', 'admin.titles.settings_server'],
] as const;

/** The strip above every settings tab. */
export function SettingsTabs() {
  const { t } = useTranslation();
  return <TabStrip label={t('admin.settings.tabs')} tabs={TABS} />;
}

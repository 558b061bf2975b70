import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { AdminPage } from '../AdminPage';
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

/** Every settings tab: the admin page layout with the settings' title and the strip of tabs. */
export function SettingsPage({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t('admin.nav.settings')}
      description={t('admin.settings.description')}
      actions={actions}
      tabs={<TabStrip label={t('admin.settings.tabs')} tabs={TABS} />}
    >
      {children}
    </AdminPage>
  );
}

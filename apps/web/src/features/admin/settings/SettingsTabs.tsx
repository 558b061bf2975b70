import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { NavLink } from '../../../app/routing';
import { cn } from '../../../ui/cn';

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

/** The strip above every settings tab: scrolls sideways on a phone, the current tab marked. */
export function SettingsTabs() {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the current tab may be past the edge: bring it into the strip's view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav ref={nav} aria-label={t('admin.settings.tabs')} className="-mx-1 mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-neutral-200 px-1 dark:border-neutral-800">
        {TABS.map(([to, key]) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  '-mb-px flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'border-accent-strong text-accent-strong dark:border-accent dark:text-accent'
                    : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
                )
              }
            >
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

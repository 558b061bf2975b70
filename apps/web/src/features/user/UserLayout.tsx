import { useTranslation } from '../../lib/i18n';
import { NavLink, Outlet } from '../../app/routing';
import { Avatar } from '../../ui/Avatar';
import { cn } from '../../ui/cn';
import { useUser } from './user.api';

const tabs = [
  { to: '/user/profile', key: 'user.tabs.profile' },
  { to: '/user/settings/password', key: 'user.tabs.password' },
  { to: '/user/settings/storage', key: 'user.tabs.storage' },
  { to: '/user/settings/tokens', key: 'user.tabs.tokens' },
  { to: '/user/settings/billing', key: 'user.tabs.billing' },
] as const;

export function UserLayout() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
      {user && (
        <div className="mb-6 flex items-center gap-4">
          <Avatar
            name={user.attributes.name}
            email={user.attributes.email}
            color={user.attributes.color}
            avatar={user.attributes.avatar}
            size={56}
          />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-neutral-900 dark:text-white">{user.attributes.name}</p>
            <p className="truncate text-sm text-neutral-500 dark:text-neutral-400">{user.attributes.email}</p>
          </div>
        </div>
      )}
      <nav
        aria-label={t('user.tabs.label')}
        className="-mx-4 mb-6 overflow-x-auto border-b border-neutral-200 px-4 sm:mx-0 sm:px-0 dark:border-neutral-800"
      >
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
                    isActive
                      ? 'border-accent text-accent-strong dark:text-accent'
                      : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
                  )
                }
              >
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

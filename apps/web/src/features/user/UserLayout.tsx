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
      {/* On a phone the tabs wrap onto a second line as pills, so every one (Billing last) is in sight (issue 41). */}
      <nav
        aria-label={t('user.tabs.label')}
        className="mb-6 sm:border-b sm:border-neutral-200 sm:dark:border-neutral-800"
      >
        <ul className="flex flex-wrap gap-1.5 sm:flex-nowrap sm:gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center px-3 text-sm font-semibold whitespace-nowrap',
                    'max-sm:rounded-full max-sm:ring-1 sm:-mb-px sm:border-b-2',
                    isActive
                      ? 'text-accent-strong max-sm:bg-accent/10 max-sm:ring-accent/40 sm:border-accent dark:text-accent'
                      : 'text-neutral-600 hover:text-neutral-900 max-sm:ring-neutral-200 sm:border-transparent dark:text-neutral-400 dark:hover:text-white max-sm:dark:ring-neutral-800',
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

import {
  CreditCard,
  FileText,
  Languages,
  LayoutDashboard,
  Package,
  Receipt,
  Repeat,
  Settings,
  Users,
} from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { NavLink, Outlet } from '../../app/routing';
import { cn } from '../../ui/cn';
import { SoonBadge } from '../../ui/ComingSoon';

/** `soon`: the section is not built yet; its pages say what it will do. */
export const adminSections = [
  { to: '/admin/dashboard', key: 'admin.nav.dashboard', icon: LayoutDashboard, soon: null },
  { to: '/admin/users', key: 'admin.nav.users', icon: Users, soon: null, also: ['/admin/user/'] },
  { to: '/admin/plans', key: 'admin.nav.plans', icon: Package, soon: null, also: ['/admin/plan/'] },
  { to: '/admin/subscriptions', key: 'admin.nav.subscriptions', icon: Repeat, soon: null },
  { to: '/admin/invoices', key: 'admin.nav.transactions', icon: Receipt, soon: null },
  { to: '/admin/payments', key: 'admin.nav.payments', icon: CreditCard, soon: null },
  { to: '/admin/pages', key: 'admin.nav.pages', icon: FileText, soon: null, also: ['/admin/page/'] },
  { to: '/admin/settings', key: 'admin.nav.settings', icon: Settings, soon: null },
  { to: '/admin/language', key: 'admin.nav.language', icon: Languages, soon: null },
] as const;

type AdminSection = (typeof adminSections)[number];

/** The section a path belongs to (/admin/user/… is Users, /admin/plan/… is Plans). */
export function sectionOf(pathname: string): AdminSection | undefined {
  return adminSections.find(
    (s) =>
      pathname === s.to ||
      pathname.startsWith(`${s.to}/`) ||
      ('also' in s && s.also.some((prefix) => pathname.startsWith(prefix))),
  );
}

/** The admin content sidebar (a scrolling tab strip on phones) next to the section's page. */
export function AdminLayout() {
  const { t } = useTranslation();
  // No min-h-0: as tall as the page's content, so the sidebar's border runs to the end when it scrolls.
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      <nav
        aria-label={t('admin.nav.label')}
        className="shrink-0 border-b border-neutral-200 md:w-56 md:border-r md:border-b-0 dark:border-neutral-800"
      >
        <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:px-3 md:py-4">
          {adminSections.map(({ to, key, icon: Icon, soon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium whitespace-nowrap',
                    isActive
                      ? 'bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent'
                      : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
                  )
                }
              >
                <Icon className="size-4.5 shrink-0" aria-hidden />
                {t(key)}
                {soon && (
                  <SoonBadge size="sm" className="ml-auto">
                    {t('soon.short')}
                  </SoonBadge>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1 px-4 py-6 sm:px-8">
        <Outlet />
      </div>
    </div>
  );
}

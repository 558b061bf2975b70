import { FileText, Languages, LayoutDashboard, Package, Receipt, Repeat, Settings, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Navigate, type RouteHandle, type RouteObject } from '../routing';
import { RequireAdmin } from '../guards';
import { lazyPage } from './lazy';

const admin = () => import('../../features/admin/pages');

type AdminPages = Awaited<ReturnType<typeof admin>>;
const userTab = (path: string, title: string, pick: (m: AdminPages) => ComponentType): RouteObject => ({
  path,
  lazy: lazyPage(admin, pick),
  handle: { title, icon: Users } satisfies RouteHandle,
});

const screen = (
  path: string,
  title: string,
  icon: RouteHandle['icon'],
  pick: (m: AdminPages) => ComponentType,
): RouteObject => ({ path, lazy: lazyPage(admin, pick), handle: { title, icon } satisfies RouteHandle });

const planPages = (kind: 'fixed' | 'metered'): RouteObject[] => [
  { path: `plan/:id/${kind}`, element: <Navigate to="subscribers" replace /> },
  screen(`plan/:id/${kind}/subscribers`, 'admin.titles.plan_subscribers', Package, (m) => m.PlanSubscribersPage),
  screen(`plan/:id/${kind}/settings`, 'admin.titles.plan_settings', Package, (m) => m.PlanSettingsPage),
  screen(`plan/:id/${kind}/delete`, 'admin.titles.plan_delete', Package, (m) => m.PlanDeletePage),
];

/** Spec §2 admin area: every path exists and is guarded; pages of later issues are placeholders. */
export const adminRoute: RouteObject = {
  path: '/admin',
  handle: {
    auth: true,
    admin: true,
    section: 'Admin',
    title: 'admin.nav.dashboard',
    icon: Settings,
  } satisfies RouteHandle,
  element: <RequireAdmin />,
  children: [
    {
      lazy: lazyPage(admin, (m) => m.AdminLayout),
      children: [
        { index: true, element: <Navigate to="/admin/dashboard" replace /> },
        {
          path: 'dashboard',
          lazy: lazyPage(admin, (m) => m.DashboardPage),
          handle: { title: 'admin.nav.dashboard', icon: LayoutDashboard } satisfies RouteHandle,
        },
        screen('invoices', 'admin.titles.transactions', Receipt, (m) => m.TransactionsPage),
        screen('subscriptions', 'admin.nav.subscriptions', Repeat, (m) => m.SubscriptionsPage),
        {
          path: 'pages',
          lazy: lazyPage(admin, (m) => m.PagesListPage),
          handle: { title: 'admin.nav.pages', icon: FileText } satisfies RouteHandle,
        },
        ...['page/:slug', 'pages/:slug'].map((path) => ({
          path,
          lazy: lazyPage(admin, (m) => m.PageEditorPage),
          handle: { title: 'admin.titles.edit_page', icon: FileText } satisfies RouteHandle,
        })),
        screen('plans', 'admin.nav.plans', Package, (m) => m.PlansPage),
        screen('plan/create/fixed', 'admin.titles.create_fixed_plan', Package, (m) => m.CreateFixedPlanPage),
        screen('plan/create/metered', 'admin.titles.create_metered_plan', Package, (m) => m.CreateMeteredPlanPage),
        ...planPages('fixed'),
        ...planPages('metered'),
        {
          path: 'users',
          lazy: lazyPage(admin, (m) => m.UsersPage),
          handle: { title: 'admin.nav.users', icon: Users } satisfies RouteHandle,
        },
        {
          path: 'user/create',
          lazy: lazyPage(admin, (m) => m.CreateUserPage),
          handle: { title: 'admin.titles.create_user', icon: Users } satisfies RouteHandle,
        },
        {
          path: 'user/:id',
          lazy: lazyPage(admin, (m) => m.UserLayout),
          children: [
            { index: true, element: <Navigate to="details" replace /> },
            userTab('details', 'admin.titles.user_details', (m) => m.UserDetailsTab),
            userTab('storage', 'admin.titles.user_storage', (m) => m.UserStorageTab),
            userTab('subscription', 'admin.titles.user_subscription', (m) => m.UserSubscriptionTab),
            userTab('password', 'admin.titles.user_password', (m) => m.UserPasswordTab),
            userTab('delete', 'admin.titles.user_delete', (m) => m.UserDeleteTab),
          ],
        },
        { path: 'payments', element: <Navigate to="/admin/payments/billings" replace /> },
        {
          path: 'payments/billings',
          lazy: lazyPage(admin, (m) => m.BillingsPage),
          // The section's name in the header; the tab below names the page (the seller's details).
          handle: { title: 'admin.titles.payments', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'payments/payments',
          lazy: lazyPage(admin, (m) => m.PaymentsPage),
          handle: { title: 'admin.titles.payments', icon: Settings } satisfies RouteHandle,
        },
        { path: 'settings', element: <Navigate to="/admin/settings/appearance" replace /> },
        {
          path: 'settings/appearance',
          lazy: lazyPage(admin, (m) => m.AppearancePage),
          handle: { title: 'admin.titles.settings_appearance', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'settings/index',
          lazy: lazyPage(admin, (m) => m.HomepageSettingsPage),
          handle: { title: 'admin.titles.settings_index', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'settings/environment',
          lazy: lazyPage(admin, (m) => m.EnvironmentPage),
          handle: { title: 'admin.titles.settings_environment', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'settings/others',
          lazy: lazyPage(admin, (m) => m.OthersPage),
          handle: { title: 'admin.titles.settings_others', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'settings/sign-in',
          lazy: lazyPage(admin, (m) => m.SignInSettingsPage),
          handle: { title: 'admin.titles.settings_sign_in', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'settings/adsense',
          lazy: lazyPage(admin, (m) => m.AdsSettingsPage),
          handle: { title: 'admin.titles.settings_adsense', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'settings/server',
          lazy: lazyPage(admin, (m) => m.ServerStatusPage),
          handle: { title: 'admin.titles.settings_server', icon: Settings } satisfies RouteHandle,
        },
        {
          path: 'language',
          lazy: lazyPage(admin, (m) => m.LanguagesPage),
          handle: { title: 'admin.nav.language', icon: Languages } satisfies RouteHandle,
        },
      ],
    },
  ],
};

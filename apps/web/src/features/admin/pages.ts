/** The admin area's chunk: loaded on the first visit to /admin. */
export { AdminLayout } from './AdminLayout';
export { AdminPlaceholder } from './AdminPlaceholder';
export { DashboardPage } from './DashboardPage';
export { EnvironmentPage } from './EnvironmentPage';
export { ServerStatusPage } from './ServerStatusPage';
export { SignInSettingsPage } from './settings/SignInSettingsPage';
export { UsersPage } from './users/UsersPage';
export { CreateUserPage } from './users/CreateUserPage';
export { UserLayout } from './users/UserLayout';
export { UserDeleteTab, UserDetailsTab, UserPasswordTab, UserStorageTab, UserSubscriptionTab } from './users/UserTabs';

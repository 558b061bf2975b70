/** The admin area's chunk: loaded on the first visit to /admin. */
export { AdminLayout } from './AdminLayout';
export { AdminPlaceholder } from './AdminPlaceholder';
export { DashboardPage } from './DashboardPage';
export { EnvironmentPage } from './EnvironmentPage';
export { SignInSettingsPage } from './settings/SignInSettingsPage';

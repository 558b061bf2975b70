/** The admin area's chunk: loaded on the first visit to /admin. */
export { AdminLayout } from './AdminLayout';
export { AdminPlaceholder } from './AdminPlaceholder';
export { DashboardPage } from './DashboardPage';
export { EnvironmentPage } from './EnvironmentPage';
export { ServerStatusPage } from './ServerStatusPage';
export { SignInSettingsPage } from './settings/SignInSettingsPage';
export { AppearancePage } from './settings/AppearancePage';
export { OthersPage } from './settings/OthersPage';
export { UsersPage } from './users/UsersPage';
export { CreateUserPage } from './users/CreateUserPage';
export { UserLayout } from './users/UserLayout';
export { UserDeleteTab, UserDetailsTab, UserPasswordTab, UserStorageTab, UserSubscriptionTab } from './users/UserTabs';
export { LanguagesPage } from './languages/LanguagesPage';
export { PagesListPage } from './site/PagesListPage';
export { PageEditorPage } from './site/PageEditorPage';
export { HomepageSettingsPage } from './site/HomepageSettingsPage';
export { AdsSettingsPage } from './site/AdsSettingsPage';

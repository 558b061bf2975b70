/** The account area's chunk: loaded on the first visit to /user. */
export { UserLayout } from './UserLayout';
export { ProfilePage } from './ProfilePage';
export { PasswordSettingsPage } from './PasswordPage';
export { BillingPage } from '../billing/BillingPage';
export { StorageSettingsPage } from './StoragePage';
export { TokensSettingsPage } from './TokensPage';

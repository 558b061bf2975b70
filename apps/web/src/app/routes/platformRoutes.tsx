import { Clock, FolderOpen, Home, Link2, Trash2, User, UserCheck, Users } from 'lucide-react';
import { Navigate, type RouteHandle, type RouteObject } from '../routing';
import { lazyPage } from './lazy';

const account = () => import('../../features/user/pages');
const shell = () => import('../layout/shell');
const sharedItems = () => import('../../features/sharing/owner/MySharedItemsPage');

const signedIn = (section: RouteHandle['section'], title: string, icon: RouteHandle['icon']): RouteHandle => ({
  auth: true,
  section,
  title,
  icon,
});

/** /platform: the parent has no sign-in flag, its children do (spec §2). */
export const platformRoute: RouteObject = {
  path: '/platform',
  handle: { section: 'Platform' } satisfies RouteHandle,
  children: [
    { index: true, element: <Navigate to="/platform/files" replace /> },
    { path: 'files', lazy: lazyPage(shell, (m) => m.FilesPage), handle: signedIn('Platform', 'screen.home', Home) },
    {
      path: 'files/:id',
      lazy: lazyPage(shell, (m) => m.FilesPage),
      handle: signedIn('Platform', 'screen.files', FolderOpen),
    },
    {
      path: 'recent-uploads',
      lazy: lazyPage(shell, (m) => m.RecentUploadsPage),
      handle: signedIn('Platform', 'screen.latest', Clock),
    },
    {
      path: 'my-shared-items',
      lazy: lazyPage(sharedItems, (m) => m.MySharedItemsPage),
      handle: signedIn('Platform', 'screen.publicly_shared', Link2),
    },
    {
      path: 'trash/:id?',
      lazy: lazyPage(shell, (m) => m.TrashPage),
      handle: signedIn('Platform', 'screen.trash', Trash2),
    },
    {
      path: 'team-folders/:id?',
      lazy: lazyPage(shell, (m) => m.TeamFoldersPage),
      handle: signedIn('Platform', 'screen.team_folders', Users),
    },
    {
      path: 'shared-with-me/:id?',
      lazy: lazyPage(shell, (m) => m.SharedWithMePage),
      handle: signedIn('Platform', 'screen.shared_with_me', UserCheck),
    },
  ],
};

export const userRoute: RouteObject = {
  path: '/user',
  handle: signedIn('User', 'screen.account', User),
  lazy: lazyPage(account, (m) => m.UserLayout),
  children: [
    { index: true, element: <Navigate to="/user/profile" replace /> },
    { path: 'profile', lazy: lazyPage(account, (m) => m.ProfilePage) },
    { path: 'settings', element: <Navigate to="/user/settings/password" replace /> },
    { path: 'settings/password', lazy: lazyPage(account, (m) => m.PasswordSettingsPage) },
    { path: 'settings/storage', lazy: lazyPage(account, (m) => m.StorageSettingsPage) },
    { path: 'settings/tokens', lazy: lazyPage(account, (m) => m.TokensSettingsPage) },
    { path: 'settings/billing', lazy: lazyPage(account, (m) => m.BillingPage) },
  ],
};

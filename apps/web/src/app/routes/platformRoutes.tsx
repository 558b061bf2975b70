import { Clock, FolderOpen, Home, Link2, Trash2, User, UserCheck, Users } from 'lucide-react';
import { Navigate, type RouteObject } from 'react-router';
import { FilesPage, MySharedItemsPage, RecentUploadsPage } from '../../features/files/FilesPages';
import { SharedWithMePage, TeamFoldersPage } from '../../features/teams/TeamPages';
import { TrashPage } from '../../features/trash/TrashPage';
import { ProfilePage } from '../../features/user/ProfilePage';
import { BillingPage, PasswordSettingsPage, StorageSettingsPage } from '../../features/user/SettingsPages';
import { UserLayout } from '../../features/user/UserLayout';
import type { RouteHandle } from '../../lib/route-handle';

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
    { path: 'files', element: <FilesPage />, handle: signedIn('Platform', 'screen.home', Home) },
    { path: 'files/:id', element: <FilesPage />, handle: signedIn('Platform', 'screen.files', FolderOpen) },
    { path: 'recent-uploads', element: <RecentUploadsPage />, handle: signedIn('Platform', 'screen.latest', Clock) },
    {
      path: 'my-shared-items',
      element: <MySharedItemsPage />,
      handle: signedIn('Platform', 'screen.publicly_shared', Link2),
    },
    { path: 'trash/:id?', element: <TrashPage />, handle: signedIn('Platform', 'screen.trash', Trash2) },
    {
      path: 'team-folders/:id?',
      element: <TeamFoldersPage />,
      handle: signedIn('Platform', 'screen.team_folders', Users),
    },
    {
      path: 'shared-with-me/:id?',
      element: <SharedWithMePage />,
      handle: signedIn('Platform', 'screen.shared_with_me', UserCheck),
    },
  ],
};

export const userRoute: RouteObject = {
  path: '/user',
  handle: signedIn('User', 'screen.account', User),
  element: <UserLayout />,
  children: [
    { index: true, element: <Navigate to="/user/profile" replace /> },
    { path: 'profile', element: <ProfilePage /> },
    { path: 'settings', element: <Navigate to="/user/settings/password" replace /> },
    { path: 'settings/password', element: <PasswordSettingsPage /> },
    { path: 'settings/storage', element: <StorageSettingsPage /> },
    { path: 'settings/billing', element: <BillingPage /> },
  ],
};

import { Navigate, Outlet, type RouteObject } from 'react-router';
import { CreateNewPasswordPage } from '../../features/auth/CreateNewPasswordPage';
import { ForgottenPasswordPage } from '../../features/auth/ForgottenPasswordPage';
import { SuccessfullySentPage, SuccessfullyVerifiedPage } from '../../features/auth/ResultPages';
import { SignInPage } from '../../features/auth/SignInPage';
import { SignUpPage } from '../../features/auth/SignUpPage';
import { RequestUploadPage } from '../../features/file-requests/RequestUploadPage';
import { HomePage } from '../../features/pages/HomePage';
import { ContactUsPage, DemoPage, DynamicPage, TemporaryUnavailablePage } from '../../features/pages/InfoPages';
import { AdminSetupPage } from '../../features/setup/AdminSetupPage';
import { AppSetupPage } from '../../features/setup/AppSetupPage';
import { DatabasePage } from '../../features/setup/DatabasePage';
import { EnvironmentPage } from '../../features/setup/EnvironmentPage';
import { StatusCheckPage } from '../../features/setup/StatusCheckPage';
import { SharePage, ShareAuthenticatePage } from '../../features/sharing/SharePages';
import { TeamInvitationPage } from '../../features/teams/TeamPages';
import type { RouteHandle } from '../../lib/route-handle';
import { HomeGate } from '../guards';

const guest: RouteHandle = { guest: true };

export const publicRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <HomeGate>
        <HomePage />
      </HomeGate>
    ),
  },
  { path: '/page/:slug', element: <DynamicPage /> },
  { path: '/contact-us', element: <ContactUsPage /> },
  { path: '/demo', element: <DemoPage /> },
  { path: '/temporary-unavailable', element: <TemporaryUnavailablePage /> },
  { path: '/sign-in', element: <SignInPage />, handle: guest },
  { path: '/sign-up', element: <SignUpPage />, handle: guest },
  { path: '/forgotten-password', element: <ForgottenPasswordPage /> },
  { path: '/create-new-password', element: <CreateNewPasswordPage /> },
  { path: '/successfully-verified', element: <SuccessfullyVerifiedPage /> },
  { path: '/successfully-send', element: <SuccessfullySentPage /> },
  {
    path: '/request',
    element: <Outlet />,
    children: [
      { index: true, element: <RequestUploadPage /> },
      { path: ':token/upload/:id?', element: <RequestUploadPage /> },
    ],
  },
  {
    path: '/share/:token',
    children: [
      { index: true, element: <SharePage /> },
      { path: 'files/:id?', element: <SharePage /> },
      { path: 'file', element: <SharePage /> },
      { path: 'authenticate', element: <ShareAuthenticatePage /> },
    ],
  },
  { path: '/team-folder-invitation/:id', element: <TeamInvitationPage /> },
];

export const wizardRoutes: RouteObject[] = [
  { path: '/install', element: <Navigate to="/setup-wizard/status-check" replace /> },
  { path: '/setup-wizard', element: <Navigate to="/setup-wizard/status-check" replace /> },
  { path: '/setup-wizard/status-check', element: <StatusCheckPage /> },
  { path: '/setup-wizard/database', element: <DatabasePage /> },
  { path: '/setup-wizard/environment', element: <EnvironmentPage /> },
  { path: '/setup-wizard/app-setup', element: <AppSetupPage /> },
  { path: '/setup-wizard/admin-setup', element: <AdminSetupPage /> },
];

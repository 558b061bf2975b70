import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useParams, type RouteHandle, type RouteObject } from '../routing';
import { HomeGate } from '../guards';
import { ScreenLoading } from '../ScreenLoading';
import { lazyPage } from './lazy';

const guest: RouteHandle = { guest: true };

// Each area is a chunk of its own, so a first screen loads only its area (and the shared core).
const auth = () => import('../../features/auth/pages');
const info = () => import('../../features/pages/pages');
const visitor = () => import('../../features/sharing/pages');
const wizard = () => import('../../features/setup/pages');
// React.lazy rather than a lazy route: HomeGate usually redirects, and then the chunk isn't needed.
const HomePage = lazy(() => info().then((m) => ({ default: m.HomePage })));

/** /request/{token} (a link typed without its end) opens the upload page. */
function RequestTokenRedirect() {
  const { token = '' } = useParams();
  return <Navigate to={`/request/${encodeURIComponent(token)}/upload`} replace />;
}

export const publicRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <HomeGate>
        <Suspense fallback={<ScreenLoading />}>
          <HomePage />
        </Suspense>
      </HomeGate>
    ),
  },
  { path: '/page/:slug', lazy: lazyPage(info, (m) => m.DynamicPage) },
  { path: '/contact-us', lazy: lazyPage(info, (m) => m.ContactUsPage) },
  { path: '/demo', lazy: lazyPage(info, (m) => m.DemoPage) },
  { path: '/temporary-unavailable', lazy: lazyPage(info, (m) => m.TemporaryUnavailablePage) },
  { path: '/sign-in', lazy: lazyPage(auth, (m) => m.SignInPage), handle: guest },
  { path: '/sign-up', lazy: lazyPage(auth, (m) => m.SignUpPage), handle: guest },
  { path: '/forgotten-password', lazy: lazyPage(auth, (m) => m.ForgottenPasswordPage) },
  { path: '/create-new-password', lazy: lazyPage(auth, (m) => m.CreateNewPasswordPage) },
  { path: '/successfully-verified', lazy: lazyPage(auth, (m) => m.SuccessfullyVerifiedPage) },
  { path: '/successfully-send', lazy: lazyPage(auth, (m) => m.SuccessfullySentPage) },
  {
    path: '/request',
    element: <Outlet />,
    children: [
      { index: true, lazy: lazyPage(visitor, (m) => m.RequestUploadPage) },
      { path: ':token', element: <RequestTokenRedirect /> },
      { path: ':token/upload/:id?', lazy: lazyPage(visitor, (m) => m.RequestUploadPage) },
    ],
  },
  {
    path: '/share/:token',
    children: [
      { index: true, lazy: lazyPage(visitor, (m) => m.ShareEntryPage) },
      { path: 'files/:id?', lazy: lazyPage(visitor, (m) => m.ShareFolderPage) },
      { path: 'file', lazy: lazyPage(visitor, (m) => m.ShareFilePage) },
      { path: 'authenticate', lazy: lazyPage(visitor, (m) => m.ShareAuthenticatePage) },
    ],
  },
  { path: '/team-folder-invitation/:id', lazy: lazyPage(visitor, (m) => m.TeamInvitationPage) },
];

export const wizardRoutes: RouteObject[] = [
  { path: '/install', element: <Navigate to="/setup-wizard/status-check" replace /> },
  { path: '/setup-wizard', element: <Navigate to="/setup-wizard/status-check" replace /> },
  { path: '/setup-wizard/status-check', lazy: lazyPage(wizard, (m) => m.StatusCheckPage) },
  { path: '/setup-wizard/database', lazy: lazyPage(wizard, (m) => m.DatabasePage) },
  { path: '/setup-wizard/environment', lazy: lazyPage(wizard, (m) => m.EnvironmentPage) },
  { path: '/setup-wizard/app-setup', lazy: lazyPage(wizard, (m) => m.AppSetupPage) },
  { path: '/setup-wizard/admin-setup', lazy: lazyPage(wizard, (m) => m.AdminSetupPage) },
];

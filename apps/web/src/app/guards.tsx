import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRouteHandles, useSearchParams } from './routing';
import { useTranslation } from '../lib/i18n';
import { useConfig } from '../lib/config';
import { safeRedirect, signInPath } from '../lib/redirect';
import { useSession } from '../lib/session';
import { useUser } from '../features/user/user.api';
import { ForbiddenPage } from '../features/pages/ForbiddenPage';
import { PageSpinner } from '../ui/Spinner';

export const DEFAULT_AFTER_SIGN_IN = '/platform/files';

function isWizardPath(pathname: string): boolean {
  return pathname === '/install' || pathname.startsWith('/setup-wizard');
}

/**
 * Spec §2 route behaviour in one place: installation first, then sign-in flags.
 * Rendered at the root, so every navigation passes through it.
 */
export function RouteGuard() {
  const location = useLocation();
  const [search] = useSearchParams();
  const config = useConfig();
  const authenticated = useSession((s) => s.authenticated);
  const handles = useRouteHandles();
  const inWizard = isWizardPath(location.pathname);

  if (config.installation === 'installation-needed') {
    return inWizard ? <Outlet /> : <Navigate to="/setup-wizard/status-check" replace />;
  }
  if (inWizard) return <Navigate to="/" replace />;
  if (handles.some((h) => h.auth) && !authenticated) return <Navigate to={signInPath(location)} replace />;
  if (handles.some((h) => h.guest) && authenticated) {
    return <Navigate to={safeRedirect(search.get('redirect')) ?? DEFAULT_AFTER_SIGN_IN} replace />;
  }
  return <Outlet />;
}

/** `/`: the homepage when allowed, else sign-in (or the files of a signed-in user). */
export function HomeGate({ children }: { children: ReactNode }) {
  const config = useConfig();
  const authenticated = useSession((s) => s.authenticated);
  if (config.allowHomepage) return <>{children}</>;
  return <Navigate to={authenticated ? DEFAULT_AFTER_SIGN_IN : '/sign-in'} replace />;
}

/** Admin pages render only for admins; others get a clear 403 instead of the admin UI. */
export function RequireAdmin() {
  const { t } = useTranslation();
  const user = useUser();
  if (user.isPending) return <PageSpinner label={t('common.loading')} />;
  if (user.data?.attributes.role !== 'admin') return <ForbiddenPage />;
  return <Outlet />;
}

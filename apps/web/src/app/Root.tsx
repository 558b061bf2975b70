import { ScrollRestoration } from 'react-router';
import { useApplyTheme } from '../lib/theme';
import { RouteGuard } from './guards';
import { AlertPopup } from './overlays/AlertPopup';
import { CookieDisclaimer } from './overlays/CookieDisclaimer';

/** The root route: theme, guards, and the overlays every screen shares. */
export function Root() {
  useApplyTheme();
  return (
    <>
      <RouteGuard />
      <AlertPopup />
      <CookieDisclaimer />
      <ScrollRestoration />
    </>
  );
}

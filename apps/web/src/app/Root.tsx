import { ScrollRestoration } from './routing';
import { useApplyTheme } from '../lib/theme';
import { RouteGuard } from './guards';
import { AlertPopup } from './overlays/AlertPopup';
import { CookieDisclaimer } from './overlays/CookieDisclaimer';
import { NavigationProgress } from './ScreenLoading';

/** The root route: theme, guards, and the overlays every screen shares. */
export function Root() {
  useApplyTheme();
  return (
    <>
      <NavigationProgress />
      <RouteGuard />
      <AlertPopup />
      <CookieDisclaimer />
      <ScrollRestoration />
    </>
  );
}

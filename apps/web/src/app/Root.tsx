import { useLayoutEffect } from 'react';
import { ScrollRestoration } from './routing';
import { dismissBootSkeleton } from '../lib/boot';
import { useApplyTheme } from '../lib/theme';
import { RouteGuard } from './guards';
import { AlertPopup } from './overlays/AlertPopup';
import { CookieDisclaimer } from './overlays/CookieDisclaimer';
import { ProgressPopup } from './overlays/ProgressPopup';
import { NavigationProgress } from './ScreenLoading';
import { ThirdPartyScripts } from '../features/consent/ThirdPartyScripts';

/** The root route: theme, guards, and the overlays every screen shares. */
export function Root() {
  useApplyTheme();
  // The first screen is in this commit: the page's skeleton goes before it is painted.
  useLayoutEffect(dismissBootSkeleton, []);
  return (
    <>
      <NavigationProgress />
      <RouteGuard />
      <AlertPopup />
      <ProgressPopup />
      <CookieDisclaimer />
      <ThirdPartyScripts />
      <ScrollRestoration />
    </>
  );
}

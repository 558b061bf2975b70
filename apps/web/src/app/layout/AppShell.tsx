import { useEffect, type MouseEvent } from 'react';
import { Outlet, useLocation, useSection } from '../routing';
import { useBrowser } from '../../features/files/browser/store';
import { FileDialogs } from '../../features/files/dialogs/FileDialogs';
import { useLiveNotifications } from '../../features/notifications/live';
import { PreviewOverlay } from '../../features/preview';
import { SharingDialogs } from '../../features/sharing/owner/SharingDialogs';
import { TeamDialogs } from '../../features/teams/dialogs/TeamDialogs';
import { useTeamAccessEnded } from '../../features/teams/live';
import { TeamSourceProvider } from '../../features/teams/team-source';
import { UploadPanel } from '../../features/uploads';
import { useUser } from '../../features/user/user.api';
import { useTranslation } from '../../lib/i18n';
import { useTheme } from '../../lib/theme';
import { cn } from '../../ui/cn';
import { FileInfoPanel } from './FileInfoPanel';
import { Header } from './Header';
import { IconRail } from './IconRail';
import { MobileMenu } from './MobileMenu';
import { Navigator } from './Navigator';
import { Spotlight } from './Spotlight';
import { useShell } from './navigation';

/** Once the user record arrives its saved theme wins over this browser's copy. */
function useUserTheme() {
  const { data: user } = useUser();
  const setMode = useTheme((s) => s.setMode);
  const saved = user?.relationships.settings.data.attributes.theme_mode;
  useEffect(() => {
    if (saved) setMode(saved);
  }, [saved, setMode]);
}

/**
 * The first Tab stop: straight to the file list (else the screen's content), past the rail, the
 * navigator and the toolbar. Hidden until focused.
 */
function SkipLink() {
  const { t } = useTranslation();
  const fileScreen = useBrowser((s) => s.context !== null);
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    const list = document.getElementById('file-list');
    if (list) return list.focus();
    const content = document.getElementById('content');
    if (!content) return;
    content.tabIndex = -1;
    content.focus();
    content.addEventListener('blur', () => content.removeAttribute('tabindex'), { once: true });
  };
  return (
    <a
      href="#content"
      onClick={skip}
      className="sr-only z-50 rounded-xl bg-accent-strong text-sm font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3 focus:outline-2 focus:outline-offset-2 focus:outline-accent dark:bg-accent dark:text-neutral-950"
    >
      {t(fileScreen ? 'nav.skip_to_files' : 'nav.skip_to_content')}
    </a>
  );
}

/** The signed-in frame of /platform, /user and /admin (spec §2: sidebar navigation). */
export function AppShell() {
  const section = useSection();
  const { pathname } = useLocation();
  const closeMenu = useShell((s) => s.setMobileMenuOpen);
  useUserTheme();
  useLiveNotifications();
  useTeamAccessEnded();
  useEffect(() => closeMenu(false), [pathname, closeMenu]);
  const onFiles = section === 'Platform';
  return (
    <div className="flex h-dvh overflow-hidden">
      <SkipLink />
      <IconRail />
      {onFiles && <Navigator />}
      {/* The team screens' source reaches the header, listing, popups, uploads and preview (not the navigator). */}
      <TeamSourceProvider>
        {/* admin and user get their own page background (spec §2) */}
        <div className={cn('flex min-w-0 flex-1 flex-col', !onFiles && 'bg-neutral-50 dark:bg-neutral-950')}>
          <Header />
          <div className="flex min-h-0 flex-1">
            <main id="content" className="flex min-w-0 flex-1 flex-col overflow-y-auto pb-(--overlay-bottom)">
              <Outlet />
            </main>
            {onFiles && <FileInfoPanel />}
          </div>
        </div>
        <FileDialogs />
        <SharingDialogs />
        <TeamDialogs />
        <UploadPanel />
        <PreviewOverlay />
      </TeamSourceProvider>
      <MobileMenu />
      <Spotlight />
    </div>
  );
}

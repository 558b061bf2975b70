import { ChevronsLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from '../routing';
import { useFolderDrop } from '../../features/files/browser/dnd';
import { useDropHandlers } from '../../features/files/browser/useDropHandlers';
import { FavouritesNav, FolderTreeNav, SectionHeading } from '../../features/files/navigator';
import { usePreferences } from '../../lib/preferences';
import { IconButton } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { SoonBadge } from '../../ui/ComingSoon';
import { TeamNavFolders } from '../../features/teams/navigator';
import { useTeamTops } from '../../features/teams/teams.api';
import { baseItems, collaborationItems, type NavItem } from './navigation';

const linkClass = (active: boolean, over = false) =>
  cn(
    'flex min-h-11 items-center gap-3 rounded-xl px-3 text-[15px] font-semibold transition',
    active
      ? 'text-accent-strong dark:text-accent'
      : 'text-neutral-800 hover:bg-neutral-200/60 dark:text-neutral-200 dark:hover:bg-neutral-800/70',
    over && 'bg-accent/15 ring-2 ring-accent ring-inset',
  );

/** "My Files" takes dropped items too: they move to the root. */
function MyFilesLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const on = useDropHandlers();
  const drop = useFolderDrop({ target: { id: null, name: t(item.key) }, on });
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      {...drop.handlers}
      className={({ isActive }) => linkClass(isActive, drop.over)}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {t(item.key)}
    </NavLink>
  );
}

export function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-0.5">
      {items.map((item) => {
        const { to, key, icon: Icon, soon } = item;
        return (
          <li key={to}>
            {to === '/platform/files' ? (
              <MyFilesLink item={item} onNavigate={onNavigate} />
            ) : (
              <NavLink to={to} onClick={onNavigate} className={({ isActive }) => linkClass(isActive)}>
                <Icon className="size-5 shrink-0" aria-hidden />
                <span className="whitespace-nowrap">{t(key)}</span>
                {soon && (
                  <SoonBadge size="sm" className="ml-auto">
                    {t('soon.short')}
                  </SoonBadge>
                )}
              </NavLink>
            )}
            {/* The team trees: each team folder below its screen's link. */}
            {to === '/platform/team-folders' && <TeamNavFolders location="team-folders" onNavigate={onNavigate} />}
            {to === '/platform/shared-with-me' && <TeamNavFolders location="shared-with-me" onNavigate={onNavigate} />}
          </li>
        );
      })}
    </ul>
  );
}

export function NavHeading({ children }: { children: string }) {
  return <h2 className="mb-1 px-3 text-sm font-semibold text-neutral-500 dark:text-neutral-400">{children}</h2>;
}

/** Base links, collaboration, the folder tree and favourites: the same content as the phone menu. */
export function NavigatorSections({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [collaborationOpen, setCollaborationOpen] = useState(true);
  // The user's own team folders are listed under Team Folders: not a second time under Folders.
  const ownTeams = useTeamTops('team-folders');
  const teamFolderIds = useMemo(() => new Set((ownTeams.data ?? []).map((r) => r.data.id)), [ownTeams.data]);
  return (
    <>
      <div>
        <SectionHeading
          label={t('nav.collaboration')}
          open={collaborationOpen}
          onToggle={() => setCollaborationOpen((open) => !open)}
        />
        {collaborationOpen && <NavList items={collaborationItems} onNavigate={onNavigate} />}
      </div>
      <FolderTreeNav onNavigate={onNavigate} hidden={teamFolderIds} />
      <FavouritesNav onNavigate={onNavigate} />
    </>
  );
}

/** The navigator column of the file screens; hidden when the navigation-bar preference is off. */
export function Navigator() {
  const { t } = useTranslation();
  const visible = usePreferences((s) => s.navigationBarVisible);
  const toggle = usePreferences((s) => s.toggleNavigationBar);
  if (!visible) return null;
  return (
    <nav
      aria-label={t('nav.files_navigation')}
      className="hidden w-64 shrink-0 flex-col gap-7 overflow-y-auto border-r border-neutral-200 bg-neutral-50 px-3 py-5 md:flex dark:border-neutral-800/80 dark:bg-neutral-900/50"
    >
      <div>
        <div className="flex items-center justify-between pr-1">
          <NavHeading>{t('nav.base')}</NavHeading>
          <IconButton label={t('nav.hide_navigation')} onClick={toggle} className="size-9">
            <ChevronsLeft className="size-4.5" aria-hidden />
          </IconButton>
        </div>
        <NavList items={baseItems} />
      </div>
      <NavigatorSections />
    </nav>
  );
}

import { ChevronRight } from 'lucide-react';
import { NavLink } from '../../app/routing';
import { useTranslation } from '../../lib/i18n';
import { cn } from '../../ui/cn';
import { FolderIcon } from '../files/browser/ItemIcon';
import { FolderTree, rowClass, useTreeState } from '../files/navigator';
import { isFolder } from '../files/items';
import { teamFolderPath } from './team-source';
import { useTeamTops, type TeamLocation } from './teams.api';

/** A team folder's branch: its first level, loaded when opened (ADR 0072), each folder opening the next. */
function TeamBranch({ location, id }: { location: TeamLocation; id: string }) {
  return <FolderTree parentId={id} depth={1} ancestors={[id]} pathOf={(folder) => teamFolderPath(location, folder)} />;
}

/**
 * Below "Team Folders" and "Shared with Me" in the navigator: their team folders, each unfolding
 * one level at a time (`GET /api/browse/navigation/{id}`, loaded when opened).
 */
export function TeamNavFolders({ location, onNavigate }: { location: TeamLocation; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const tops = useTeamTops(location);
  const expanded = useTreeState((s) => s.expanded);
  const toggle = useTreeState((s) => s.toggle);
  const folders = (tops.data ?? []).map((r) => r.data).filter(isFolder);
  if (!folders.length) return null;
  return (
    <ul className="mt-0.5 mb-1" aria-label={t(location === 'team-folders' ? 'nav.team_folders' : 'nav.shared_with_me')}>
      {folders.map((folder) => {
        const open = expanded.has(folder.id);
        const name = folder.attributes.name;
        return (
          <li key={folder.id}>
            <div className="flex items-center pl-3.5">
              <button
                type="button"
                onClick={() => toggle(folder.id)}
                aria-expanded={open}
                aria-label={t(open ? 'nav.collapse_folder' : 'nav.expand_folder', { name })}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-200/70 hover:text-neutral-900 md:size-8 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
              >
                <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden />
              </button>
              <NavLink
                to={teamFolderPath(location, folder.id)}
                end
                onClick={onNavigate}
                className={({ isActive }) => cn(rowClass(isActive, false), 'pl-1.5')}
              >
                <FolderIcon color={folder.attributes.color} emoji={folder.attributes.emoji} size="xs" />
                <span className="truncate" title={name}>
                  {name}
                </span>
              </NavLink>
            </div>
            {open && (
              <div className="pl-3.5">
                <TeamBranch location={location} id={folder.id} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

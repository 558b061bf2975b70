import { LogOut, UserPlus, Users, UserX } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { showAlert } from '../../lib/popups';
import type { MenuAction } from '../../ui/Menu';
import { useFilesSource } from '../files/browser/source';
import type { BrowserContext } from '../files/browser/store';
import { isFolder, type FolderItem, type Item } from '../files/items';
import { useUser } from '../user/user.api';
import { openTeamDialog, type TeamTarget } from './dialogs/store';

export const targetOf = (folder: FolderItem): TeamTarget => ({
  id: folder.id,
  name: folder.attributes.name,
  color: folder.attributes.color,
  emoji: folder.attributes.emoji,
});

/** Creating, converting, managing, dissolving and leaving teams, from menus, toolbars and empty states. */
export function useTeamActions() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const source = useFilesSource();

  /** Spec §5: `canCreateTeamFolder` false stops creating (and converting) with the temporarily-disabled alert. */
  const mayCreate = () => {
    const restrictions = user?.meta.restrictions;
    if (restrictions && !restrictions.canCreateTeamFolder) {
      showAlert(t('teams.create_disabled_title'), restrictions.reason ?? t('teams.create_disabled'));
      return false;
    }
    return true;
  };

  const actions = {
    create() {
      if (mayCreate()) openTeamDialog({ kind: 'create' });
    },
    convert(folder: FolderItem) {
      if (mayCreate()) openTeamDialog({ kind: 'convert', folder: targetOf(folder) });
    },
    manage(folder: TeamTarget) {
      openTeamDialog({ kind: 'update', folder });
    },
    dissolve(folder: TeamTarget) {
      openTeamDialog({ kind: 'dissolve', folder });
    },
    leave(folder: TeamTarget) {
      openTeamDialog({ kind: 'leave', folder });
    },

    /** The team entries of one folder's menu (filtered by role with the rest, see source-menu.ts). */
    entriesFor(one: Item | null, context: BrowserContext | null): MenuAction[] {
      if (!one || !isFolder(one) || (context !== 'files' && context !== 'teams')) return [];
      const target = targetOf(one);
      if (one.attributes.is_team_folder) {
        if (source.team?.location === 'shared-with-me') {
          return [
            {
              id: 'team-leave',
              label: t('teams.leave'),
              icon: LogOut,
              danger: true,
              onSelect: () => actions.leave(target),
              group: 3,
            },
          ];
        }
        return [
          { id: 'team-edit', label: t('teams.manage'), icon: Users, onSelect: () => actions.manage(target), group: 3 },
          {
            id: 'team-dissolve',
            label: t('teams.dissolve'),
            icon: UserX,
            danger: true,
            onSelect: () => actions.dissolve(target),
            group: 3,
          },
        ];
      }
      // Only the user's own folders outside teams (a team folder's subfolders can't become teams).
      if (source.kind === 'account' && !source.team && context === 'files') {
        return [
          {
            id: 'team-convert',
            label: t('teams.convert'),
            icon: UserPlus,
            onSelect: () => actions.convert(one),
            group: 3,
          },
        ];
      }
      return [];
    },
  };
  return actions;
}

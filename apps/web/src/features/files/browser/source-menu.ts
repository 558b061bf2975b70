import type { TFunction } from '../../../lib/i18n';
import type { MenuAction } from '../../../ui/Menu';
import type { Item } from '../items';
import { teamAllowsMenuEntry } from '../../teams/permissions';
import type { FilesSource, SourceAction } from './source';

/**
 * The menu entries a link offers, and what each needs. Entries not listed (favourites, sharing,
 * anything an owner-only feature adds later) never show through a link.
 */
const linkNeeds: Record<string, SourceAction | null> = {
  open: null,
  download: null,
  rename: 'rename',
  move: 'move',
  trash: 'remove',
  'upload-files': 'upload',
  'upload-folder': 'upload',
  'remote-upload': 'upload',
  'new-folder': 'create-folder',
};

/** A folder, or several items, download as one zip. */
const needsZip = (items: readonly Item[]) => items.length > 1 || items.some((i) => i.type === 'folder');

/**
 * The account's menus as a link allows them: only what its permission lets the holder do, and
 * "Remove" instead of "Move to trash" (the holder has no trash of their own to restore from).
 */
export function menuForSource(
  source: FilesSource,
  t: TFunction,
  list: MenuAction[],
  items: readonly Item[] = [],
): MenuAction[] {
  const { team } = source;
  // A team screen offers what the user's role there allows (the server refuses the rest anyway).
  if (team) return list.filter((action) => teamAllowsMenuEntry(team, action.id));
  if (source.kind === 'account') return list;
  return list
    .filter((action) => {
      if (!(action.id in linkNeeds)) return false;
      const need = linkNeeds[action.id];
      if (action.id === 'download' && needsZip(items) && !source.can('zip')) return false;
      return !need || source.can(need);
    })
    .map((action) => (action.id === 'trash' ? { ...action, label: t('public.remove') } : action));
}

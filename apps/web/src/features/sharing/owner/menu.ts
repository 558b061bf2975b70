import type { TFunction } from '../../../lib/i18n';
import { Inbox, Link2 } from 'lucide-react';
import type { MenuAction } from '../../../ui/Menu';
import { useBrowser } from '../../files/browser/store';
import type { Item } from '../../files/items';
import { openSharingDialog, shareItem } from './store';

/** "Share" for an item without a link, "Edit sharing" for one that has it (the file browser's menus). */
export function shareAction(t: TFunction, item: Item): MenuAction {
  const shared = !!item.relationships.shared;
  return {
    id: 'share',
    label: shared ? t('sharing.edit') : t('sharing.share'),
    icon: Link2,
    onSelect: () => shareItem(item),
    group: 1,
  };
}

/** "Request files" in the upload menu: uploads from a guest land in a new folder inside `folderId`. */
export function requestFilesAction(t: TFunction, folderId: string | null): MenuAction {
  return {
    id: 'request-files',
    label: t('file_request.menu'),
    icon: Inbox,
    onSelect: () => {
      const open = useBrowser.getState().folder;
      openSharingDialog({
        kind: 'file-request',
        folderId,
        folderName: folderId && open?.id === folderId ? open.attributes.name : null,
      });
    },
    group: 1,
  };
}

import {
  ArchiveRestore,
  Download,
  Eye,
  FolderInput,
  FolderOpen,
  FolderPlus,
  FolderUp,
  Link2,
  Pencil,
  Star,
  StarOff,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/forms';
import { showAlert } from '../../lib/popups';
import type { MenuAction } from '../../ui/Menu';
import { useDownloadItems } from '../downloads';
import { openPreview } from '../preview';
import { useUploadActions } from '../uploads';
import { useUser } from '../user/user.api';
import { requestFilesAction, shareAction } from '../sharing/owner/menu';
import { useTeamActions } from '../teams/useTeamActions';
import { ownRestrictionsApply, useFilesSource } from './browser/source';
import { menuForSource } from './browser/source-menu';
import { useBrowser, wholeFolderSelection, type BrowserContext } from './browser/store';
import { openFileDialog } from './dialogs/store';
import { useMoveItems, useRemoveItems, useRestoreItems, useToggleFavourite, type WholeFolder } from './files.api';
import { isFile, isFolder, refOf, trashPath, type FolderItem, type Item } from './items';
import { ITEMS_PER_REQUEST_MAX, type ItemRef, type RemoveResponse } from '@filestore/contract';

/**
 * What a member trashed in a team folder went to its owner's trash (ADR 0029); the server says so
 * with `meta.trashed_to_owner` (the owner), an optional field: a team screen knows it anyway.
 */
function ownerOfTrash(response: RemoveResponse | undefined): { name: string } | null {
  const loose = response as { meta?: { trashed_to_owner?: { name?: string } | boolean } } | undefined;
  const owner = loose?.meta?.trashed_to_owner;
  if (!owner) return null;
  return { name: typeof owner === 'object' ? (owner.name ?? '') : '' };
}

/** Where items end up after a move: a folder, or the root of My Files (id null). */
export interface MoveTarget {
  id: string | null;
  name: string;
}

/**
 * Every action of the file browser in one place, so the context menu, the item's menu button,
 * the toolbar, the phone's action bar and the keyboard offer the same things.
 */
export function useItemActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const download = useDownloadItems();
  const uploads = useUploadActions();
  const remove = useRemoveItems();
  const restoreItems = useRestoreItems();
  const moveItems = useMoveItems();
  const favourite = useToggleFavourite();
  const source = useFilesSource();
  const team = useTeamActions();

  const fail = (error: unknown) => showAlert(t('files.action_failed'), errorMessage(t, error));

  /** Names that gained a suffix because the destination had the same name (spec: " (1)"). */
  const reportRenames = (before: Item[], after: Item[]) => {
    const old = new Map(before.map((i) => [i.id, i.attributes.name]));
    for (const item of after) {
      const was = old.get(item.id);
      if (was && was !== item.attributes.name) {
        toast.info(t('files.renamed_on_clash', { from: was, to: item.attributes.name }));
      }
    }
  };

  const label = (items: Item[]) => (items.length === 1 ? items[0]!.attributes.name : '');

  /** After "select all", the folder and its exceptions (ADR 0018), with how many that is. */
  const wholeOf = (
    items: Item[],
    also: string[] = [],
    evenIfLoaded = false,
  ): (WholeFolder & { count: number }) | null => {
    const whole = wholeFolderSelection(items, { evenIfLoaded });
    if (!whole) return null;
    const allIn = useBrowser.getState().folder?.id ?? null;
    return { allIn, except: [...whole.except, ...also], count: whole.count };
  };

  const actions = {
    open(item: Item, context: BrowserContext | null = useBrowser.getState().context) {
      if (isFolder(item)) {
        void navigate(context === 'trash' ? trashPath(item.id) : source.folderPath(item.id));
        return;
      }
      const files = useBrowser.getState().items.filter(isFile);
      const index = files.findIndex((f) => f.id === item.id);
      if (index >= 0) openPreview(files, index);
      else openPreview([item], 0);
    },

    createFolder(parentId: string | null) {
      // Through a link the owner's restrictions apply, and the server says so.
      const restrictions = ownRestrictionsApply(source) ? user?.meta.restrictions : undefined;
      if (restrictions && !restrictions.canCreateFolder) {
        showAlert(t('files.create_folder_disabled_title'), restrictions.reason ?? t('files.create_folder_disabled'));
        return;
      }
      openFileDialog({ kind: 'create-folder', parentId });
    },

    rename(item: Item) {
      openFileDialog({ kind: 'rename', item });
    },

    chooseDestination(items: Item[]) {
      if (items.length) openFileDialog({ kind: 'move', items });
    },

    moveTo(items: Item[], target: MoveTarget) {
      const movable = items.filter((i) => i.id !== target.id);
      // A folder of the selection chosen as the destination stays where it is, as with ids.
      const whole = wholeOf(items, target.id ? [target.id] : []);
      if (whole) {
        moveItems.mutateAsync({ items: movable.map(refOf), to: target.id, whole }).then((after) => {
          useBrowser.getState().clear();
          toast.success(t('files.moved', { count: after.length, name: label(after), folder: target.name }));
          reportRenames(movable, after);
        }, fail);
        return;
      }
      if (!movable.length) return;
      // Promises, not mutate() callbacks: those are dropped when the caller (a popup) unmounts first.
      moveItems.mutateAsync({ items: movable.map(refOf), to: target.id }).then((after) => {
        toast.success(t('files.moved', { count: movable.length, name: label(movable), folder: target.name }));
        reportRenames(movable, after);
      }, fail);
    },

    trash(items: Item[]) {
      if (!items.length) return;
      // A link's holder has no trash to undo from: they confirm first.
      if (source.kind !== 'account') return openFileDialog({ kind: 'remove', items });
      const whole = wholeOf(items);
      // A member's trash is the team owner's (ADR 0029): they can't undo it, the owner can restore it.
      const ownersTrash = (response: RemoveResponse, count: number) => {
        const said = ownerOfTrash(response);
        if (source.team?.location !== 'shared-with-me' && !said) return false;
        const owner = said?.name || source.ownerName;
        toast.success(
          owner
            ? t('teams.trashed_to_owner', { count, name: label(items), owner })
            : t('teams.trashed_to_owner_unnamed', { count, name: label(items) }),
        );
        return true;
      };
      if (whole) {
        // What the request trashed may not all be loaded: the trash is where to restore it from.
        remove.mutateAsync({ items: items.map(refOf), forever: false, whole }).then((response) => {
          const { trashed } = response;
          useBrowser.getState().clear();
          if (ownersTrash(response, whole.count)) return;
          // The server lists what went (up to UNDO_ITEMS_MAX), so Undo works as for ids.
          toast.success(
            t('files.trashed', { count: whole.count, name: label(items) }),
            trashed ? { action: { label: t('files.undo'), onClick: () => actions.restoreRefs(trashed) } } : undefined,
          );
        }, fail);
        return;
      }
      remove.mutateAsync({ items: items.map(refOf), forever: false }).then((response) => {
        if (ownersTrash(response, items.length)) return;
        toast.success(t('files.trashed', { count: items.length, name: label(items) }), {
          action: { label: t('files.undo'), onClick: () => actions.restore(items, { quiet: true }) },
        });
      }, fail);
    },

    restore(items: Item[], { quiet = false }: { quiet?: boolean } = {}) {
      if (!items.length) return;
      restoreItems.mutateAsync({ items: items.map(refOf) }).then((after) => {
        if (!quiet) toast.success(t('files.restored', { count: items.length, name: label(items) }));
        reportRenames(items, after);
      }, fail);
    },

    /** Undo of a whole-folder trash: its items by id, a request per ITEMS_PER_REQUEST_MAX. */
    restoreRefs(refs: ItemRef[]) {
      const batches: ItemRef[][] = [];
      for (let i = 0; i < refs.length; i += ITEMS_PER_REQUEST_MAX)
        batches.push(refs.slice(i, i + ITEMS_PER_REQUEST_MAX));
      void batches
        .reduce<Promise<unknown>>(
          (done, batch) => done.then(() => restoreItems.mutateAsync({ items: batch })),
          Promise.resolve(),
        )
        .catch(fail);
    },

    deleteForever(items: Item[]) {
      if (items.length) openFileDialog({ kind: 'delete-forever', items });
    },

    emptyTrash() {
      openFileDialog({ kind: 'empty-trash' });
    },

    download(items: Item[]) {
      // The whole folder, loaded or not, is one zip named after the folder (Project.zip, not files.zip);
      // a folder of one file still downloads that file.
      if (items.length) download(items, wholeOf(items, [], items.length > 1));
    },

    toggleFavourite(folder: FolderItem) {
      const add = !folder.attributes.is_favourite;
      favourite
        .mutateAsync({ id: folder.id, favourite: add })
        .then(
          () =>
            toast.success(
              t(add ? 'files.favourite_added' : 'files.favourite_removed', { name: folder.attributes.name }),
            ),
          fail,
        );
    },

    /** The action list for these items on this screen (empty selection: none). */
    menuFor(items: Item[], context: BrowserContext | null): MenuAction[] {
      if (!items.length || !context) return [];
      // After "select all" of a folder not all loaded, the actions name the folder, not the items.
      const whole = context === 'files' && wholeFolderSelection(items) !== null;
      const one = items.length === 1 && !whole ? items[0]! : null;
      if (context === 'trash') {
        return [
          ...(one && isFolder(one)
            ? [
                {
                  id: 'open',
                  label: t('files.open'),
                  icon: FolderOpen,
                  shortcut: 'Enter',
                  onSelect: () => actions.open(one, context),
                  group: 0,
                },
              ]
            : []),
          {
            id: 'restore',
            label: t('files.restore'),
            icon: ArchiveRestore,
            onSelect: () => actions.restore(items),
            group: 1,
          },
          {
            id: 'delete-forever',
            label: t('files.delete_forever'),
            icon: X,
            danger: true,
            shortcut: 'Delete',
            onSelect: () => actions.deleteForever(items),
            group: 2,
          },
        ];
      }
      const list: MenuAction[] = [];
      if (one) {
        list.push({
          id: 'open',
          label: isFolder(one) ? t('files.open') : t('files.preview'),
          icon: isFolder(one) ? FolderOpen : Eye,
          shortcut: 'Enter',
          onSelect: () => actions.open(one, context),
          group: 0,
        });
        if (isFolder(one)) {
          list.push({
            id: 'favourite',
            label: one.attributes.is_favourite ? t('files.unfavourite') : t('files.favourite'),
            icon: one.attributes.is_favourite ? StarOff : Star,
            onSelect: () => actions.toggleFavourite(one),
            group: 0,
          });
        }
      }
      // After "select all" the zip names the folder, loaded or not (ADR 0023).
      list.push({
        id: 'download',
        label: t('files.download'),
        icon: Download,
        onSelect: () => actions.download(items),
        group: 1,
      });
      if (one) list.push(shareAction(t, one));
      if (one)
        list.push({
          id: 'rename',
          label: t('files.rename'),
          icon: Pencil,
          shortcut: 'F2',
          onSelect: () => actions.rename(one),
          group: 1,
        });
      list.push(
        {
          id: 'move',
          label: t('files.move'),
          icon: FolderInput,
          onSelect: () => actions.chooseDestination(items),
          group: 1,
        },
        {
          id: 'trash',
          label: t('files.move_to_trash'),
          icon: Trash2,
          danger: true,
          shortcut: 'Delete',
          onSelect: () => actions.trash(items),
          group: 2,
        },
      );
      list.push(...team.entriesFor(one, context));
      return menuForSource(source, t, list, items);
    },

    /** What a right-click on the empty part of a listing offers. */
    menuForArea(context: BrowserContext | null, folderId: string | null, hasItems: boolean): MenuAction[] {
      if (context === 'trash') {
        return hasItems
          ? [
              {
                id: 'empty-trash',
                label: t('trash.empty_trash'),
                icon: Trash2,
                danger: true,
                onSelect: () => actions.emptyTrash(),
              },
            ]
          : [];
      }
      return actions.uploadMenu(context === 'files' ? folderId : null);
    },

    /** New folder, upload files, upload folder: the upload button's menu and the empty area's. */
    uploadMenu(folderId: string | null): MenuAction[] {
      return menuForSource(source, t, [
        {
          id: 'upload-files',
          label: t('files.upload_files'),
          icon: Upload,
          onSelect: () => uploads.pickFiles(),
          group: 0,
        },
        {
          id: 'upload-folder',
          label: t('files.upload_folder'),
          icon: FolderUp,
          onSelect: () => uploads.pickFolder(),
          group: 0,
        },
        {
          id: 'remote-upload',
          label: t('remote_upload.menu'),
          icon: Link2,
          onSelect: () => openFileDialog({ kind: 'remote-upload', parentId: folderId }),
          group: 0,
        },
        {
          id: 'new-folder',
          label: t('files.new_folder'),
          icon: FolderPlus,
          onSelect: () => actions.createFolder(folderId),
          group: 1,
        },
        requestFilesAction(t, folderId),
      ]);
    },
  };
  return actions;
}

export type ItemActions = ReturnType<typeof useItemActions>;

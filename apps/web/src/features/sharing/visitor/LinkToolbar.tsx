import {
  ArrowDownUp,
  CloudUpload,
  Download,
  Ellipsis,
  FolderInput,
  FolderPlus,
  LayoutGrid,
  List,
  ListChecks,
  Pencil,
  SlidersHorizontal,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { Button, IconButton } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { DropdownMenu } from '../../../ui/Menu';
import { useItemActions } from '../../files/actions';
import { useSortMenu } from '../../files/browser/sort-menu';
import { useFilesSource } from '../../files/browser/source';
import { useBrowser, useSelectedItems } from '../../files/browser/store';
import { useCurrentFolderId } from '../../files/current-folder';
import type { Item } from '../../files/items';

const icons: Record<string, LucideIcon> = { rename: Pencil, move: FolderInput, trash: Trash2 };

/**
 * "Download all" when nothing is selected (the folder on screen as a zip), else the selection:
 * a file by itself, several items or a folder as a zip (when the link offers zips).
 */
function DownloadButton({ selected }: { selected: Item[] }) {
  const { t } = useTranslation();
  const actions = useItemActions();
  const source = useFilesSource();
  const folder = useBrowser((s) => s.folder);
  const hasItems = useBrowser((s) => s.items.length > 0);
  const zips = source.can('zip');
  const single = selected.length === 1 && selected[0]!.type === 'file';
  if (selected.length > 0 && !single && !zips) return null;
  if (selected.length === 0 && !zips) return null;
  const label = selected.length ? t('public.download_selected', { count: selected.length }) : t('public.download_all');
  const run = () => {
    if (selected.length) actions.download(selected);
    else if (folder) actions.download([folder]);
  };
  const disabled = !selected.length && (!folder || !hasItems);
  return (
    <>
      <Button
        variant="secondary"
        onClick={run}
        disabled={disabled}
        className="h-11 px-3.5 max-sm:hidden"
        icon={<Download className="size-4.5" aria-hidden />}
      >
        <span className="@max-2xl:sr-only">{label}</span>
      </Button>
      <IconButton label={label} onClick={run} disabled={disabled} className="disabled:opacity-35 sm:hidden">
        <Download className="size-5" aria-hidden />
      </IconButton>
    </>
  );
}

/**
 * The actions of a link's page, in the header: upload and new folder (editors, from tablets up;
 * phones have the floating button), the selection's actions, download, and the view switches.
 * A page with upload buttons of its own leaves the upload menu out (`uploadButton`).
 */
export function LinkToolbar({ uploadButton = true }: { uploadButton?: boolean }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const actions = useItemActions();
  const source = useFilesSource();
  const folderId = useCurrentFolderId();
  const selectMode = useBrowser((s) => s.selectMode);
  const setSelectMode = useBrowser((s) => s.setSelectMode);
  const selected = useSelectedItems();
  const viewMenu = useSortMenu();
  const uploadMenu = actions.uploadMenu(folderId);
  const changes = actions.menuFor(selected, 'files').filter((a) => a.id in icons);
  const editor = source.can('rename') || source.can('move') || source.can('remove');
  const byId = new Map(changes.map((a) => [a.id, a]));
  const viewLabel = prefs.previewType === 'list' ? t('files.view_grid') : t('files.view_list');

  return (
    <div className="flex shrink-0 items-center gap-1">
      {uploadButton && uploadMenu.length > 0 && (
        <div className="max-md:hidden">
          <DropdownMenu
            align="end"
            actions={() => actions.uploadMenu(folderId)}
            trigger={
              <Button className="h-11 px-3.5" icon={<CloudUpload className="size-4.5" aria-hidden />}>
                <span className="@max-3xl:sr-only">{t('files.upload_menu')}</span>
              </Button>
            }
          />
        </div>
      )}
      {source.can('create-folder') && (
        <IconButton
          label={t('files.new_folder')}
          onClick={() => actions.createFolder(folderId)}
          className={uploadButton ? 'max-md:hidden' : undefined}
        >
          <FolderPlus className="size-5" aria-hidden />
        </IconButton>
      )}
      <DownloadButton selected={selected} />
      {editor && (
        <>
          <div className="hidden md:block @4xl:hidden">
            <DropdownMenu
              actions={() => changes}
              trigger={
                <IconButton
                  label={t('files.selection_actions')}
                  disabled={!changes.length}
                  className="disabled:cursor-default disabled:opacity-35 disabled:hover:bg-transparent"
                >
                  <Ellipsis className="size-5" aria-hidden />
                </IconButton>
              }
            />
          </div>
          <div role="toolbar" aria-label={t('files.selection_actions')} className="flex items-center @max-4xl:hidden">
            <span aria-hidden className="mx-1 h-6 w-px bg-neutral-200 dark:bg-neutral-800" />
            {['rename', 'move', 'trash'].map((id) => {
              const action = byId.get(id);
              const Icon = icons[id]!;
              const label = id === 'trash' ? t('public.remove') : t(`files.${id}`);
              if (id === 'trash' ? !source.can('remove') : !source.can(id as 'rename' | 'move')) return null;
              return (
                <IconButton
                  key={id}
                  label={label}
                  disabled={!action}
                  onClick={() => action?.onSelect()}
                  className={cn(
                    'disabled:cursor-default disabled:opacity-35 disabled:hover:bg-transparent',
                    id === 'trash' && 'hover:text-red-600 dark:hover:text-red-400',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                </IconButton>
              );
            })}
            <span aria-hidden className="mx-1 h-6 w-px bg-neutral-200 dark:bg-neutral-800" />
          </div>
        </>
      )}
      <IconButton
        label={t('files.select_mode')}
        aria-pressed={selectMode}
        active={selectMode}
        onClick={() => setSelectMode(!selectMode)}
      >
        <ListChecks className="size-5" aria-hidden />
      </IconButton>
      <div className="@max-3xl:hidden">
        <DropdownMenu
          actions={viewMenu}
          trigger={
            <IconButton label={t('files.sort.label')}>
              <ArrowDownUp className="size-5" aria-hidden />
            </IconButton>
          }
        />
      </div>
      <IconButton label={viewLabel} onClick={prefs.togglePreviewType} className="@max-3xl:hidden">
        {prefs.previewType === 'list' ? (
          <LayoutGrid className="size-5" aria-hidden />
        ) : (
          <List className="size-5" aria-hidden />
        )}
      </IconButton>
      <div className="@3xl:hidden">
        <DropdownMenu
          actions={[
            {
              id: 'view',
              label: viewLabel,
              icon: prefs.previewType === 'list' ? LayoutGrid : List,
              onSelect: prefs.togglePreviewType,
              group: -1,
            },
            ...viewMenu,
          ]}
          trigger={
            <IconButton label={t('files.view_options')}>
              <SlidersHorizontal className="size-5" aria-hidden />
            </IconButton>
          }
        />
      </div>
    </div>
  );
}

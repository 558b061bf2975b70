import {
  ArchiveRestore,
  ArrowDownUp,
  CheckCheck,
  CloudUpload,
  Download,
  Ellipsis,
  FolderInput,
  FolderPlus,
  FolderUsers,
  Info,
  LayoutGrid,
  Link2,
  List,
  ListChecks,
  Menu,
  PanelLeftOpen,
  Pencil,
  Search,
  SlidersHorizontal,
  Trash2,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useItemActions } from '../../features/files/actions';
import { useSortMenu } from '../../features/files/browser/sort-menu';
import { knownFolderName, useAllSelected, useBrowser, useSelectedItems } from '../../features/files/browser/store';
import { useCurrentFolderId } from '../../features/files/current-folder';
import { useFilesSource } from '../../features/files/browser/source';
import { useTeamActions } from '../../features/teams/useTeamActions';
import { useConfig } from '../../lib/config';
import { usePreferences } from '../../lib/preferences';
import { useScreen, useSection } from '../routing';
import { Button, IconButton } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { DropdownMenu, type MenuAction } from '../../ui/Menu';
import { useShell } from './navigation';
import { NotificationBell } from './NotificationBell';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** `crowded`: the file toolbar shares the header, so the field only shows on wide headers. */
function SearchField({ crowded = false }: { crowded?: boolean }) {
  const { t } = useTranslation();
  const open = useShell((s) => s.setSpotlightOpen);
  return (
    <>
      <button
        type="button"
        onClick={() => open(true)}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        className={cn(
          crowded ? '@5xl:flex' : '@3xl:flex',
          // It gives up its width before the screen's title does (down to 10rem; the title loses not even a
          // fraction of a pixel, which would already show an ellipsis): a long title (German
          // "Meine Dateien", a folder's name) is not cut while the field could be narrower.
          'hidden h-11 w-64 min-w-40 shrink-[10000] items-center gap-3 rounded-xl bg-neutral-100 px-3.5 text-left text-sm text-neutral-600 transition hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-accent @6xl:w-72 dark:bg-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800',
        )}
      >
        <Search className="size-4.5 shrink-0" aria-hidden />
        <span className="flex-1 truncate">{t('search.placeholder')}</span>
        <kbd className="shrink-0 rounded-md border border-neutral-300 px-1.5 py-0.5 font-sans text-xs text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      <IconButton
        label={t('search.open')}
        onClick={() => open(true)}
        className={crowded ? '@5xl:hidden' : '@3xl:hidden'}
      >
        <Search className="size-5" aria-hidden />
      </IconButton>
    </>
  );
}

const Divider = () => <span aria-hidden className="mx-1 h-6 w-px bg-neutral-200 max-md:hidden dark:bg-neutral-800" />;

/** The sort menu; the recent uploads are always newest first. */
function useViewMenu(): MenuAction[] {
  const sortMenu = useSortMenu();
  const context = useBrowser((s) => s.context);
  return context === 'recent' ? [] : sortMenu;
}

/** Upload, new folder, the selection's actions, and the view switches of the file screens. */
function FileToolbar() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const actions = useItemActions();
  const teamActions = useTeamActions();
  const source = useFilesSource();
  const context = useBrowser((s) => s.context);
  const selectMode = useBrowser((s) => s.selectMode);
  const setSelectMode = useBrowser((s) => s.setSelectMode);
  const hasItems = useBrowser((s) => s.items.length > 0);
  const selectAll = useBrowser((s) => s.selectAll);
  const allSelected = useAllSelected();
  const selected = useSelectedItems();
  const folderId = useCurrentFolderId();
  const viewMenu = useViewMenu();
  const menu = actions.menuFor(selected, context);
  const byId = new Map(menu.map((a) => [a.id, a]));
  const toolbarIds =
    context === 'trash' ? ['restore', 'delete-forever'] : ['download', 'share', 'rename', 'move', 'trash'];
  const labels: Record<string, string> = {
    download: t('files.download'),
    rename: t('files.rename'),
    move: t('files.move'),
    trash: t('files.move_to_trash'),
    share: byId.get('share')?.label ?? t('sharing.share'),
    restore: t('files.restore'),
    'delete-forever': t('files.delete_forever'),
  };

  const phoneMenu: MenuAction[] = [
    // Phones have no Ctrl+A: the same whole-folder selection, loaded or not (ADR 0018), in select mode
    // so that the next tap changes the selection instead of opening an item.
    ...(hasItems && !allSelected
      ? [
          {
            id: 'select-all',
            label: t('files.select_all'),
            icon: CheckCheck,
            onSelect: () => {
              setSelectMode(true);
              selectAll();
            },
            group: -2,
          },
        ]
      : []),
    {
      id: 'view',
      label: prefs.previewType === 'list' ? t('files.view_grid') : t('files.view_list'),
      icon: prefs.previewType === 'list' ? LayoutGrid : List,
      onSelect: prefs.togglePreviewType,
      group: -1,
    },
    ...viewMenu,
  ];

  // A team member who can only view has nothing to add; the top of Team Folders adds team folders.
  const canAdd = context !== 'trash' && actions.uploadMenu(context === 'files' ? folderId : null).length > 0;
  const newTeamFolder = context === 'teams' && source.team?.location === 'team-folders';
  return (
    <>
      {canAdd && (
        <div className="flex items-center gap-1 max-md:hidden">
          <DropdownMenu
            align="start"
            actions={() => actions.uploadMenu(context === 'files' ? folderId : null)}
            trigger={
              <Button className="h-11 px-3.5" icon={<CloudUpload className="size-4.5" aria-hidden />}>
                <span className="@max-5xl:sr-only">{t('files.upload_menu')}</span>
              </Button>
            }
          />
          {context === 'files' && source.can('create-folder') && (
            <IconButton label={t('files.new_folder')} onClick={() => actions.createFolder(folderId)}>
              <FolderPlus className="size-5" aria-hidden />
            </IconButton>
          )}
        </div>
      )}
      {/* Its own icon (not New folder's); its words only in a wide header, else a tooltip: the screen's
          title (Slovak "Tímové priečinky" at 1440 px, say) keeps its room first. */}
      {newTeamFolder && (
        <Button
          className="h-11 px-3.5 max-md:hidden"
          onClick={() => teamActions.create()}
          title={t('teams.create_title')}
          icon={<FolderUsers className="size-4.5" aria-hidden />}
        >
          <span className="@max-6xl:sr-only">{t('teams.create_title')}</span>
        </Button>
      )}
      <SearchField crowded />
      {/* Between phone and wide screens the selection's actions fold into one menu. */}
      <div className="hidden md:block @4xl:hidden">
        <DropdownMenu
          actions={() => menu.filter((a) => a.id !== 'open')}
          trigger={
            <IconButton
              label={t('files.selection_actions')}
              disabled={!selected.length}
              className="disabled:cursor-default disabled:opacity-35 disabled:hover:bg-transparent"
            >
              <Ellipsis className="size-5" aria-hidden />
            </IconButton>
          }
        />
      </div>
      <div
        role="toolbar"
        aria-label={t('files.selection_actions')}
        className="flex items-center gap-0.5 @max-4xl:hidden"
      >
        <Divider />
        {toolbarIds.map((id) => {
          const action = byId.get(id);
          const Icon = toolbarIcons[id];
          return (
            <IconButton
              key={id}
              label={labels[id]!}
              disabled={!action}
              onClick={() => action?.onSelect()}
              className={cn(
                'disabled:cursor-default disabled:opacity-35 disabled:hover:bg-transparent',
                action?.danger && 'hover:text-red-600 dark:hover:text-red-400',
              )}
            >
              {Icon && <Icon className="size-5" aria-hidden />}
            </IconButton>
          );
        })}
        <Divider />
      </div>
      {context === 'trash' && (
        <>
          <Button
            variant="ghost"
            disabled={!hasItems}
            onClick={() => actions.emptyTrash()}
            className="text-red-600 max-md:hidden dark:text-red-400"
          >
            {t('trash.empty_trash')}
          </Button>
          <IconButton
            label={t('trash.empty_trash')}
            disabled={!hasItems}
            onClick={() => actions.emptyTrash()}
            className="text-red-600 disabled:opacity-35 md:hidden dark:text-red-400"
          >
            <Trash2 className="size-5" aria-hidden />
          </IconButton>
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
      {viewMenu.length > 0 && (
        <div className="@max-5xl:hidden">
          <DropdownMenu
            actions={viewMenu}
            trigger={
              <IconButton label={t('files.sort.label')}>
                <ArrowDownUp className="size-5" aria-hidden />
              </IconButton>
            }
          />
        </div>
      )}
      <IconButton
        label={prefs.previewType === 'list' ? t('files.view_grid') : t('files.view_list')}
        onClick={prefs.togglePreviewType}
        className="@max-5xl:hidden"
      >
        {prefs.previewType === 'list' ? (
          <LayoutGrid className="size-5" aria-hidden />
        ) : (
          <List className="size-5" aria-hidden />
        )}
      </IconButton>
      <IconButton
        label={t('files.details')}
        aria-pressed={prefs.fileInfoVisible}
        active={prefs.fileInfoVisible}
        onClick={prefs.toggleFileInfo}
        className="max-xl:hidden"
      >
        <Info className="size-5" aria-hidden />
      </IconButton>
      <div className="@5xl:hidden">
        <DropdownMenu
          actions={phoneMenu}
          trigger={
            <IconButton label={t('files.view_options')}>
              <SlidersHorizontal className="size-5" aria-hidden />
            </IconButton>
          }
        />
      </div>
    </>
  );
}

const toolbarIcons: Record<string, LucideIcon> = {
  download: Download,
  rename: Pencil,
  move: FolderInput,
  trash: Trash2,
  restore: ArchiveRestore,
  'delete-forever': X,
  share: Link2,
};

/**
 * The screen's name: one line cut with an ellipsis only when nothing else can give way on wider
 * screens; on phones up to two lines in a smaller size ("Zuletzt hochgeladen" beside four buttons).
 */
function Title({ children }: { children: ReactNode }) {
  return (
    <h1 className="text-lg font-semibold break-words text-neutral-900 max-md:line-clamp-2 max-md:text-base max-md:leading-tight md:truncate dark:text-white">
      {children}
    </h1>
  );
}

/** Screen name with its section icon, plus the file screen actions. */
export function Header() {
  const { t } = useTranslation();
  const { title, icon: Icon } = useScreen();
  const section = useSection();
  const navigationVisible = usePreferences((s) => s.navigationBarVisible);
  const toggleNavigation = usePreferences((s) => s.toggleNavigationBar);
  const openMenu = useShell((s) => s.setMobileMenuOpen);
  const context = useBrowser((s) => s.context);
  const folderName = useBrowser((s) => (s.context !== 'recent' ? s.folder?.attributes.name : undefined));
  const onFiles = section === 'Platform';
  const fileScreen = onFiles && context !== null;
  const folderId = useCurrentFolderId();
  // While a folder loads, the header and the tab name it if a listing showed it (never "Files").
  const folderLoading = folderId !== null && folderName === undefined && context !== 'recent';
  const pendingName = folderLoading ? knownFolderName(folderId) : undefined;
  const screenName = folderName ?? pendingName ?? (folderLoading ? '' : title ? t(title) : '');
  const { appName } = useConfig();
  useEffect(() => {
    document.title = screenName ? `${screenName} – ${appName}` : appName;
  }, [screenName, appName]);
  return (
    <header className="@container flex h-[72px] shrink-0 items-center gap-1 border-b border-neutral-200 px-2 sm:gap-2 sm:px-5 dark:border-neutral-800/80">
      <IconButton label={t('nav.open_menu')} onClick={() => openMenu(true)} className="md:hidden">
        <Menu className="size-5" aria-hidden />
      </IconButton>
      {onFiles && !navigationVisible && (
        <IconButton label={t('nav.show_navigation')} onClick={toggleNavigation} className="max-md:hidden">
          <PanelLeftOpen className="size-5" aria-hidden />
        </IconButton>
      )}
      {/* Its own width first (flex-auto), then what is left: the toolbar's search field shrinks first. */}
      <div className="flex min-w-0 flex-auto items-center gap-2.5 pl-1">
        {Icon && <Icon className="hidden size-5 shrink-0 text-accent-strong sm:block dark:text-accent" aria-hidden />}
        {screenName ? (
          <Title>{screenName}</Title>
        ) : (
          // A folder opened from an address nothing has listed yet: a placeholder until it loads.
          <span
            aria-hidden
            className="h-5 w-40 max-w-[50%] animate-pulse rounded-md bg-neutral-200 dark:bg-neutral-800"
          />
        )}
      </div>
      {fileScreen ? <FileToolbar /> : <SearchField />}
      {/* On phones the rail, and its bell, fold away: the bell moves here. */}
      <div className="md:hidden">
        <NotificationBell side="bottom" />
      </div>
    </header>
  );
}

import { ChevronDown, ChevronRight, Star } from 'lucide-react';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from '../../app/routing';
import { toast } from '../../lib/toast';
import { create } from 'zustand';
import { errorMessage } from '../../lib/forms';
import { showAlert } from '../../lib/popups';
import { cn } from '../../ui/cn';
import { useFolderDrop, type DropHandlers } from './browser/dnd';
import { useDropHandlers } from './browser/useDropHandlers';
import { FolderIcon } from './browser/ItemIcon';
import { useFilesSource } from './browser/source';
import { useBrowser } from './browser/store';
import {
  useFavourites,
  useNavigationLevel,
  useToggleFavourite,
  type Favourite,
  type TreeLevelFolder,
} from './files.api';
import { folderPath } from './items';

interface TreeState {
  open: boolean;
  expanded: ReadonlySet<string>;
  toggleOpen: () => void;
  toggle: (id: string) => void;
  expand: (ids: string[]) => void;
}

/** Shared by the navigator column and the phone menu, so both show the same branches open. */
export const useTreeState = create<TreeState>((set) => ({
  open: true,
  expanded: new Set(),
  toggleOpen: () => set((s) => ({ open: !s.open })),
  toggle: (id) =>
    set((s) => {
      const expanded = new Set(s.expanded);
      if (expanded.has(id)) expanded.delete(id);
      else expanded.add(id);
      return { expanded };
    }),
  expand: (ids) =>
    set((s) => (ids.every((id) => s.expanded.has(id)) ? s : { expanded: new Set([...s.expanded, ...ids]) })),
}));

/**
 * Folders the Folders tree leaves out: the user's own team folders, which the navigator lists
 * under Team Folders already (issue 41, point 15; the reference's tree leaves them out too).
 */
const HiddenFolders = createContext<ReadonlySet<string>>(new Set());

export const rowClass = (active: boolean, over: boolean) =>
  cn(
    'flex min-h-11 min-w-0 flex-1 items-center gap-2.5 rounded-xl pr-2 text-sm font-medium transition md:min-h-10',
    active
      ? 'bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent'
      : 'text-neutral-700 hover:bg-neutral-200/60 dark:text-neutral-300 dark:hover:bg-neutral-800/70',
    over && 'bg-accent/15 ring-2 ring-accent ring-inset',
  );

function TreeNode({
  folder,
  depth,
  ancestors,
  on,
  onNavigate,
  pathOf,
}: {
  folder: TreeLevelFolder;
  depth: number;
  ancestors: string[];
  on: DropHandlers;
  onNavigate?: () => void;
  pathOf?: (id: string) => string;
}) {
  const { t } = useTranslation();
  const expanded = useTreeState((s) => s.expanded.has(folder.id));
  const toggle = useTreeState((s) => s.toggle);
  const drop = useFolderDrop({ target: { id: folder.id, name: folder.name }, ancestors, on });
  const source = useFilesSource();
  const folderPath = pathOf ?? source.folderPath;
  const hasChildren = folder.has_folders;
  return (
    <li>
      <div className="flex items-center" style={{ paddingLeft: depth * 14 }}>
        {hasChildren ? (
          <button
            type="button"
            onClick={() => toggle(folder.id)}
            aria-expanded={expanded}
            aria-label={t(expanded ? 'nav.collapse_folder' : 'nav.expand_folder', { name: folder.name })}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-200/70 hover:text-neutral-900 md:size-8 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
          >
            <ChevronRight className={cn('size-4 transition-transform', expanded && 'rotate-90')} aria-hidden />
          </button>
        ) : (
          <span className="size-10 shrink-0 md:size-8" />
        )}
        <NavLink
          to={folderPath(folder.id)}
          end
          onClick={onNavigate}
          {...drop.handlers}
          className={({ isActive }) => cn(rowClass(isActive, drop.over), 'pl-1.5')}
        >
          <FolderIcon color={folder.color} emoji={folder.emoji} size="xs" />
          <span className="truncate" title={folder.name}>
            {folder.name}
          </span>
        </NavLink>
      </div>
      {/* A branch's level is loaded when it is first opened (ADR 0072). */}
      {expanded && hasChildren && (
        <FolderLevel
          parentId={folder.id}
          depth={depth + 1}
          ancestors={[...ancestors, folder.id]}
          on={on}
          onNavigate={onNavigate}
          pathOf={pathOf}
        />
      )}
    </li>
  );
}

/** A navigator section's heading that folds it away, like Folders and Collaboration. */
export function SectionHeading({ label, open, onToggle }: { label: string; open: boolean; onToggle: () => void }) {
  return (
    <h2>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        className="flex min-h-8 w-full items-center justify-between rounded-lg px-3 text-sm font-semibold text-neutral-500 hover:text-neutral-800 dark:text-neutral-400 dark:hover:text-neutral-200"
      >
        {label}
        <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden />
      </button>
    </h2>
  );
}

/** The rows of a loading level, as grey bars. */
function LevelSkeleton({ indent }: { indent: number }) {
  return (
    <div className="space-y-2 py-2 pr-3" style={{ paddingLeft: indent }} aria-hidden>
      {[70, 55, 62].map((w) => (
        <div
          key={w}
          className="h-4 animate-pulse rounded-full bg-neutral-200 dark:bg-neutral-800"
          style={{ width: `${w}%` }}
        />
      ))}
    </div>
  );
}

/** A failed level says so and offers to load it again. */
function LevelError({ indent, retrying, onRetry }: { indent: number; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="space-y-1.5 py-2 pr-3 text-sm" style={{ paddingLeft: indent }}>
      <p className="text-neutral-600 dark:text-neutral-400">{t('nav.folders_failed')}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="font-medium text-accent-strong underline-offset-2 hover:underline disabled:opacity-60 dark:text-accent"
      >
        {t('common.try_again')}
      </button>
    </div>
  );
}

/** One level below an opened folder: fetched on its own, then its rows (each may open the next). */
function FolderLevel({
  parentId,
  depth,
  ancestors,
  on,
  onNavigate,
  pathOf,
}: {
  parentId: string | null;
  depth: number;
  ancestors: string[];
  on: DropHandlers;
  onNavigate?: () => void;
  pathOf?: (id: string) => string;
}) {
  const level = useNavigationLevel(parentId);
  const hidden = useContext(HiddenFolders);
  const indent = depth * 14 + 12;
  if (level.isPending) return <LevelSkeleton indent={indent} />;
  if (level.isError && !level.data) {
    return <LevelError indent={indent} retrying={level.isFetching} onRetry={() => void level.refetch()} />;
  }
  return (
    <ul>
      {level.data
        .filter((folder) => !hidden.has(folder.id))
        .map((folder) => (
          <TreeNode
            key={folder.id}
            folder={folder}
            depth={depth}
            ancestors={ancestors}
            on={on}
            onNavigate={onNavigate}
            pathOf={pathOf}
          />
        ))}
    </ul>
  );
}

/** Opens the branch of the folder on screen, so it can be seen highlighted (its levels load). */
function useOpenPathToCurrent() {
  const expand = useTreeState((s) => s.expand);
  const path = useBrowser((s) => (s.context === 'files' ? s.path : null));
  useEffect(() => {
    if (path && path.length > 1) expand(path.slice(0, -1).map((p) => p.id));
  }, [path, expand]);
}

/**
 * The folders in `parentId` (null: the source's top) as collapsible rows that open them and take
 * dropped items (`depth` indents them); each branch loads its own level when opened (ADR 0072).
 */
export function FolderTree({
  parentId,
  depth = 0,
  ancestors = [],
  onNavigate,
  pathOf,
}: {
  parentId: string | null;
  depth?: number;
  ancestors?: string[];
  onNavigate?: () => void;
  /** The route of a folder, when not the source's (the navigator's team trees). */
  pathOf?: (id: string) => string;
}) {
  const on = useDropHandlers();
  useOpenPathToCurrent();
  return (
    <div className="mt-1">
      <FolderLevel
        parentId={parentId}
        depth={depth}
        ancestors={ancestors}
        on={on}
        onNavigate={onNavigate}
        pathOf={pathOf}
      />
    </div>
  );
}

/** The navigator's folder tree (spec: navigation tree): opens folders, takes dropped items. */
export function FolderTreeNav({
  onNavigate,
  hidden = noFolders,
}: {
  onNavigate?: () => void;
  /** Folders listed elsewhere in the navigator (the user's team folders): left out here. */
  hidden?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const level = useNavigationLevel(null);
  const shown = level.data?.filter((folder) => !hidden.has(folder.id));
  const on = useDropHandlers();
  useOpenPathToCurrent();
  const open = useTreeState((s) => s.open);
  const toggleOpen = useTreeState((s) => s.toggleOpen);
  return (
    <HiddenFolders.Provider value={hidden}>
      <div>
        <SectionHeading label={t('nav.folders')} open={open} onToggle={toggleOpen} />
        {open &&
          (level.isPending ? (
            <div className="space-y-2 px-3 py-2" aria-hidden>
              {[70, 55, 62].map((w) => (
                <div
                  key={w}
                  className="h-4 animate-pulse rounded-full bg-neutral-200 dark:bg-neutral-800"
                  style={{ width: `${w}%` }}
                />
              ))}
            </div>
          ) : shown && shown.length > 0 ? (
            <ul className="mt-1">
              {shown.map((folder) => (
                <TreeNode key={folder.id} folder={folder} depth={0} ancestors={[]} on={on} onNavigate={onNavigate} />
              ))}
            </ul>
          ) : level.isError ? (
            // A failed load is not an empty account: say so, and offer to try again.
            <div role="alert" className="space-y-1.5 px-3 py-2 text-sm">
              <p className="text-neutral-600 dark:text-neutral-400">{t('nav.folders_failed')}</p>
              <button
                type="button"
                onClick={() => void level.refetch()}
                disabled={level.isFetching}
                className="font-medium text-accent-strong underline-offset-2 hover:underline disabled:opacity-60 dark:text-accent"
              >
                {t('common.try_again')}
              </button>
            </div>
          ) : (
            <p className="px-3 py-2 text-sm text-neutral-500 dark:text-neutral-400">{t('nav.folders_empty')}</p>
          ))}
      </div>
    </HiddenFolders.Provider>
  );
}

const noFolders: ReadonlySet<string> = new Set();

function FavouriteRow({ folder, on, onNavigate }: { folder: Favourite; on: DropHandlers; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const toggle = useToggleFavourite();
  const drop = useFolderDrop({ target: { id: folder.id, name: folder.name }, on });
  const unstar = () =>
    toggle.mutateAsync({ id: folder.id, favourite: false }).then(
      () => toast.success(t('files.favourite_removed', { name: folder.name })),
      (error: unknown) => showAlert(t('files.action_failed'), errorMessage(t, error)),
    );
  return (
    <li className="flex items-center gap-0.5">
      <NavLink
        to={folderPath(folder.id)}
        end
        onClick={onNavigate}
        {...drop.handlers}
        className={({ isActive }) => cn(rowClass(isActive, drop.over), 'pl-3')}
      >
        <FolderIcon color={folder.color} emoji={folder.emoji} size="xs" />
        <span className="truncate" title={folder.name}>
          {folder.name}
        </span>
      </NavLink>
      <button
        type="button"
        onClick={unstar}
        disabled={toggle.isPending}
        aria-label={t('nav.unfavourite', { name: folder.name })}
        title={t('nav.unfavourite', { name: folder.name })}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-amber-400 hover:bg-neutral-200/70 dark:hover:bg-neutral-800"
      >
        <Star className="size-4 fill-current" aria-hidden />
      </button>
    </li>
  );
}

/** Starred folders (the user's favourites), one click away. */
export function FavouritesNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const on = useDropHandlers();
  return (
    <div>
      <h2 className="mb-1 px-3 text-sm font-semibold text-neutral-500 dark:text-neutral-400">{t('nav.favourites')}</h2>
      {favourites.length ? (
        <ul className="space-y-0.5">
          {favourites.map((f) => (
            <FavouriteRow key={f.id} folder={f} on={on} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 px-3 py-2 text-sm text-neutral-500 dark:text-neutral-400">
          <Star className="size-4 shrink-0" aria-hidden />
          {t('nav.favourites_empty')}
        </p>
      )}
    </div>
  );
}

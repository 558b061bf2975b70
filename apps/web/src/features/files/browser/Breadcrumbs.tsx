import type { Breadcrumb } from '@filestore/contract';
import { ChevronRight, Ellipsis } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from '../../../app/routing';
import { cn } from '../../../ui/cn';
import { DropdownMenu } from '../../../ui/Menu';
import type { MoveTarget } from '../actions';
import { trashPath } from '../items';
import { useFolderDrop, type DropHandlers } from './dnd';
import { useFilesSource } from './source';
import { useDropHandlers } from './useDropHandlers';

interface Segment {
  id: string | null;
  name: string;
  to: string;
}

function SegmentLink({
  segment,
  droppable,
  ancestors,
  on,
}: {
  segment: Segment;
  droppable: boolean;
  ancestors: string[];
  on: DropHandlers;
}) {
  const target: MoveTarget = { id: segment.id, name: segment.name };
  const drop = useFolderDrop({ target, ancestors, on });
  return (
    <Link
      to={segment.to}
      {...(droppable ? drop.handlers : {})}
      className={cn(
        'block max-w-48 truncate rounded-lg px-2 py-1.5 text-neutral-600 transition hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white',
        drop.over && 'bg-accent/15 text-accent-strong ring-2 ring-accent dark:text-accent',
      )}
    >
      {segment.name}
    </Link>
  );
}

/** A link's path starts below its own folder, whatever the server put above it. */
function pathBelow(path: Breadcrumb[], rootId: string | null): Breadcrumb[] {
  const at = rootId ? path.findIndex((p) => p.id === rootId) : -1;
  return at >= 0 ? path.slice(at + 1) : path;
}

/**
 * "My Files › Projects › 2024" from the listing's `meta.path` (a link's starts at its folder).
 * Every segment but the last is a link and takes dropped items; long paths fold their middle
 * into a menu.
 */
export function Breadcrumbs({ path, trash = false }: { path: Breadcrumb[]; trash?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const on = useDropHandlers();
  const source = useFilesSource();
  const toOf = (id: string | null) => (trash ? trashPath(id) : source.folderPath(id));
  const rootName = trash
    ? t('nav.trash')
    : source.team
      ? t(source.team.location === 'team-folders' ? 'nav.team_folders' : 'nav.shared_with_me')
      : (source.root.name ?? t('nav.my_files'));
  const segments: Segment[] = [
    { id: trash ? null : source.root.id, name: rootName, to: toOf(null) },
    ...pathBelow(path, source.root.id).map((p) => ({ id: p.id, name: p.name, to: toOf(p.id) })),
  ];
  const current = segments[segments.length - 1]!;
  const before = segments.slice(0, -1);
  const folded = before.length > 3 ? before.slice(1, -1) : [];
  const shown = folded.length ? [before[0]!, before[before.length - 1]!] : before;
  const ancestorsOf = (index: number) => segments.slice(1, index).map((s) => s.id!);

  return (
    <nav aria-label={t('files.breadcrumb')} className="shrink-0 px-3 pt-3 sm:px-5">
      <ol className="flex min-w-0 items-center gap-0.5 text-sm font-medium">
        {shown.map((segment, i) => (
          <li key={segment.id ?? 'root'} className="flex min-w-0 items-center gap-0.5">
            {i === 1 && folded.length > 0 && (
              <>
                <DropdownMenu
                  align="start"
                  actions={folded.map((f) => ({
                    id: f.id ?? 'root',
                    label: f.name,
                    onSelect: () => void navigate(f.to),
                  }))}
                  trigger={
                    <button
                      type="button"
                      aria-label={t('files.breadcrumb_more')}
                      className="inline-flex size-8 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-800"
                    >
                      <Ellipsis className="size-4" aria-hidden />
                    </button>
                  }
                />
                <ChevronRight className="size-4 shrink-0 text-neutral-400" aria-hidden />
              </>
            )}
            <SegmentLink
              segment={segment}
              // A team screen's top gathers team folders: nothing can be dropped there.
              droppable={!trash && source.can('move') && !(source.team && segment.id === null)}
              ancestors={ancestorsOf(segments.indexOf(segment))}
              on={on}
            />
            <ChevronRight className="size-4 shrink-0 text-neutral-400" aria-hidden />
          </li>
        ))}
        <li className="min-w-0">
          <span
            aria-current="page"
            className="block truncate px-2 py-1.5 font-semibold text-neutral-900 dark:text-white"
          >
            {current.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

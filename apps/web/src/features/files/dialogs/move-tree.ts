import type { TreeLevelFolder } from '../files.api';

export interface Row {
  id: string | null;
  name: string;
  emoji: string | null;
  color: string | null;
  depth: number;
  parent: string | null | undefined;
  hasChildren: boolean;
  expanded: boolean;
  /** Open, with its level still on its way. */
  loading: boolean;
  /** Open, but its level could not be loaded: shown closed, and opening it again asks again. */
  failed: boolean;
  /** One of the moved folders or inside one: a folder can't go into itself. */
  disabled: boolean;
}

export const ROOT = 'root';
export const keyOf = (id: string | null) => id ?? ROOT;

/** The levels of a picker's tree that are loaded, by the folder they are in (the top: `top`). */
export type Levels = ReadonlyMap<string | null, readonly TreeLevelFolder[]>;

/**
 * The open folders whose level is to be shown: those reachable from the top through loaded, open
 * levels (ADR 0072). An open folder below one not loaded yet waits for its parent's level.
 */
export function openLevels(
  top: string | null,
  level: (id: string | null) => readonly TreeLevelFolder[] | undefined,
  expanded: ReadonlySet<string>,
): (string | null)[] {
  const wanted: (string | null)[] = [top];
  const walk = (list: readonly TreeLevelFolder[] | undefined) => {
    for (const f of list ?? []) {
      if (!expanded.has(f.id) || !f.has_folders) continue;
      wanted.push(f.id);
      walk(level(f.id));
    }
  };
  walk(level(top));
  return wanted;
}

/** The visible rows of a destination tree: the root, then open branches, depth first. */
export function flatten(
  top: string | null,
  levels: Levels,
  rootName: string,
  expanded: ReadonlySet<string>,
  moving: ReadonlySet<string>,
  failed: ReadonlySet<string | null> = new Set(),
): Row[] {
  const first = levels.get(top) ?? [];
  const rows: Row[] = [
    {
      id: null,
      name: rootName,
      emoji: null,
      color: null,
      depth: 0,
      parent: undefined,
      hasChildren: first.length > 0,
      expanded: true,
      loading: false,
      failed: false,
      disabled: false,
    },
  ];
  const walk = (list: readonly TreeLevelFolder[], depth: number, parent: string | null, blocked: boolean) => {
    for (const f of list) {
      const disabled = blocked || moving.has(f.id);
      const below = levels.get(f.id);
      // A level that failed is not on its way: without this its row would spin for ever.
      const broken = expanded.has(f.id) && f.has_folders && !below && failed.has(f.id);
      const open = expanded.has(f.id) && f.has_folders && !broken;
      rows.push({
        id: f.id,
        name: f.name,
        emoji: f.emoji,
        color: f.color,
        depth,
        parent,
        hasChildren: f.has_folders,
        expanded: open,
        loading: open && !below,
        failed: broken,
        disabled,
      });
      if (open && below) walk(below, depth + 1, f.id, disabled);
    }
  };
  walk(first, 1, null, false);
  return rows;
}

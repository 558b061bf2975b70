import type { TreeFolder } from '../files.api';

export interface Row {
  id: string | null;
  name: string;
  emoji: string | null;
  color: string | null;
  depth: number;
  parent: string | null | undefined;
  hasChildren: boolean;
  expanded: boolean;
  /** One of the moved folders or inside one: a folder can't go into itself. */
  disabled: boolean;
}

export const ROOT = 'root';
export const keyOf = (id: string | null) => id ?? ROOT;

/** The visible rows of the destination tree: the root, then open branches, depth first. */
export function flatten(folders: TreeFolder[], rootName: string, expanded: Set<string>, moving: Set<string>): Row[] {
  const rows: Row[] = [
    {
      id: null,
      name: rootName,
      emoji: null,
      color: null,
      depth: 0,
      parent: undefined,
      hasChildren: folders.length > 0,
      expanded: true,
      disabled: false,
    },
  ];
  const walk = (list: TreeFolder[], depth: number, parent: string | null, blocked: boolean) => {
    for (const f of list) {
      const disabled = blocked || moving.has(f.id);
      const open = expanded.has(f.id);
      rows.push({
        id: f.id,
        name: f.name,
        emoji: f.emoji,
        color: f.color,
        depth,
        parent,
        hasChildren: f.folders.length > 0,
        expanded: open,
        disabled,
      });
      if (open) walk(f.folders, depth + 1, f.id, disabled);
    }
  };
  walk(folders, 1, null, false);
  return rows;
}

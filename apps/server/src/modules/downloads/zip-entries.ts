import { validationFailed } from '../../lib/errors.js';
import { nameWithSuffix, type ItemRow, type TreeRow } from '../files/index.js';

export type ZipEntry =
  | { type: 'folder'; path: string; mtime: Date }
  | { type: 'file'; path: string; mtime: Date; blobKey: string; size: number };

// The zip format stores a name length in 16 bits.
const MAX_PATH_BYTES = 0xffff;

/**
 * A name as one path segment that no unzip tool can turn into a path outside the target folder:
 * our names already forbid slashes and control characters, but the archive must stay safe even if
 * a row says otherwise. Separators become `_`, `.`/`..` become `_`, and a drive prefix (`C:`)
 * loses its colon. Everything else, emoji and right-to-left text included, is kept (UTF-8 flag).
 */
export function safeSegment(name: string): string {
  // eslint-disable-next-line no-control-regex
  let segment = name.replace(/[/\\]/g, '_').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  if (segment.trim() === '' || segment === '.' || segment === '..') segment = '_';
  if (/^[a-zA-Z]:/.test(segment)) segment = `${segment[0]}_${segment.slice(2)}`;
  return segment;
}

/** Keeps paths unique (case-insensitively, like the file systems archives are unpacked on). */
class PathSet {
  private readonly taken = new Set<string>();

  claim(dir: string, name: string, type: 'folder' | 'file'): string {
    const base = safeSegment(name);
    for (let n = 0; ; n++) {
      const path = dir + nameWithSuffix(base, type, n);
      const key = path.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        if (Buffer.byteLength(path) >= MAX_PATH_BYTES) {
          throw validationFailed({ items: ['A path inside this selection is too long for a zip archive.'] });
        }
        return path;
      }
    }
  }
}

/**
 * What goes into the archive: chosen files at the top, chosen folders as `Folder/…` with their live
 * tree below. Two chosen items with the same name get " (n)" like a folder would give them.
 *
 * Only empty folders get a directory entry (the others exist through the paths of what they hold),
 * and directory entries come first. Both keep yazl safe: it writes a run of directory entries that
 * waited behind a file by recursion (a few thousand overflow the stack), and it looks for the next
 * entry by scanning from the first one (quadratic in the entry count), so adding directories while
 * nothing is pending writes each at once, and fewer entries mean shorter scans.
 */
export function planZipEntries(selected: readonly ItemRow[], trees: readonly TreeRow[]): ZipEntry[] {
  const byRoot = new Map<string, TreeRow[]>();
  const parents = new Set<string>();
  for (const row of trees) {
    parents.add(row.parentId);
    const list = byRoot.get(row.rootId);
    if (list) list.push(row);
    else byRoot.set(row.rootId, [row]);
  }
  const paths = new PathSet();
  const directories: ZipEntry[] = [];
  const files: ZipEntry[] = [];
  const add = (
    id: string,
    type: 'folder' | 'file',
    path: string,
    mtime: Date,
    blobKey: string | null,
    size: number,
  ) => {
    if (type === 'file') files.push({ type, path, mtime, blobKey: blobKey ?? '', size });
    else if (!parents.has(id)) directories.push({ type, path: `${path}/`, mtime });
  };
  for (const item of selected) {
    const path = paths.claim('', item.name, item.type);
    add(item.id, item.type, path, item.updatedAt, item.blobKey, item.size);
    if (item.type === 'file') continue;
    const folderPaths = new Map<string, string>([[item.id, `${path}/`]]);
    for (const row of byRoot.get(item.id) ?? []) {
      const dir = folderPaths.get(row.parentId);
      if (dir === undefined) continue; // cannot happen: parents come first
      const rowPath = paths.claim(dir, row.name, row.type);
      if (row.type === 'folder') folderPaths.set(row.id, `${rowPath}/`);
      add(row.id, row.type, rowPath, row.mtime, row.blobKey, row.size);
    }
  }
  return [...directories, ...files];
}

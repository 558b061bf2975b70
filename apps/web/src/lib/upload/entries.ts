/**
 * What the user picked or dropped, as files with their path inside it, plus every directory seen
 * (so empty folders of a dropped tree are kept too).
 */
export interface SourceFile {
  file: File;
  /** "a.txt" for a loose file, "Photos/2024/a.jpg" for a file inside a picked or dropped folder. */
  relativePath: string;
}

export interface SourceTree {
  files: SourceFile[];
  /** Relative paths of directories, e.g. "Photos", "Photos/2024". */
  directories: string[];
}

/** Files from an `<input type=file>` (a folder picker fills webkitRelativePath). */
export function fromFileList(list: FileList | readonly File[]): SourceTree {
  const files = Array.from(list, (file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
  return { files, directories: [] };
}

/** What a drop holds: entries to walk (files and folders), and files the browser gave no entry for. */
export interface DroppedItems {
  entries: FileSystemEntry[];
  files: File[];
}

/**
 * The entries of a drop. DataTransfer items are readable only while the drop event runs, so this
 * must be called synchronously in the handler.
 */
export function takeEntries(dataTransfer: DataTransfer): DroppedItems {
  const dropped: DroppedItems = { entries: [], files: [] };
  const items = Array.from(dataTransfer.items ?? []);
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    const file = entry ? null : item.getAsFile();
    if (entry) dropped.entries.push(entry);
    else if (file) dropped.files.push(file);
  }
  if (items.length === 0) dropped.files.push(...Array.from(dataTransfer.files ?? []));
  return dropped;
}

const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;
const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;

function fileOf(entry: FileSystemFileEntry): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

/** A directory reader hands out entries in batches (100 in Chromium) until an empty one. */
async function childrenOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, prefix: string, tree: SourceTree): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (isFile(entry)) {
    const file = await fileOf(entry);
    if (file) tree.files.push({ file, relativePath: path });
    return;
  }
  if (isDirectory(entry)) {
    tree.directories.push(path);
    const children = await childrenOf(entry);
    await Promise.all(children.map((child) => walk(child, path, tree)));
  }
}

/** Reads dropped files and whole folders, recursively. */
export async function readDropped({ entries, files }: DroppedItems): Promise<SourceTree> {
  const tree: SourceTree = { files: files.map((file) => ({ file, relativePath: file.name })), directories: [] };
  await Promise.all(entries.map((entry) => walk(entry, '', tree)));
  tree.files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  tree.directories.sort();
  return tree;
}

export interface FolderUpload {
  /** The top folder's name; it is created first, where the upload goes. */
  name: string;
  /** Files with `path` = "/" + their path inside the top folder ("/2024/a.jpg"). */
  files: { file: File; path: string }[];
  /** Folders inside the top one with nothing in them, as name segments ("2024", "empty"). */
  emptyDirectories: string[][];
}

export interface UploadPlan {
  /** Loose files that go straight into the target folder. */
  files: File[];
  folders: FolderUpload[];
}

/** Splits a tree into loose files and one upload per top-level folder. */
export function planUpload(tree: SourceTree): UploadPlan {
  const plan: UploadPlan = { files: [], folders: [] };
  const folders = new Map<string, FolderUpload>();
  const folder = (name: string) => {
    let found = folders.get(name);
    if (!found) {
      found = { name, files: [], emptyDirectories: [] };
      folders.set(name, found);
      plan.folders.push(found);
    }
    return found;
  };
  const occupied = new Set<string>();
  for (const { file, relativePath } of tree.files) {
    const segments = relativePath.split('/').filter(Boolean);
    const [top, ...rest] = segments;
    if (!top || rest.length === 0) {
      plan.files.push(file);
      continue;
    }
    folder(top).files.push({ file, path: `/${rest.join('/')}` });
    for (let i = 1; i < segments.length; i++) occupied.add(segments.slice(0, i).join('/'));
  }
  const directories = [...new Set(tree.directories)].map((d) => d.split('/').filter(Boolean));
  const parents = new Set(directories.map((segments) => segments.slice(0, -1).join('/')));
  for (const segments of directories) {
    const [top, ...rest] = segments;
    if (!top) continue;
    const target = folder(top);
    const path = segments.join('/');
    // Creating a leaf creates its parents, and folders holding files come with the files.
    if (rest.length > 0 && !parents.has(path) && !occupied.has(path)) target.emptyDirectories.push(rest);
  }
  return plan;
}

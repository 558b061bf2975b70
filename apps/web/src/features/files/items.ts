import type { FileResource, FolderResource, ItemRef, ItemResource } from '@filestore/contract';

/** One entry of a listing, as the contract presents it (the inner `data` of a resource). */
export type Item = ItemResource['data'];
export type FolderItem = FolderResource['data'];
export type FileItem = FileResource['data'];

export const isFolder = (item: Item): item is FolderItem => item.type === 'folder';
export const isFile = (item: Item): item is FileItem => item.type === 'file';

export const refOf = (item: Item): ItemRef => ({ id: item.id, type: item.type });

/** The Files route of a folder (null is the root of My Files). */
export const folderPath = (folderId: string | null) => (folderId ? `/platform/files/${folderId}` : '/platform/files');
export const trashPath = (folderId: string | null) => (folderId ? `/platform/trash/${folderId}` : '/platform/trash');

/** "photo.jpg" → "photo": the part a rename dialog selects first. */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

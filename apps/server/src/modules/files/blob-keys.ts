import { thumbnailUrls, type ThumbnailUrls } from '@filestore/contract';

/** The sizes a file's thumbnails come in, as the contract names their URLs. */
export type ThumbnailSize = keyof ThumbnailUrls;
export const thumbnailSizeNames: readonly ThumbnailSize[] = thumbnailUrls.keyof().options;

/**
 * Where a file's thumbnails are stored. They belong to the file item (files deletes them with its
 * bytes); the thumbnails module makes and serves them.
 */
export const thumbnailKey = (itemId: string, size: ThumbnailSize) => `thumbs/${itemId}/${size}`;

/** Every blob key a file's thumbnails may occupy: delete them with the file. */
export const thumbnailKeys = (itemId: string) => thumbnailSizeNames.map((size) => thumbnailKey(itemId, size));

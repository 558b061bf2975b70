// Every table, for drizzle-kit and for anyone who wants the whole picture.
export * from '../modules/users/users.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/settings/settings.table.js';
export * from '../modules/pages/pages.table.js';
export * from '../modules/files/items.table.js';
export * from '../modules/uploads/upload-sessions.table.js';
export * from '../modules/sharing/shares.table.js';
export * from '../modules/file-requests/file-requests.table.js';
export * from '../modules/storage/blob-deletions.table.js';
export * from '../modules/auth/access-tokens.table.js';
export * from '../modules/social/social.table.js';
export * from '../modules/auth/passkeys.table.js';
export * from '../modules/uploads/bulk-uploads.table.js';

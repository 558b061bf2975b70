/** English strings of uploads, downloads, preview, search and storage (see en.ts for the rules). */
export const enTransfer: Record<string, string> = {};

/** English strings of the file browser: listing, selection, menus, popups, trash (see en.ts for the rules). */
export const enFiles: Record<string, string> = {};

/**
 * Plain constants the web app's forms share with the schemas. They live apart from the schemas so
 * that the web, which imports no zod at run time, can take them without the schemas beside them.
 */

/** Spec §5: non-space text, an at sign, non-space text, a dot, more text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const PASSWORD_MIN = 8;
export const ITEM_NAME_MAX = 255;
/** Folders nest at most this deep: a folder at the root is at depth 1 (ADR 0012). */
export const FOLDER_DEPTH_MAX = 256;

/**
 * The most items one request may name (move, trash, delete, restore, favourites): bounds the work
 * one request causes. Far above a selection people make by hand (a zip holds up to 1,000); more
 * answers 400 `items.too_many`, and a client sends a larger selection in batches.
 */
export const ITEMS_PER_REQUEST_MAX = 5_000;
/**
 * The longest `items` of a zip by GET (`/api/zip?items=…`, a share link's too): about 150 items,
 * whose URL, encoded, fits one 8 KiB header buffer (nginx's default) and Node's 16 KiB of headers
 * with a browser's own. A larger selection is posted (`POST /api/zip`, ADR 0023, ADR 0067).
 */
export const ZIP_QUERY_ITEMS_MAX = 7_000;
/** Spec §9: the expiration options, in hours (1, 2, 6, 12 hours; 1, 2, 7 days). */
export const SHARE_EXPIRATION_HOURS = [1, 2, 6, 12, 24, 48, 168] as const;

/** Spec §2 remote-upload popup: URLs one request may name, and the longest URL accepted. */
export const REMOTE_UPLOAD_URLS_MAX = 50;
export const REMOTE_UPLOAD_URL_MAX = 2048;

/** Personal access tokens (ADR 0032): the name's length, and how many one account may hold. */
export const ACCESS_TOKEN_NAME_MIN = 3;
export const ACCESS_TOKEN_NAME_MAX = 100;
export const ACCESS_TOKENS_PER_USER_MAX = 50;

/** `GET /api/user` lists at most this many of each (read, unread): ADR 0026. */
export const USER_NOTIFICATIONS_LISTED = 5;
/** … and counts each up to this many (the bell shows "99+" above 99). */
export const NOTIFICATIONS_COUNT_CAP = 100;
/** The most notifications one page of `GET /api/notifications` holds. */
export const NOTIFICATIONS_PAGE_MAX = 50;

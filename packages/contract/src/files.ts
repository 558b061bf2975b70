import { z } from 'zod';
import { avatar, CONTROL_CHARACTERS, looseBoolean } from './common.js';
import { messageResponse, type CodedIssue } from './errors.js';
import { ITEM_NAME_MAX, ITEMS_PER_REQUEST_MAX, ZIP_QUERY_ITEMS_MAX } from './limits.js';

/**
 * Folders and files (spec §3 "Folder or file entry"). Both live in one tree; ids are UUIDs and
 * unique across folders and files, so `type` in a request only has to agree with the item.
 */
export const itemType = z.enum(['folder', 'file']);
export type ItemType = z.infer<typeof itemType>;

export const fileCategory = z.enum(['image', 'video', 'audio', 'document', 'other']);
export type FileCategory = z.infer<typeof fileCategory>;

export const uuid = z.uuid({ message: 'Must be an id.' });

/** `all` (or nothing) means the root of the tree the caller may browse. */
export const folderIdParam = z.union([z.literal('all'), uuid]);

/**
 * Names are data, never paths: no slash, backslash or control characters (C0 and C1), not `.` or
 * `..`, and no bidirectional override characters (they can disguise `gpj.exe` as `exe.jpg`).
 * Right-to-left letters and emoji are welcome.
 */
const forbiddenInName = new RegExp(`[/\\\\]|${CONTROL_CHARACTERS.source}|[\\u202a-\\u202e\\u2066-\\u2069]`);
export const itemName = z
  .string()
  .trim()
  .min(1, { message: 'Enter a name.' })
  .max(ITEM_NAME_MAX, { message: `A name has at most ${ITEM_NAME_MAX} characters.` })
  .refine((v) => !forbiddenInName.test(v), { message: 'A name cannot contain slashes or control characters.' })
  .refine((v) => v !== '.' && v !== '..', { message: 'This name is reserved.' });

export const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'Must be a colour like #00BC7E.' });
/** One emoji: a single grapheme (which may take several code points: flags, skin tones, families). */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
export const emoji = z
  .string()
  .min(1)
  .max(32)
  .refine(
    (v) =>
      [...graphemes.segment(v)].length === 1 &&
      /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(v) &&
      !forbiddenInName.test(v),
    { message: 'Must be one emoji.' },
  );

export const sortField = z.enum(['created_at', 'name', 'size', 'type']);
export type SortField = z.infer<typeof sortField>;
export const sortDirection = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(['ASC', 'DESC']),
);
export type SortDirection = 'ASC' | 'DESC';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** Listing query: pages start at 1; `cursor` (from meta.paginate.nextCursor) is the fast way to the next page. */
export const browseQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
  cursor: z.string().max(1000).optional(),
  sort: sortField.optional(),
  direction: sortDirection.optional(),
});
export type BrowseQuery = z.infer<typeof browseQuery>;

const timestamps = {
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
};

export const parentRelationship = z.object({
  data: z.object({ id: z.string(), type: z.literal('folder'), attributes: z.object({ name: z.string() }) }),
});

/** A share link as its owner sees it (also `relationships.shared` of a shared item). */
export const sharedRelationship = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('shared'),
    attributes: z.object({
      token: z.string(),
      item_id: z.string(),
      /** The shared item's type: a file is always shared for visitors. */
      type: itemType,
      permission: z.enum(['editor', 'visitor']),
      protected: z.boolean(),
      /** The expiration chosen, in hours, or null for a link that never expires. */
      expire_in: z.number().nullable(),
      expires_at: z.string().nullable(),
      link: z.string(),
      created_at: z.string(),
    }),
  }),
});

/** Team fields (ADR 0029), optional so that items outside teams need not carry them. */
/** A person as shown beside team items (avatars, "Uploaded by"): initials on `color` when `avatar` is null. */
export const personSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: avatar.nullable(),
  color: z.string(),
});
const relationships = z.object({
  parent: parentRelationship.nullable(),
  shared: sharedRelationship.nullable(),
  /** On a team folder itself: its members' avatars (owner first), for whoever may see the team. */
  members: z
    .object({ data: z.array(personSummary.extend({ permission: z.enum(['owner', 'can_edit', 'can_view']) })) })
    .optional(),
  /** The team folder an item lies in (search and latest label their results with it). */
  team: z
    .object({ data: z.object({ id: z.string(), name: z.string() }) })
    .nullable()
    .optional(),
  /** Who uploaded or created it, when that is someone else than the owner ("Uploaded by"). */
  creator: z.object({ data: personSummary }).nullable().optional(),
});

export const folderResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('folder'),
    attributes: z.object({
      name: z.string(),
      color: z.string().nullable(),
      emoji: z.string().nullable(),
      /** Live items directly inside. */
      items: z.number().int(),
      parent_id: z.string().nullable(),
      is_favourite: z.boolean(),
      /** A team folder itself (not an item inside one); absent means false. */
      is_team_folder: z.boolean().optional(),
      ...timestamps,
    }),
    relationships,
  }),
});
export type FolderResource = z.infer<typeof folderResource>;

export const thumbnailUrls = z.object({ sm: z.string(), md: z.string(), lg: z.string() });
export type ThumbnailUrls = z.infer<typeof thumbnailUrls>;

export const fileResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('file'),
    attributes: z.object({
      name: z.string(),
      color: z.null(),
      emoji: z.null(),
      /** Lower-case text after the last dot of the name, or null. */
      extension: z.string().nullable(),
      mimetype: z.string(),
      category: fileCategory,
      size: z.number().int(),
      /** Downloads the file (attachment); add `?inline=1` to preview it. */
      file_url: z.string(),
      /** Images only, null until the background job made the thumbnails (the listing refetches meanwhile). */
      thumbnail: thumbnailUrls.nullable(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      parent_id: z.string().nullable(),
      ...timestamps,
    }),
    relationships,
  }),
});
export type FileResource = z.infer<typeof fileResource>;

export const itemResource = z.union([folderResource, fileResource]);
export type ItemResource = z.infer<typeof itemResource>;

export const breadcrumb = z.object({ id: z.string(), name: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumb>;

export const paginate = z.object({
  currentPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type Paginate = z.infer<typeof paginate>;

/** browse/folders, browse/trash, browse/latest (spec §3 folder listing). */
export const browseResponse = z.object({
  data: z.array(itemResource),
  meta: z.object({
    /** The folder being listed, or null at the root. */
    root: folderResource.nullable(),
    /** Ancestors of the folder being listed, outermost first, the folder itself last. */
    path: z.array(breadcrumb),
    paginate,
  }),
});
export type BrowseResponse = z.infer<typeof browseResponse>;

export interface NavigationFolder {
  id: string;
  name: string;
  color: string | null;
  emoji: string | null;
  parent_id: string | null;
  folders: NavigationFolder[];
}
export const navigationFolder: z.ZodType<NavigationFolder> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    emoji: z.string().nullable(),
    parent_id: z.string().nullable(),
    folders: z.array(navigationFolder),
  }),
);
export const navigationResponse = z.object({
  data: z.array(
    z.object({
      location: z.enum(['files', 'team-folders', 'shared-with-me', 'public', 'upload-request']),
      name: z.string(),
      folders: z.array(navigationFolder),
      isMovable: z.boolean(),
      isOpen: z.boolean(),
    }),
  ),
});
export type NavigationResponse = z.infer<typeof navigationResponse>;

/**
 * One level of the folder tree (ADR 0072): the live folders directly in a folder, by name, each
 * saying whether it holds live folders itself (an expander, without loading them). What is sent
 * for a level never grows with the rest of the account.
 */
export const navigationLevelFolder = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  emoji: z.string().nullable(),
  parent_id: z.string().nullable(),
  has_folders: z.boolean(),
});
export type NavigationLevelFolder = z.infer<typeof navigationLevelFolder>;
export const navigationLevelResponse = z.object({
  data: z.array(navigationLevelFolder),
  meta: z.object({
    /** The folder whose level this is; null at the top of the signed-in user's own files. */
    parent_id: z.string().nullable(),
  }),
});
export type NavigationLevelResponse = z.infer<typeof navigationLevelResponse>;

export const itemRef = z.object({ id: uuid, type: itemType });
export type ItemRef = z.infer<typeof itemRef>;
/** A request's items: at least one, at most ITEMS_PER_REQUEST_MAX (else 400 `items.too_many`). */
const itemList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, { message: 'Choose at least one item.' })
    .refine((list) => list.length <= ITEMS_PER_REQUEST_MAX, {
      message: `Choose at most ${ITEMS_PER_REQUEST_MAX} items at a time.`,
      params: { code: 'items.too_many', status: 400 } satisfies CodedIssue,
    });
const itemRefs = itemList(itemRef);

export const createFolderRequest = z.object({
  name: itemName,
  parent_id: uuid.nullish(),
  emoji: emoji.nullish(),
  color: colour.nullish(),
});
export type CreateFolderRequest = z.infer<typeof createFolderRequest>;

/** POST /api/rename/{id} (with `_method=patch`) or PATCH: any of name, colour and emoji. */
export const renameRequest = z.object({
  name: itemName.optional(),
  color: colour.nullish(),
  emoji: emoji.nullish(),
  type: itemType.optional(),
  _method: z.string().optional(),
});
export type RenameRequest = z.infer<typeof renameRequest>;

/**
 * "Select all" (ADR 0018): a request names either `items`, or a whole folder's live contents with
 * `all_in` (the folder's id, or null for the top of the caller's tree: My Files, or a link's
 * folder) less the ids in `except`. The whole-folder form has no count limit: the server applies
 * it to the folder in one transaction. `except` is what was deselected by hand, so it has the
 * `items.too_many` limit; ids in it that are not in the folder change nothing.
 */
const wholeFolder = {
  all_in: uuid.nullable().optional(),
  except: z
    .array(uuid)
    .refine((list) => list.length <= ITEMS_PER_REQUEST_MAX, {
      message: `Leave out at most ${ITEMS_PER_REQUEST_MAX} items.`,
      params: { code: 'items.too_many', status: 400 } satisfies CodedIssue,
    })
    .optional(),
};
/** Exactly one of `items` and `all_in`: both is 400 `items.selection_conflict`; neither asks for items. */
const oneSelection = (body: { items?: unknown; all_in?: unknown; except?: unknown }, ctx: z.RefinementCtx) => {
  const whole = body.all_in !== undefined;
  if (whole && body.items !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['all_in'],
      message: 'Name the items or a whole folder, not both.',
      params: { code: 'items.selection_conflict', status: 400 } satisfies CodedIssue,
    });
  } else if (!whole && body.items === undefined) {
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'Choose at least one item.' });
  } else if (!whole && body.except !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['except'], message: 'Only a whole folder has exceptions.' });
  }
};

/** `to_id` null moves to the root. */
export const moveRequest = z
  .object({ to_id: uuid.nullable(), items: itemRefs.optional(), ...wholeFolder })
  .superRefine(oneSelection);
export type MoveRequest = z.infer<typeof moveRequest>;

/** `force_delete` goes on each item, or beside `all_in` for the whole folder. */
export const removeRequest = z
  .object({
    items: itemList(itemRef.extend({ force_delete: looseBoolean.default(false) })).optional(),
    ...wholeFolder,
    force_delete: looseBoolean.optional(),
  })
  .superRefine(oneSelection);
export type RemoveRequest = z.infer<typeof removeRequest>;

/** The most items a whole-folder trash lists back for its Undo. */
export const UNDO_ITEMS_MAX = 10_000;
/**
 * POST /api/remove answers: after a whole folder's contents went to the trash (ADR 0023), what
 * went, so the app can offer Undo (when at most `UNDO_ITEMS_MAX`; beyond, the trash restores).
 */
export const removeResponse = messageResponse.extend({
  trashed: z.array(itemRef).optional(),
  /**
   * Set when what was removed went to someone else's trash: a team member trashed items of a team
   * folder, which wait in the team folder's owner's trash (ADR 0029). The client says so ("Moved to
   * Ann's trash") and offers no Undo. Absent otherwise.
   */
  meta: z.object({ trashed_to_owner: z.object({ id: z.string(), name: z.string() }) }).optional(),
});
export type RemoveResponse = z.infer<typeof removeResponse>;

/** What a move or remove request selects, either way it was named. */
export type Selection<T> = { items: T[] } | { allIn: string | null; except: string[] };
export function selectionOf<T>(body: { items?: T[]; all_in?: string | null; except?: string[] }): Selection<T> {
  if (body.all_in !== undefined) return { allIn: body.all_in, except: body.except ?? [] };
  return { items: body.items ?? [] };
}

export const restoreRequest = z.object({ to_home: looseBoolean.default(false), items: itemRefs });
export type RestoreRequest = z.infer<typeof restoreRequest>;

export const favouritesRequest = z.object({ ids: itemList(uuid) });
/** Body of POST-with-`_method` routes; a DELETE without a body arrives as null. */
export const methodOverride = z.object({ _method: z.string().optional() }).nullish();

export const itemsResponse = z.object({ data: z.array(itemResource) });
export type ItemsResponse = z.infer<typeof itemsResponse>;

export const searchQuery = z.object({ query: z.string().trim().min(1).max(200) });
export const searchResponse = z.object({ data: z.array(itemResource) });
export type SearchResponse = z.infer<typeof searchResponse>;

/**
 * Chunked upload (POST /api/upload/chunks, multipart). Text fields must come before the `chunk`
 * part. `upload_id` (a UUID the client makes per file), `offset` (the chunk's first byte),
 * `size` (the whole file) and `chunk_size` may only be left out when the file is one chunk.
 */
export const uploadChunkFields = z.object({
  name: itemName,
  extension: z.string().max(ITEM_NAME_MAX).nullish(),
  is_last_chunk: looseBoolean,
  parent_id: uuid.nullish(),
  /** "/" + the file's path inside an uploaded folder, e.g. "/Photos/2024/a.jpg". */
  path: z.string().max(4096).nullish(),
  upload_id: uuid.optional(),
  offset: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(0).optional(),
  chunk_size: z.coerce.number().int().min(1).optional(),
});
export type UploadChunkFields = z.infer<typeof uploadChunkFields>;

/** Answer to every chunk but the last (200); the last answers 201 with the file resource. */
export const uploadProgressResponse = z.object({
  data: z.object({ upload_id: z.string(), received: z.number().int(), chunk_size: z.number().int() }),
});
export type UploadProgressResponse = z.infer<typeof uploadProgressResponse>;

/**
 * GET /api/user/storage/uploads: the uploads still running in the user's storage, whoever started
 * them (the user, a share link's guest or an upload request's guest). Their bytes are reserved
 * against the quota until they finish, are cancelled (DELETE …/uploads/{id}) or go quiet.
 */
export const runningUpload = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  /** Who sent the first chunk: a signed-in user (by name), or the guest of a link. */
  started_by: z.object({ kind: z.enum(['user', 'share_link', 'upload_request']), name: z.string().nullable() }),
  /** The folder the file will land in; null for the root. */
  folder: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RunningUpload = z.infer<typeof runningUpload>;
export const runningUploadsResponse = z.object({ data: z.array(runningUpload) });
export type RunningUploadsResponse = z.infer<typeof runningUploadsResponse>;

/** The most items a zip names (its `items`, or the `except` of a whole folder). */
export const ZIP_ITEMS_MAX = 1000;
/** GET /api/zip?items=id|type,id|type (small selections: the URL must stay short; larger ones are posted). */
export const zipQuery = z.object({ items: z.string().min(1).max(ZIP_QUERY_ITEMS_MAX) });
/**
 * POST /api/zip (and a share link's zip): the same `items`, for any selection up to the most a zip
 * takes; sent by a hidden form as `application/x-www-form-urlencoded` with the XSRF token in
 * `_token`, or as JSON with the X-XSRF-TOKEN header.
 */
export const zipForm = z
  .object({
    items: z.string().min(1).max(100_000).optional(),
    /**
     * "Select all" (ADR 0018, ADR 0023): the folder whose live contents to zip, "" (or null in
     * JSON) for the top of the caller's tree, less `except`, ids separated by commas (a form field
     * is a string), at most as many as a zip names.
     */
    all_in: z
      .union([uuid, z.literal('')])
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    except: z
      .string()
      .max(100_000)
      .optional()
      .transform((v) => (v ? v.split(',').map((id) => id.trim()) : undefined))
      .pipe(
        z
          .array(uuid)
          .refine((list) => list.length <= ZIP_ITEMS_MAX, {
            message: `Leave out at most ${ZIP_ITEMS_MAX} items.`,
            params: { code: 'items.too_many', status: 400 } satisfies CodedIssue,
          })
          .optional(),
      ),
    _token: z.string().optional(),
  })
  .superRefine(oneSelection);
export type ZipForm = z.infer<typeof zipForm>;

const usage = z.object({ used: z.number(), used_formatted: z.string(), percentage: z.number() });
/** GET /api/user/storage: used space and its breakdown (spec §3 storage usage meta). */
export const storageResponse = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('storage'),
    attributes: z.object({
      used: z.number(),
      used_formatted: z.string(),
      capacity: z.number().nullable(),
      capacity_formatted: z.string().nullable(),
      percentage: z.number().nullable(),
    }),
    meta: z.object({
      images: usage,
      videos: usage,
      audios: usage,
      documents: usage,
      others: usage,
      /** Part of `used`: files in the trash still take space until the trash is emptied. */
      trash: usage,
    }),
  }),
});
export type StorageResponse = z.infer<typeof storageResponse>;

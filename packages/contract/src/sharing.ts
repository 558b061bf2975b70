import { z } from 'zod';
import { email, looseBoolean } from './common.js';
import { SHARE_EXPIRATION_HOURS } from './limits.js';
import { fileResource, folderResource, itemName, itemType, sharedRelationship, uuid } from './files.js';

export const sharePermission = z.enum(['editor', 'visitor']);
export type SharePermission = z.infer<typeof sharePermission>;

/** Hours from now, or null/0 for a link that never expires. */
export const shareExpiration = z
  .union([z.literal(0), ...SHARE_EXPIRATION_HOURS.map((h) => z.literal(h))])
  .nullable()
  .transform((v) => (v === 0 ? null : v));

export const SHARE_PASSWORD_MAX = 200;
const sharePassword = z.string().min(1, { message: 'Enter a password.' }).max(SHARE_PASSWORD_MAX);
const shareEmails = z.array(email).max(20, { message: 'At most 20 addresses at once.' });

/** POST /api/share: share a folder (visitor or editor) or a file (always visitor). */
export const createShareRequest = z
  .object({
    id: uuid,
    type: itemType,
    permission: sharePermission.optional(),
    isPassword: looseBoolean.default(false),
    password: sharePassword.nullish(),
    expiration: shareExpiration.optional(),
    emails: shareEmails.optional(),
  })
  .refine((v) => !v.isPassword || !!v.password, { message: 'Enter a password.', path: ['password'] });
export type CreateShareRequest = z.input<typeof createShareRequest>;

/** GET/PATCH /api/share/{token} (POST with `_method=patch` too): change what the link allows. */
export const updateShareRequest = z
  .object({
    permission: sharePermission.optional(),
    /** Whether the link asks for a password; `password` replaces it (required to turn it on). */
    protected: looseBoolean.optional(),
    password: sharePassword.nullish(),
    expiration: shareExpiration.optional(),
    _method: z.string().optional(),
  })
  .strict();
export type UpdateShareRequest = z.input<typeof updateShareRequest>;

export const shareResource = sharedRelationship;
export type ShareResource = z.infer<typeof shareResource>;

export const revokeSharesRequest = z.object({
  tokens: z.array(z.string().min(1).max(100)).min(1).max(1000),
  _method: z.string().optional(),
});
export const shareEmailRequest = z.object({ emails: shareEmails.min(1, { message: 'Enter an email address.' }) });
export const shareQrResponse = z.object({ data: z.object({ svg: z.string() }) });

export const shareOwner = z.object({ name: z.string(), color: z.string() });

/**
 * GET /api/sharing/{token}: what anyone with the link may know. Before a protected link is
 * unlocked it tells only that a password is needed; the item comes once unlocked.
 */
export const publicShareResponse = z.object({
  data: z.object({
    token: z.string(),
    type: itemType,
    permission: sharePermission,
    protected: z.boolean(),
    unlocked: z.boolean(),
    expires_at: z.string().nullable(),
    owner: shareOwner,
    item: z.union([folderResource, fileResource]).nullable(),
  }),
});
export type PublicShareResponse = z.infer<typeof publicShareResponse>;

export const shareAuthenticateRequest = z.object({ password: z.string().min(1).max(SHARE_PASSWORD_MAX) });

// Upload requests (spec §3 "Upload request", §7 file-request calls).

export const fileRequestStatus = z.enum(['active', 'filled', 'expired']);
export type FileRequestStatus = z.infer<typeof fileRequestStatus>;

/** POST /api/file-request: uploads land in a new folder inside `folder_id` (or the root). */
export const createFileRequest = z.object({
  folder_id: uuid.nullish(),
  name: itemName.optional(),
  notes: z.string().trim().max(2000).optional(),
  email: email.optional(),
});
export type CreateFileRequest = z.infer<typeof createFileRequest>;

export const fileRequestResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('upload-request'),
    attributes: z.object({
      token: z.string(),
      status: fileRequestStatus,
      notes: z.string().nullable(),
      email: z.string().nullable(),
      /** The folder the uploads land in. */
      folder_id: z.string(),
      link: z.string(),
      created_at: z.string(),
    }),
    relationships: z.object({
      /** The request's folder as its owner sees it; null for the guest. */
      folder: folderResource.nullable(),
      user: z.object({ data: z.object({ type: z.literal('user'), attributes: shareOwner }) }),
    }),
  }),
});
export type FileRequestResource = z.infer<typeof fileRequestResource>;

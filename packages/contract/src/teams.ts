import { z } from 'zod';
import { email } from './common.js';
import {
  browseResponse,
  colour,
  emoji,
  folderResource,
  itemName,
  personSummary,
  sortDirection,
  sortField,
} from './files.js';

/**
 * Team folders (spec §3, §5, §6, §7; ADR 0029). A team folder is a folder of its owner's tree that
 * members reach with `can_edit` (browse, preview, download, zip, upload, create, rename, move within
 * it, trash into the owner's trash) or `can_view` (browse, preview, download, zip). Only the owner
 * shares by link, requests uploads, edits members, converts, dissolves or deletes for good.
 */
export const teamPermission = z.enum(['can_edit', 'can_view']);
export type TeamPermission = z.infer<typeof teamPermission>;
/** A member as listed: the owner is listed first with `owner`. */
export const teamRole = z.enum(['owner', 'can_edit', 'can_view']);
export type TeamRole = z.infer<typeof teamRole>;

/** The most invitations one request may carry (the member limit usually stops far sooner). */
export const TEAM_INVITATIONS_PER_REQUEST_MAX = 100;

export const teamInvitationInput = z.object({
  email,
  permission: teamPermission,
  /** Sent by the reference's client ("invitation"); ignored. */
  type: z.string().max(50).optional(),
});
export type TeamInvitationInput = z.infer<typeof teamInvitationInput>;

const invitationList = z
  .array(teamInvitationInput)
  .max(TEAM_INVITATIONS_PER_REQUEST_MAX, {
    message: `Invite at most ${TEAM_INVITATIONS_PER_REQUEST_MAX} people at a time.`,
  })
  .refine((list) => new Set(list.map((i) => i.email)).size === list.length, {
    message: 'Each email once.',
  });

/** POST /api/teams/folders: a new team folder at the top of the owner's tree. */
export const createTeamFolderRequest = z.object({
  name: itemName,
  emoji: emoji.nullish(),
  color: colour.nullish(),
  invitations: invitationList.default([]),
});
export type CreateTeamFolderRequest = z.infer<typeof createTeamFolderRequest>;

/** POST /api/teams/folders/{id}/convert: an existing folder becomes a team folder where it is. */
export const convertTeamFolderRequest = z.object({ invitations: invitationList.default([]) });
export type ConvertTeamFolderRequest = z.infer<typeof convertTeamFolderRequest>;

/**
 * PATCH /api/teams/folders/{id}: the whole wanted state. Members left out are removed (the owner
 * is never a member row: listing them changes nothing); pending invitations left out are
 * withdrawn; new emails are invited; listed ones take the permission given.
 */
export const updateTeamFolderRequest = z.object({
  members: z
    .array(z.object({ id: z.uuid(), permission: teamRole }))
    .max(1000)
    .default([]),
  invitations: invitationList.default([]),
});
export type UpdateTeamFolderRequest = z.infer<typeof updateTeamFolderRequest>;

export type PersonSummary = z.infer<typeof personSummary>;

export const teamMemberResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('member'),
    attributes: personSummary.omit({ id: true }).extend({ permission: teamRole }),
  }),
});
export type TeamMemberResource = z.infer<typeof teamMemberResource>;

export const invitationStatus = z.enum(['pending', 'accepted', 'declined', 'withdrawn']);

export const teamInvitationResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('invitation'),
    attributes: z.object({
      parent_id: z.string(),
      email: z.string(),
      color: z.string(),
      status: invitationStatus,
      permission: teamPermission,
      /** Whether an account with this email exists (the page offers sign-in, else "Join & create account"). */
      isExistedUser: z.boolean(),
      created_at: z.string(),
    }),
    relationships: z.object({
      inviter: z.object({
        data: z.object({ id: z.string(), type: z.literal('user'), attributes: personSummary.omit({ id: true }) }),
      }),
      folder: z.object({
        data: z.object({
          id: z.string(),
          type: z.literal('folder'),
          attributes: z.object({ name: z.string(), color: z.string().nullable(), emoji: z.string().nullable() }),
        }),
      }),
    }),
  }),
});
export type TeamInvitationResource = z.infer<typeof teamInvitationResource>;

/** GET /api/teams/invitations/{id}: the invitation, and how it relates to whoever asks. */
export const teamInvitationResponse = teamInvitationResource.extend({
  meta: z.object({
    /** 'invitee': signed in with the invited email; 'other': signed in as someone else; 'guest': not signed in. */
    viewer: z.enum(['invitee', 'other', 'guest']),
  }),
});
export type TeamInvitationResponse = z.infer<typeof teamInvitationResponse>;

/** A team folder with its people: `meta.teamFolder` of team listings, and what create, convert and update answer. */
export const teamFolderResource = z.object({
  data: folderResource.shape.data.extend({
    relationships: folderResource.shape.data.shape.relationships.extend({
      members: z.object({ data: z.array(teamMemberResource) }),
      /** Pending invitations; only the owner sees them (empty for members). */
      invitations: z.object({ data: z.array(teamInvitationResource) }),
    }),
  }),
  meta: z.object({
    /** The caller's role in this team. */
    role: teamRole,
  }),
});
export type TeamFolderResource = z.infer<typeof teamFolderResource>;

export const teamBrowseQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  per_page: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(1000).optional(),
  sort: sortField.optional(),
  direction: sortDirection.optional(),
});

/**
 * GET /api/teams/folders/{id|all} and /api/teams/shared-with-me/{id|all}: `all` lists the team
 * folders themselves (meta.root and meta.teamFolder null); an id lists that folder, with
 * `meta.teamFolder` the team it lies in and `meta.path` starting at the team folder.
 */
export const teamBrowseResponse = browseResponse.extend({
  meta: browseResponse.shape.meta.extend({ teamFolder: teamFolderResource.nullable() }),
});
export type TeamBrowseResponse = z.infer<typeof teamBrowseResponse>;

import type { TeamInvitationResource, TeamInvitationResponse } from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { isAddressee } from '../access/index.js';
import type { ItemRow } from '../files/index.js';
import { avatarUrls, fullName, type UserRow } from '../users/index.js';
import { pendingInvitationsOf } from './invitations.repository.js';
import type { TeamInvitationRow } from './team-invitations.table.js';

/**
 * An invitation as the invitation page and the team's owner see it: who invites, into which folder,
 * and whether an account with the email exists (the page then offers sign-in rather than sign-up).
 */
export function presentInvitation(
  invitation: TeamInvitationRow,
  inviter: UserRow,
  folder: Pick<ItemRow, 'id' | 'name' | 'color' | 'emoji'>,
  isExistedUser: boolean,
): TeamInvitationResource {
  return {
    data: {
      id: invitation.id,
      type: 'invitation',
      attributes: {
        parent_id: invitation.folderId,
        email: invitation.email,
        color: invitation.color,
        status: invitation.status,
        permission: invitation.permission,
        isExistedUser,
        created_at: invitation.createdAt.toISOString(),
      },
      relationships: {
        inviter: {
          data: {
            id: inviter.id,
            type: 'user',
            attributes: {
              name: fullName(inviter),
              email: inviter.email,
              avatar: avatarUrls(inviter),
              color: inviter.color,
            },
          },
        },
        folder: {
          data: {
            id: folder.id,
            type: 'folder',
            attributes: { name: folder.name, color: folder.color, emoji: folder.emoji },
          },
        },
      },
    },
  };
}

export type InvitationViewer = TeamInvitationResponse['meta']['viewer'];

/** Who looks at an invitation: its invitee (signed in with the invited email), someone else, or a guest. */
export function viewerOf(invitation: Pick<TeamInvitationRow, 'email'>, user: UserRow | null): InvitationViewer {
  if (!user) return 'guest';
  return isAddressee(user, invitation.email) ? 'invitee' : 'other';
}

/** The team folder's pending invitations as its owner sees them (`relationships.invitations`). */
export async function folderInvitations(db: Db, folderId: string): Promise<TeamInvitationResource[]> {
  const rows = await pendingInvitationsOf(db, folderId);
  return rows.map((r) => presentInvitation(r.invitation, r.inviter, r.folder, r.isExistedUser));
}

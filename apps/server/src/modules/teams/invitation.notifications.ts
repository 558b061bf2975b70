import type { ItemRow } from '../files/index.js';
import type { NewNotification } from '../notifications/index.js';
import { fullName, type UserRow } from '../users/index.js';
import type { TeamInvitationRow } from './team-invitations.table.js';

/** The invitee's: accept and decline buttons (spec §4 `invitation` action). */
export function invitationNotification(
  invitation: Pick<TeamInvitationRow, 'id'>,
  inviter: UserRow,
  folder: Pick<ItemRow, 'name'>,
): NewNotification {
  return {
    category: 'team-invitation',
    message: { key: 'team.invited', params: { name: fullName(inviter), folder: folder.name } },
    action: { type: 'invitation', params: { id: invitation.id } },
  };
}

/** The team owner's, when an invitee accepted: who joined, and the team folder to open. */
export function joinedNotification(member: UserRow, folder: Pick<ItemRow, 'id' | 'name'>): NewNotification {
  return {
    category: 'team-invitation',
    message: { key: 'team.joined', params: { name: fullName(member), email: member.email, folder: folder.name } },
    action: { type: 'route', params: { route: 'TeamFolders', id: folder.id } },
  };
}

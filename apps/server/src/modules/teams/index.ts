export {
  assertMayInvite,
  inviteMembers,
  notifyPendingInvitations,
  withdrawInvitations,
  type AfterCommit,
} from './invitations.js';
export { folderInvitations, presentInvitation } from './invitation.presenter.js';
export { teamEmailsOf } from './invitations.repository.js';
export { teamInvitationsRoutes } from './invitations.routes.js';
export { teamInvitations, type TeamInvitationRow } from './team-invitations.table.js';

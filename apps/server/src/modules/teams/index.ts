import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { teamInvitationsRoutes } from './invitations.routes.js';
import { teamFoldersRoutes } from './team-folders.routes.js';

export {
  assertMayInvite,
  inviteMembers,
  notifyPendingInvitations,
  withdrawInvitations,
  type AfterCommit,
} from './invitations.js';
export { folderInvitations, presentInvitation } from './invitation.presenter.js';
export { teamEmailsOf } from './invitations.repository.js';
export { personSummary, presentTeamFolder, teamRelationships } from './team.presenter.js';
export { dissolveTeam } from './team-folders.usecases.js';
export { teamInvitations, type TeamInvitationRow } from './team-invitations.table.js';

/**
 * Team folders (ADR 0029): the team-folder API and the invitations' routes (`teamRelationships`
 * and `notifyPendingInvitations` are wired in app/).
 */
export function teamsModule(app: TypedApp, ctx: AppContext) {
  teamFoldersRoutes(app, ctx);
  teamInvitationsRoutes(app, ctx);
}

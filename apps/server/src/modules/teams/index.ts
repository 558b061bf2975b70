import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { teamFoldersRoutes } from './team-folders.routes.js';

export { assertMayInvite, inviteMembers, withdrawInvitations, type AfterCommit } from './invitations.js';
export { personSummary, presentTeamFolder, teamRelationships } from './team.presenter.js';
export { teamInvitations, type TeamInvitationRow } from './team-invitations.table.js';

/** Team folders (ADR 0029): the team-folder API (`teamRelationships` is wired in app/). */
export function teamsModule(app: TypedApp, ctx: AppContext) {
  teamFoldersRoutes(app, ctx);
}

import { AppError } from '../../lib/errors.js';

export const inviteSelf = () =>
  new AppError(422, 'teams.invite_self', 'You cannot invite yourself: you own this team folder.', undefined, {
    invitations: ['You cannot invite yourself: you own this team folder.'],
  });

export const memberLimitReached = (total: number) =>
  new AppError(
    403,
    'teams.member_limit',
    `You have reached your team members limit (${total}). Remove someone or withdraw an invitation to invite someone new.`,
    { total },
  );

export const invitationGone = () =>
  new AppError(410, 'teams.invitation_gone', 'This invitation was already used, declined or withdrawn.');

import { AppError } from '../../lib/errors.js';

/** The folder named is not a team folder (dissolve, update, leave): 404, like any unknown folder. */
export const notTeamFolder = () => new AppError(404, 'teams.not_team_folder', 'This folder is not a team folder.');

export const alreadyTeamFolder = () =>
  new AppError(409, 'teams.already_team_folder', 'This folder is already a team folder.');

/** Team folders do not nest (ADR 0029): not inside one, and not around one. */
export const nestedTeamFolder = (where: 'inside' | 'around') =>
  new AppError(
    409,
    'teams.nested',
    where === 'inside'
      ? 'This folder lies inside a team folder; team folders cannot be nested.'
      : 'This folder contains a team folder; team folders cannot be nested.',
  );

/** The owner is not a member: they dissolve the team instead of leaving it. */
export const ownerCannotLeave = () =>
  new AppError(403, 'teams.owner_only', 'You own this team folder: dissolve it instead of leaving it.');

export const teamCreationRestricted = (reason: string | null) =>
  new AppError(403, 'teams.restricted', reason ?? 'Creating team folders is temporarily disabled for your account.');

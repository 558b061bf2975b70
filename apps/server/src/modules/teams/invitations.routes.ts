import { messageResponse, teamInvitationResponse, type MessageResponse } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { acceptInvitation, declineInvitation, showInvitation } from './invitation-answers.js';

/** Any text: an id that is not one answers 404 like an unknown one, not a validation error. */
const params = z.object({ id: z.string().max(100) });

/**
 * Team invitations (spec §7, ADR 0029). Showing one needs only its id (the mail's link); accepting
 * (PUT) and declining (DELETE) need the invitee signed in with the invited email: without a session
 * 401 as everywhere, anyone else 404, an invitation already used, declined or withdrawn 410.
 */
export function teamInvitationsRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/teams/invitations/:id',
    { config: { access: 'public' }, schema: { params, response: { 200: teamInvitationResponse } } },
    async (request) => showInvitation(ctx, request.params.id, request.user),
  );

  app.put(
    '/api/teams/invitations/:id',
    { config: { access: 'user' }, schema: { params, response: { 200: messageResponse } } },
    async (request): Promise<MessageResponse> => {
      await acceptInvitation(ctx, requireUser(request), request.params.id);
      return { type: 'success', message: 'You joined the team folder.' };
    },
  );

  app.delete(
    '/api/teams/invitations/:id',
    { config: { access: 'user' }, schema: { params, response: { 200: messageResponse } } },
    async (request): Promise<MessageResponse> => {
      await declineInvitation(ctx, requireUser(request), request.params.id);
      return { type: 'success', message: 'You declined the invitation.' };
    },
  );
}

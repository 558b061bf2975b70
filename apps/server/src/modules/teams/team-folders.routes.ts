import {
  convertTeamFolderRequest,
  createTeamFolderRequest,
  folderIdParam,
  messageResponse,
  methodOverride,
  navigationResponse,
  teamBrowseQuery,
  teamBrowseResponse,
  teamFolderResource,
  updateTeamFolderRequest,
  uuid,
  type MessageResponse,
  type NavigationResponse,
  type TeamBrowseResponse,
  type TeamFolderResource,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import {
  browseTeams,
  convertToTeamFolder,
  createTeamFolder,
  dissolveTeam,
  leaveTeam,
  teamTree,
  updateTeamFolder,
} from './team-folders.usecases.js';

const browseParams = z.object({ id: folderIdParam });
const idParams = z.object({ id: uuid });

/** The team-folder API (spec §7, ADR 0029); the invitations' routes are in `invitations.routes.ts`. */
export function teamFoldersRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/teams/folders/:id',
    {
      config: { access: 'user' },
      schema: { params: browseParams, querystring: teamBrowseQuery, response: { 200: teamBrowseResponse } },
    },
    async (request): Promise<TeamBrowseResponse> =>
      browseTeams(ctx, requireUser(request), 'owned', request.params.id, request.query),
  );

  app.get(
    '/api/teams/shared-with-me/:id',
    {
      config: { access: 'user' },
      schema: { params: browseParams, querystring: teamBrowseQuery, response: { 200: teamBrowseResponse } },
    },
    async (request): Promise<TeamBrowseResponse> =>
      browseTeams(ctx, requireUser(request), 'member', request.params.id, request.query),
  );

  app.get(
    '/api/teams/folders/:id/tree',
    { config: { access: 'user' }, schema: { params: idParams, response: { 200: navigationResponse } } },
    async (request): Promise<NavigationResponse> => teamTree(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/api/teams/folders',
    { config: { access: 'user' }, schema: { body: createTeamFolderRequest, response: { 201: teamFolderResource } } },
    async (request, reply) => reply.code(201).send(await createTeamFolder(ctx, requireUser(request), request.body)),
  );

  app.post(
    '/api/teams/folders/:id/convert',
    {
      config: { access: 'user' },
      schema: { params: idParams, body: convertTeamFolderRequest, response: { 201: teamFolderResource } },
    },
    async (request, reply) =>
      reply.code(201).send(await convertToTeamFolder(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/teams/folders/:id',
    {
      config: { access: 'user' },
      schema: { params: idParams, body: updateTeamFolderRequest, response: { 200: teamFolderResource } },
    },
    async (request): Promise<TeamFolderResource> =>
      updateTeamFolder(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/teams/folders/:id',
    {
      config: { access: 'user' },
      schema: { params: idParams, body: methodOverride, response: { 200: messageResponse } },
    },
    async (request): Promise<MessageResponse> => {
      await dissolveTeam(ctx, requireUser(request), request.params.id);
      return { type: 'success', message: 'The team was dissolved; the folder stays in your files.' };
    },
  );

  app.delete(
    '/api/teams/folders/:id/leave',
    {
      config: { access: 'user' },
      schema: { params: idParams, body: methodOverride, response: { 200: messageResponse } },
    },
    async (request): Promise<MessageResponse> => {
      await leaveTeam(ctx, requireUser(request), request.params.id);
      return { type: 'success', message: 'You left the team folder.' };
    },
  );
}

import { searchQuery, searchResponse, type SearchResponse } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireUser } from '../access/index.js';
import { presentingFor } from './access.js';
import { presentItems } from './item.presenter.js';
import { searchItems } from './search.repository.js';

/** Spotlight search (Ctrl/Cmd+K) over the names of the user's live folders and files. */
export function searchRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/search',
    { config: { access: 'user' }, schema: { querystring: searchQuery, response: { 200: searchResponse } } },
    async (request): Promise<SearchResponse> => {
      const user = requireUser(request);
      const rows = await searchItems(ctx.db, user.id, request.query.query);
      return { data: await presentItems(ctx, rows, presentingFor({ kind: 'user', user })) };
    },
  );
}

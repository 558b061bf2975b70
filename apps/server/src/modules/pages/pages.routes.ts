import type { PageResource } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { findPage } from './pages.repository.js';

export function pagesRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/page/:slug',
    { schema: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) }) } },
    async (request): Promise<PageResource> => {
      const page = await findPage(ctx.db, request.params.slug);
      // A hidden page is hidden from visitors too (the reference served it regardless).
      if (!page || (!page.visibility && request.user?.role !== 'admin')) throw notFound();
      return {
        data: {
          id: page.slug,
          type: 'pages',
          attributes: {
            slug: page.slug,
            title: page.title,
            content: page.content,
            visibility: page.visibility,
            updated_at: page.updatedAt.toISOString(),
          },
        },
      };
    },
  );
}

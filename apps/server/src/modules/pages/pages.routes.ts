import {
  adminPagesResponse,
  homepageResponse,
  adminPageUpdate,
  PAGE_CONTENT_MAX,
  PAGE_TITLE_MAX,
  pagePreviewRequest,
  pagePreviewResponse,
  pageResource,
  pageSlug,
  type AdminPageUpdate,
  type PageResource,
} from '@filestore/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { MarkdownTooDeep, renderHomepageCopy, renderMarkdown, renderStoredMarkdown } from '../../lib/html.js';
import { callerOf, mayReadPage } from '../access/index.js';
import { readSettings } from '../settings/index.js';
import { findPage, listPages, updatePage } from './pages.repository.js';
import type { PageRow } from './pages.table.js';

const slugParams = z.object({ slug: pageSlug });

function tooDeep(content: string): boolean {
  try {
    renderMarkdown(content);
    return false;
  } catch (error) {
    if (error instanceof MarkdownTooDeep) return true;
    throw error;
  }
}

/** The page's HTML, or 422 on `content` when the Markdown is nested too deeply to be read. */
function readableMarkdown(content: string): string {
  try {
    return renderMarkdown(content);
  } catch (error) {
    if (error instanceof MarkdownTooDeep) throw validationFailed({ content: [error.message] });
    throw error;
  }
}

const present = (page: PageRow): PageResource => ({
  data: {
    id: page.slug,
    type: 'pages',
    attributes: {
      slug: page.slug,
      title: page.title,
      content: page.content,
      content_html: renderStoredMarkdown(page.content),
      visibility: page.visibility,
      updated_at: page.updatedAt.toISOString(),
    },
  },
});

/** `{name, value}` (one column, as the reference sends) or the editor's fields, checked field by field. */
function pageChange(body: AdminPageUpdate): Partial<Pick<PageRow, 'title' | 'content' | 'visibility'>> {
  const fields: Record<string, unknown> = 'name' in body ? { [body.name]: body.value } : body;
  const errors: Record<string, string[]> = {};
  const change: Partial<Pick<PageRow, 'title' | 'content' | 'visibility'>> = {};
  if (fields.title !== undefined) {
    const title = typeof fields.title === 'string' ? fields.title.trim() : '';
    if (!title || title.length > PAGE_TITLE_MAX) {
      errors.title = [`A title is between 1 and ${PAGE_TITLE_MAX} characters.`];
    } else change.title = title;
  }
  if (fields.content !== undefined) {
    if (typeof fields.content !== 'string' || fields.content.length > PAGE_CONTENT_MAX) {
      errors.content = [`The text is Markdown of at most ${PAGE_CONTENT_MAX.toLocaleString('en')} characters.`];
    } else if (tooDeep(fields.content)) {
      // Refused before it is saved: every visit to the page would fail to show it.
      errors.content = [new MarkdownTooDeep().message];
    } else change.content = fields.content;
  }
  if (fields.visibility !== undefined) {
    if (typeof fields.visibility !== 'boolean') errors.visibility = ['Visibility is true or false.'];
    else change.visibility = fields.visibility;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (Object.keys(change).length === 0) throw validationFailed({ name: ['Nothing to change.'] });
  return change;
}

export function pagesRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/page/:slug',
    { config: { access: 'public' }, schema: { params: slugParams, response: { 200: pageResource } } },
    async (request): Promise<PageResource> => {
      const page = await findPage(ctx.db, request.params.slug);
      // A hidden page is hidden from visitors too (the reference served it regardless).
      if (!page || !mayReadPage(callerOf(request), page)) throw notFound();
      return present(page);
    },
  );

  // The admin's pages (reference §12.3): list, read, change; no create or delete.
  app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();

    admin.get(
      '/api/admin/pages',
      { config: { access: 'admin' }, schema: { response: { 200: adminPagesResponse } } },
      async () => ({
        data: (await listPages(ctx.db)).map((page) => ({
          id: page.slug,
          type: 'pages' as const,
          attributes: {
            slug: page.slug,
            title: page.title,
            visibility: page.visibility,
            updated_at: page.updatedAt.toISOString(),
          },
        })),
      }),
    );

    admin.get(
      '/api/admin/pages/:slug',
      { config: { access: 'admin' }, schema: { params: slugParams, response: { 200: pageResource } } },
      async (request) => {
        const page = await findPage(ctx.db, request.params.slug);
        if (!page) throw notFound();
        return present(page);
      },
    );

    admin.route({
      method: ['PATCH', 'POST'],
      url: '/api/admin/pages/:slug',
      config: { access: 'admin' },
      schema: { params: slugParams, body: adminPageUpdate, response: { 200: pageResource } },
      handler: async (request) => {
        const page = await updatePage(ctx.db, request.params.slug, pageChange(request.body));
        if (!page) throw notFound();
        return present(page);
      },
    });

    admin.post(
      '/api/admin/pages/preview',
      { config: { access: 'admin' }, schema: { body: pagePreviewRequest, response: { 200: pagePreviewResponse } } },
      async (request) => ({ data: { content_html: readableMarkdown(request.body.content) } }),
    );
  });
}

/** GET /api/homepage: the sections the administrator turned on, their plain-text copy as inline HTML. */
export function homepageRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/homepage',
    { config: { access: 'public' }, schema: { response: { 200: homepageResponse } } },
    async () => {
      const s = await readSettings(ctx.db);
      const html = renderHomepageCopy;
      const section = (on: boolean, title: string, description: string) =>
        on ? { title: html(title), description: html(description) } : null;
      return {
        data: {
          header: { title: html(s.header_title), description: html(s.header_description) },
          features: section(s.section_features, s.features_title, s.features_description),
          featureBoxes: s.section_feature_boxes
            ? [
                section(true, s.feature_title_1, s.feature_description_1)!,
                section(true, s.feature_title_2, s.feature_description_2)!,
                section(true, s.feature_title_3, s.feature_description_3)!,
              ]
            : null,
          pricing: section(s.section_pricing_content, s.pricing_title, s.pricing_description),
          getStarted: section(s.section_get_started, s.get_started_title, s.get_started_description),
        },
      };
    },
  );
}

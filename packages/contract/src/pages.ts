import { z } from 'zod';
import { personName } from './common.js';

export const pageSlug = z.string().regex(/^[a-z0-9-]{1,100}$/);

const pageAttributes = z.object({
  slug: z.string(),
  title: z.string(),
  /** Markdown as the administrator wrote it. */
  content: z.string(),
  /** The content rendered and sanitised by the server: the only form a page shows. */
  content_html: z.string(),
  visibility: z.boolean(),
  updated_at: z.string(),
});

/** Legal and informational pages (GET /api/page/{slug}; the admin's GET/PATCH /api/admin/pages/{slug}). */
export const pageResource = z.object({
  data: z.object({ id: z.string(), type: z.literal('pages'), attributes: pageAttributes }),
});
export type PageResource = z.infer<typeof pageResource>;
export type PageAttributes = z.infer<typeof pageAttributes>;

/** GET /api/admin/pages: every page, hidden ones too (three, so no paging). */
export const adminPagesResponse = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      type: z.literal('pages'),
      attributes: pageAttributes.omit({ content: true, content_html: true }),
    }),
  ),
});
export type AdminPagesResponse = z.infer<typeof adminPagesResponse>;

export const PAGE_TITLE_MAX = 150;
export const PAGE_CONTENT_MAX = 100_000;

/**
 * PATCH /api/admin/pages/{slug}: one column at a time as the reference does (`{name, value}`), or
 * several at once (`{title, content, visibility}`) as the editor saves them.
 */
export const adminPageUpdate = z.union([
  z.object({
    name: z.enum(['title', 'content', 'visibility']),
    value: z.union([z.string(), z.boolean()]),
    _method: z.string().optional(),
  }),
  z
    .object({
      title: z.string().trim().min(1).max(PAGE_TITLE_MAX).optional(),
      content: z.string().max(PAGE_CONTENT_MAX).optional(),
      visibility: z.boolean().optional(),
    })
    .strict(),
]);
export type AdminPageUpdate = z.infer<typeof adminPageUpdate>;

/** POST /api/admin/pages/preview: the editor's live preview, rendered by the same code as the page. */
export const pagePreviewRequest = z.object({ content: z.string().max(PAGE_CONTENT_MAX) });
export const pagePreviewResponse = z.object({ data: z.object({ content_html: z.string() }) });
export type PagePreviewResponse = z.infer<typeof pagePreviewResponse>;

/** A visible page the public footer links. */
export const legalPageLink = z.object({ slug: z.string(), title: z.string() });

/** GET /api/homepage: the homepage's sections, copy already cleaned to inline HTML by the server. */
export const homepageResponse = z.object({
  data: z.object({
    header: z.object({ title: z.string(), description: z.string() }),
    features: z.object({ title: z.string(), description: z.string() }).nullable(),
    featureBoxes: z.array(z.object({ title: z.string(), description: z.string() })).nullable(),
    pricing: z.object({ title: z.string(), description: z.string() }).nullable(),
    getStarted: z.object({ title: z.string(), description: z.string() }).nullable(),
  }),
});
export type HomepageResponse = z.infer<typeof homepageResponse>;

export const CONTACT_MESSAGE_MAX = 5_000;

/** POST /api/contact (issue 15 point 7): `reCaptcha` carries the human check's token when it is on. */
export const contactRequest = z.object({
  /** One line, as every name: no line breaks or other control characters (it is in the mail's subject). */
  name: personName(100),
  email: z.email().max(254),
  message: z.string().trim().min(10).max(CONTACT_MESSAGE_MAX),
  reCaptcha: z.string().max(4_000).optional(),
});
export type ContactRequest = z.infer<typeof contactRequest>;

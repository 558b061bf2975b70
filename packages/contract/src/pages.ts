import { z } from 'zod';

/** Legal and informational pages (GET /api/page/{slug}); the admin edits them later. */
export const pageResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('pages'),
    attributes: z.object({
      slug: z.string(),
      title: z.string(),
      /** Plain text with blank lines between paragraphs; never HTML. */
      content: z.string(),
      visibility: z.boolean(),
      updated_at: z.string(),
    }),
  }),
});
export type PageResource = z.infer<typeof pageResource>;

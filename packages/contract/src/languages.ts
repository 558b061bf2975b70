import { z } from 'zod';

// ---- Languages and the string editor (issue 16 point 5, ADR 0044) ----------------------------

/** A locale code as sent: letters, digits, `-` or `_` (BCP 47 checked by the server). */
export const localeCode = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*$/, 'A language code looks like “de”, “sk” or “pt-BR”.')
  .max(20);

export const languageResource = z.object({
  id: z.string(),
  locale: z.string(),
  name: z.string(),
  /** The app's language (setting `language`): what visitors and users who chose none see. */
  is_default: z.boolean(),
  /** The product ships a catalogue for this locale; without one, unedited strings are English. */
  built_in: z.boolean(),
  /** Strings an administrator edited. */
  edited: z.number().int(),
  created_at: z.string(),
});
export type LanguageResource = z.infer<typeof languageResource>;

export const languagesResponse = z.object({
  data: z.array(languageResource),
  meta: z.object({
    default: z.string(),
    /** The catalogues the product ships, installed or not: what "add a language" offers. */
    built_in: z.array(z.object({ locale: z.string(), name: z.string() })),
  }),
});
export type LanguagesResponse = z.infer<typeof languagesResponse>;

/**
 * One key of a language: its English text, the text served, and where that text comes from: an
 * edit (`edited`), the shipped catalogue (`built_in`), or nothing yet, so English (`english`).
 */
export const languageString = z.object({
  key: z.string(),
  english: z.string(),
  value: z.string(),
  source: z.enum(['edited', 'built_in', 'english']),
});
export type LanguageString = z.infer<typeof languageString>;

export const languageDetailResponse = z.object({
  data: languageResource,
  strings: z.array(languageString),
});
export type LanguageDetailResponse = z.infer<typeof languageDetailResponse>;

export const languageResponse = z.object({ data: languageResource });
export type LanguageResponse = z.infer<typeof languageResponse>;

/** POST /api/admin/languages: a locale (a built-in one or any BCP 47 code) and its name (else its own). */
export const createLanguageRequest = z.object({
  locale: localeCode,
  name: z.string().trim().min(1).max(60).optional(),
});
export type CreateLanguageRequest = z.infer<typeof createLanguageRequest>;

/** PATCH /api/admin/languages/{id}: rename, and/or make it the app's default. */
export const updateLanguageRequest = z
  .object({
    name: z.string().trim().min(1).max(60).optional(),
    default: z.literal(true).optional(),
  })
  .refine((v) => v.name !== undefined || v.default !== undefined, {
    message: 'Send a new name, or default: true.',
    path: ['name'],
  });
export type UpdateLanguageRequest = z.infer<typeof updateLanguageRequest>;

/**
 * PATCH /api/admin/languages/{id}/strings: one string. `value` null or "" drops the edit (the
 * string is the shipped one again); a value must keep the English text's placeholders and tags.
 */
export const updateLanguageStringRequest = z.object({
  name: z.string().min(1).max(200),
  value: z.string().max(5_000).nullable(),
});
export type UpdateLanguageStringRequest = z.infer<typeof updateLanguageStringRequest>;

export const languageStringResponse = z.object({ data: languageString });
export type LanguageStringResponse = z.infer<typeof languageStringResponse>;

/** GET /api/languages (anyone): the installed languages a reader may pick, and the app's default. */
export const publicLanguagesResponse = z.object({
  data: z.array(z.object({ locale: z.string(), name: z.string() })),
  meta: z.object({ default: z.string() }),
});
export type PublicLanguagesResponse = z.infer<typeof publicLanguagesResponse>;

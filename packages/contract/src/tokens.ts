import { z } from 'zod';
import { CONTROL_CHARACTERS } from './common.js';
import { ACCESS_TOKEN_NAME_MAX, ACCESS_TOKEN_NAME_MIN } from './limits.js';

/**
 * What a personal access token may reach: `user` is everything its owner can do signed in, except
 * the admin API; `admin` also reaches `/api/admin`, and only an administrator may create one
 * (ADR 0032). Whatever the scope, a token never does more than its owner's role allows today.
 */
export const accessTokenScope = z.enum(['user', 'admin']);
export type AccessTokenScope = z.infer<typeof accessTokenScope>;

export const createAccessTokenRequest = z.object({
  name: z
    .string()
    .trim()
    .min(ACCESS_TOKEN_NAME_MIN, { message: `The name must be at least ${ACCESS_TOKEN_NAME_MIN} characters.` })
    .max(ACCESS_TOKEN_NAME_MAX)
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'A name cannot contain control characters.' }),
  scope: accessTokenScope.default('user'),
  /**
   * The current password: the server asks for it when the account has one (a token outlives the
   * session that made it, ADR 0062); an account without one needs a recent sign-in instead.
   */
  password: z.string().min(1).max(200).optional(),
});
export type CreateAccessTokenRequest = z.input<typeof createAccessTokenRequest>;

/** A token as its owner sees it: never the secret, its hash or anything it could be rebuilt from. */
export const accessTokenResource = z.object({
  id: z.string(),
  type: z.literal('personal_access_token'),
  attributes: z.object({
    name: z.string(),
    scope: accessTokenScope,
    created_at: z.string(),
    /** Updated at most once a minute while the token is used; null until its first use. */
    last_used_at: z.string().nullable(),
  }),
});
export type AccessTokenResource = z.infer<typeof accessTokenResource>;

export const accessTokenList = z.object({ data: z.array(accessTokenResource) });
export type AccessTokenList = z.infer<typeof accessTokenList>;

/** The one answer that carries the secret: shown once, never stored in the clear. */
export const createdAccessToken = z.object({ data: accessTokenResource, plainTextToken: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessToken>;

export const accessTokenIdParams = z.object({ id: z.uuid() });

import type { AccessTokenScope } from '@filestore/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../users/index.js';

/** What a bearer request's token grants: its id and its scope (ADR 0032). */
export interface TokenGrant {
  id: string;
  scope: AccessTokenScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, by the session cookie or by a token: set before any gate is decided. */
    user: UserRow | null;
    /** Set when the request was authenticated by a personal access token rather than a session. */
    accessToken: TokenGrant | null;
  }
}

/**
 * Who is calling (ADR 0062), as a typed value: nobody, a user signed in by the browser's session
 * cookie, or a user acting through one of their personal access tokens with its scope. The auth
 * module's hooks (bearer, then session) resolve it; the route gate decides on it.
 */
export type Caller =
  { kind: 'anonymous' } | { kind: 'session'; user: UserRow } | { kind: 'token'; user: UserRow; token: TokenGrant };

export function callerOf(request: FastifyRequest): Caller {
  const { user, accessToken } = request;
  if (!user) return { kind: 'anonymous' };
  return accessToken ? { kind: 'token', user, token: accessToken } : { kind: 'session', user };
}

/** Whether this user holds the administrator role (the one place that reads `role` for access). */
export const isAdministrator = (user: Pick<UserRow, 'role'> | null | undefined): boolean => user?.role === 'admin';

import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../../lib/errors.js';
import type { UserRow } from '../users/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden();
  // A token reaches the admin API only when made with the admin scope (ADR 0032).
  if (request.accessToken && request.accessToken.scope !== 'admin') {
    throw new AppError(
      403,
      'auth.token_scope',
      'This access token may not use the admin API: create one with the admin scope.',
    );
  }
  return user;
}

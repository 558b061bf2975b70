import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../lib/errors.js';
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
  return user;
}

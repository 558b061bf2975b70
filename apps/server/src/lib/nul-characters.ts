import type { FastifyRequest } from 'fastify';
import { validationFailed } from './errors.js';

const NUL = '\u0000';
/** Deeper than any body the API takes; a body nested past it is searched no further. */
const MAX_DEPTH = 64;

/**
 * Where a NUL character sits in a parsed body, query or route parameters ("name", "tiers.0.label"),
 * or null. No text the API stores can hold one (PostgreSQL refuses it), and no field has a use for it.
 */
export function nulCharacterAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = nulCharacterAt(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a request whose JSON body, query or route parameters carry a NUL character, before any
 * route sees it: 422 naming the field, the same answer as any other invalid value.
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const at = nulCharacterAt(part);
    if (at) {
      throw validationFailed({
        [fieldName(part, at)]: ['This value contains a NUL character (\\0), which no text here may hold.'],
      });
    }
  }
}

/** A `{name, value}` body (one setting at a time) reports its value's errors under the setting's name, as its routes do. */
function fieldName(part: unknown, at: string): string {
  const name = (part as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || name.includes(NUL)) return at;
  if (at === 'value') return name;
  return at.startsWith('value.') ? `${name}${at.slice('value'.length)}` : at;
}

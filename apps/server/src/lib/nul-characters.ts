import type { FastifyRequest } from 'fastify';
import { validationFailed } from './errors.js';

const NUL = '\u0000';
/** Deeper than any body the API takes; a body nested past it is searched no further. */
const MAX_DEPTH = 64;

/** The keys leading to the first NUL (outermost last), or null. Paths are only made for a hit. */
function search(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  // Raw bodies (the payment webhooks' Buffers) are bytes, not text: never walked byte by byte.
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'string' && (item === null || typeof item !== 'object')) continue;
      const found = search(item, depth + 1);
      if (found) return (found.push(String(i)), found);
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL)) return [key];
    const found = search((value as Record<string, unknown>)[key], depth + 1);
    if (found) return (found.push(key), found);
  }
  return null;
}

/**
 * Where a NUL character sits in a parsed body, query or route parameters ("name", "tiers.0.label"),
 * or null. No text the API stores can hold one (PostgreSQL refuses it), and no field has a use for it.
 */
export function nulCharacterAt(value: unknown): string | null {
  const found = search(value, 0);
  if (!found) return null;
  return found.length ? found.reverse().join('.') : 'body';
}

const MESSAGE = 'This value contains a NUL character (\\0), which no text here may hold.';

/**
 * Refuses a request whose JSON body, query or route parameters carry a NUL character, before any
 * route sees it: 422 naming the field, the same answer as any other invalid value. A path no route
 * serves keeps its own answer (the web app's page, or 404).
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  if (request.is404) return;
  for (const part of [request.params, request.query, request.body]) {
    const at = nulCharacterAt(part);
    if (at) throw validationFailed(fieldErrors(part, at));
  }
}

/**
 * A `{name, value}` body (one setting or one string at a time) has its value's errors under
 * `value` and under the name it sets, as the settings routes answer; the editors read one or the other.
 */
function fieldErrors(part: unknown, at: string): Record<string, string[]> {
  const name = (part as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || name.includes(NUL) || !(at === 'value' || at.startsWith('value.'))) {
    return { [at]: [MESSAGE] };
  }
  return { [at]: [MESSAGE], [`${name}${at.slice('value'.length)}`]: [MESSAGE] };
}

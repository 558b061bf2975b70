import type { MultipartFields } from '@fastify/multipart';
import { itemName, uploadChunkFields, type UploadChunkFields } from '@filestore/contract';
import { validationFailed } from '../../lib/errors.js';

/** Folder uploads rarely go deeper; a bound keeps one request from creating thousands of folders. */
const MAX_PATH_DEPTH = 64;

export interface ChunkFields extends UploadChunkFields {
  /** Folders between the parent and the file, from `path` ("/Photos/2024/a.jpg" → Photos, 2024). */
  folders: string[];
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix?: string) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = prefix ?? (issue.path.map(String).join('.') || 'body');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The text fields sent before the `chunk` part, as plain values; an empty optional field is no field. */
function plainValues(fields: MultipartFields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(fields)) {
    if (!entry) continue;
    if (Array.isArray(entry)) throw validationFailed({ [name]: ['Send this field once.'] });
    if (entry.type !== 'field') continue;
    if (entry.valueTruncated) throw validationFailed({ [name]: ['This value is too long.'] });
    if (entry.value === '' && name !== 'name') continue;
    values[name] = entry.value;
  }
  return values;
}

export function foldersOf(path: string | null | undefined): string[] {
  if (!path) return [];
  const segments = path.split('/').filter((s) => s !== '');
  const folders = segments.slice(0, -1);
  if (folders.length > MAX_PATH_DEPTH) {
    throw validationFailed({ path: [`A folder upload can be at most ${MAX_PATH_DEPTH} folders deep.`] });
  }
  return folders.map((segment) => {
    const parsed = itemName.safeParse(segment);
    if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error.issues, 'path'));
    return parsed.data;
  });
}

export function parseChunkFields(fields: MultipartFields): ChunkFields {
  const parsed = uploadChunkFields.safeParse(plainValues(fields));
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error.issues));
  return { ...parsed.data, folders: foldersOf(parsed.data.path) };
}

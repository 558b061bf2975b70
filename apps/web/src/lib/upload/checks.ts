import { extensionOf } from './ids';

/** What the client knows before sending a byte (config and the user's restrictions). */
export interface UploadRules {
  /** Bytes; 0 means no limit. */
  uploadLimit: number;
  /** Tokens without dots, e.g. `x-php`, `mp3`, `jpeg` (compared case-insensitively). */
  mimetypesBlacklist: readonly string[];
}

export interface CheckResult<T> {
  accepted: T[];
  /** Size 0: spec §5 toast "The file {name} can't be uploaded". */
  empty: string[];
  /** Blacklisted: the type to name in the popup (the extension when the MIME type has none). */
  blocked: { name: string; type: string }[];
  /** Larger than uploadLimit. */
  tooLarge: string[];
}

/** macOS Finder metadata, silently skipped (spec §5). */
export const isSystemJunk = (name: string) => name === '.DS_Store';

/**
 * The type a blacklist token matched: either half of the browser's MIME type, or the extension.
 * Null when the file is allowed.
 */
export function blockedType(file: { name: string; type: string }, blacklist: readonly string[]): string | null {
  if (blacklist.length === 0) return null;
  const tokens = new Set(blacklist.map((token) => token.trim().toLowerCase().replace(/^\./, '')).filter(Boolean));
  const [category = '', subtype = ''] = file.type.toLowerCase().split('/');
  const extension = extensionOf(file.name)?.toLowerCase() ?? '';
  if (category && tokens.has(category)) return subtype || category;
  if (subtype && tokens.has(subtype)) return subtype;
  if (extension && tokens.has(extension)) return extension;
  return null;
}

/** Spec §5 checks, in the reference's order: junk, empty, blacklisted type, upload limit. */
export function checkFiles<T>(items: T[], fileOf: (item: T) => File, rules: UploadRules): CheckResult<T> {
  const result: CheckResult<T> = { accepted: [], empty: [], blocked: [], tooLarge: [] };
  for (const item of items) {
    const file = fileOf(item);
    if (isSystemJunk(file.name)) continue;
    if (file.size === 0) {
      result.empty.push(file.name);
      continue;
    }
    const type = blockedType(file, rules.mimetypesBlacklist);
    if (type) {
      result.blocked.push({ name: file.name, type });
      continue;
    }
    if (rules.uploadLimit > 0 && file.size > rules.uploadLimit) {
      result.tooLarge.push(file.name);
      continue;
    }
    result.accepted.push(item);
  }
  return result;
}

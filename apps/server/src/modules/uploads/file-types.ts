import mime from 'mime-types';
import { DEFAULT_CONTENT_TYPE } from '../storage/index.js';

/** Enough of a file's start for file-type to recognise every format it knows, even zip-based office files. */
export const SNIFF_BYTES = 64 * 1024;

export interface DetectedType {
  /** What the bytes say, when they were recognised. */
  sniffed: { mime: string; ext: string } | null;
  /** The MIME type the name's extension implies. */
  byExtension: string | null;
}

/**
 * Scripts are text, so file-type does not name them; these are the names libmagic gives them,
 * which is what admins write in the blacklist (`x-php`, `x-shellscript`) since the reference used it.
 */
const SCRIPT_TYPES: Record<string, string> = {
  php: 'text/x-php',
  phtml: 'text/x-php',
  phar: 'text/x-php',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
  py: 'text/x-python',
  pl: 'text/x-perl',
  rb: 'text/x-ruby',
};

function sniffScript(head: Buffer): { mime: string; ext: string } | null {
  const start = head
    .subarray(0, 256)
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  if (/^\s*<\?php/i.test(start)) return { mime: 'text/x-php', ext: 'php' };
  const shebang = /^#!\s*\S*?\b(?:env\s+)?(sh|bash|zsh|python\d*|perl|ruby)\b/.exec(start);
  if (!shebang?.[1]) return null;
  const interpreter = shebang[1].replace(/\d+$/, '');
  const ext = { sh: 'sh', bash: 'sh', zsh: 'sh', python: 'py', perl: 'pl', ruby: 'rb' }[interpreter] ?? 'sh';
  return { mime: SCRIPT_TYPES[ext] ?? 'text/x-shellscript', ext };
}

// file-type and its readers are ~1.5 MB of heap: loaded with the first upload, not at start-up (ADR 0039).
let fileTypeModule: Promise<typeof import('file-type')> | undefined;

export async function detectType(head: Buffer, extension: string | null): Promise<DetectedType> {
  const fileTypeFromBuffer = head.length ? (await (fileTypeModule ??= import('file-type'))).fileTypeFromBuffer : null;
  const found = fileTypeFromBuffer ? await fileTypeFromBuffer(head).catch(() => undefined) : undefined;
  return {
    sniffed: found ? { mime: found.mime, ext: found.ext } : sniffScript(head),
    byExtension: mimeForExtension(extension),
  };
}

/**
 * Names whose usual meaning today differs from what mime-types says: `.ts` is far more often
 * TypeScript than an MPEG transport stream (a real stream is recognised by its bytes anyway).
 */
const TEXT_BY_EXTENSION: Record<string, string> = {
  ts: 'text/x-typescript',
  mts: 'text/x-typescript',
  cts: 'text/x-typescript',
  tsx: 'text/x-typescript',
};

export function mimeForExtension(extension: string | null): string | null {
  if (!extension) return null;
  if (TEXT_BY_EXTENSION[extension]) return TEXT_BY_EXTENSION[extension];
  const found = mime.lookup(extension);
  return found === false ? null : found;
}

/** Every MIME type a blacklist token may name for this extension. */
export function typesForExtension(extension: string | null): string[] {
  if (!extension) return [];
  return [mimeForExtension(extension), SCRIPT_TYPES[extension]].filter((t): t is string => !!t);
}

/** Stored MIME type: the bytes win over the name, and unknown stays honest. */
export function storedMimeType(type: DetectedType): string {
  return type.sniffed?.mime ?? type.byExtension ?? DEFAULT_CONTENT_TYPE;
}

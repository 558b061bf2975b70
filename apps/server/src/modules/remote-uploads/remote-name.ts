import { CONTROL_CHARACTERS, ITEM_NAME_MAX } from '@filestore/contract';
import mime from 'mime-types';

/**
 * The name a fetched file is stored under: Content-Disposition's, else the last segment of the URL's
 * path, cleaned by the rules names follow (no slashes, control or bidirectional override characters,
 * at most ITEM_NAME_MAX characters, keeping the extension), else "download". A name without an
 * extension takes the one its Content-Type implies, so the blacklist sees what the file is.
 */
export const FALLBACK_NAME = 'download';

export function remoteFileName(url: URL, contentDisposition: string | null, contentType: string | null): string {
  const fromHeader = contentDisposition ? clean(dispositionName(contentDisposition)) : null;
  const name = fromHeader ?? clean(lastSegment(url)) ?? FALLBACK_NAME;
  if (name.includes('.') && !name.endsWith('.')) return name;
  const extension = contentType ? mime.extension(contentType.split(';')[0]?.trim() ?? '') : false;
  return extension ? truncate(`${name}.${extension}`) : name;
}

/** `filename*` (RFC 5987, UTF-8 or Latin-1) wins over `filename`, as browsers do. */
export function dispositionName(header: string): string | null {
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const charset = (extended[1] ?? '').trim().toLowerCase();
    const raw = extended[2].trim();
    try {
      if (charset === 'utf-8' || charset === '') return decodeURIComponent(raw);
      return raw.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    } catch {
      // undecodable: fall back to the plain parameter
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain?.[1] ?? null;
}

function lastSegment(url: URL): string | null {
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const BIDI_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;

function clean(name: string | null): string | null {
  if (!name) return null;
  // A path in the name keeps only its last part; what names may not hold is dropped.
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '').replace(BIDI_OVERRIDES, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return null;
  return truncate(cleaned);
}

/** At most ITEM_NAME_MAX characters (code points), the extension kept when it is short. */
function truncate(name: string): string {
  const chars = [...name];
  if (chars.length <= ITEM_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length > 0 && extension.length <= 16) {
    return (
      chars
        .slice(0, ITEM_NAME_MAX - extension.length)
        .join('')
        .trimEnd() + extension.join('')
    );
  }
  return chars.slice(0, ITEM_NAME_MAX).join('');
}

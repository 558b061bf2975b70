import { existsSync, readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one base64 VLQ segment of a source map into its numbers. */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * How many bytes of a generated file each original source accounts for, from its source map: each
 * mapping segment owns the text up to the next segment on its line (what source-map-explorer does).
 */
export function bytesBySource(file: string): Map<string, number> {
  const result = new Map<string, number>();
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return result;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = readFileSync(file, 'utf8').split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const segments = line
      .split(',')
      .filter(Boolean)
      .map((s) => {
        const [col = 0, src] = decodeSegment(s);
        column += col;
        if (src !== undefined) source += src;
        return { column, source: src === undefined ? -1 : source };
      });
    segments.forEach((seg, i) => {
      const end = segments[i + 1]?.column ?? text.length;
      const name = seg.source >= 0 ? (map.sources[seg.source] ?? '?') : '(generated)';
      result.set(name, (result.get(name) ?? 0) + Buffer.byteLength(text.slice(seg.column, end)));
    });
  });
  return result;
}

/** node_modules/<package> (or @scope/package), else the app folder two levels deep. */
export function packageOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  if (source.includes('packages/contract/')) return '@filestore/contract';
  const src = source.indexOf('src/');
  if (src >= 0) return `app: ${source.slice(src).split('/').slice(0, 3).join('/')}`;
  return source;
}

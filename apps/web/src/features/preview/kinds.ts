import type { PreviewFile } from './preview-store';

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'none';

/** Images a browser draws by itself; others (TIFF, HEIC, PSD…) only through their thumbnail. */
const BROWSER_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'svg', 'bmp', 'ico', 'apng', 'jfif']);

const TEXT_EXTENSIONS = new Set(
  (
    'txt text md markdown mdx rst adoc csv tsv log json jsonc json5 ndjson geojson js mjs cjs ts mts cts tsx jsx ' +
    'css scss sass less html htm xhtml xml xsd xsl svgz yml yaml toml ini cfg conf config env properties ' +
    'sh bash zsh fish bat cmd ps1 py rb go rs java kt kts scala groovy gradle c h cc cpp hpp cs fs php pl lua r ' +
    'dart swift m sql graphql gql proto vue svelte astro tex bib srt vtt sub diff patch lock gitignore ' +
    'gitattributes editorconfig dockerfile makefile cmake nix tf hcl'
  ).split(' '),
);

const TEXT_MIMETYPES = new Set([
  'application/json',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/typescript',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/sql',
  'application/x-sh',
  'application/x-httpd-php',
  'application/x-ndjson',
  'application/graphql',
]);

/**
 * How a file is previewed. HTML and other markup are shown as text, never rendered; SVG is an
 * image and only ever goes through <img>, where its scripts cannot run.
 */
export function previewKind(file: PreviewFile): PreviewKind {
  const { mimetype, category } = file.attributes;
  const extension = file.attributes.extension?.toLowerCase() ?? '';
  const mime = mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  if (category === 'image' || mime.startsWith('image/')) {
    return file.attributes.thumbnail || BROWSER_IMAGES.has(extension) || mime === 'image/svg+xml' ? 'image' : 'none';
  }
  if (mime === 'application/pdf' || extension === 'pdf') return 'pdf';
  // TypeScript shares .ts with MPEG transport streams, which browsers cannot play anyway; the text
  // viewer recognises a binary file and offers the download instead.
  if (mime === 'video/mp2t' && TEXT_EXTENSIONS.has(extension)) return 'text';
  if (category === 'video' || mime.startsWith('video/')) return 'video';
  if (category === 'audio' || mime.startsWith('audio/')) return 'audio';
  if (
    mime.startsWith('text/') ||
    TEXT_MIMETYPES.has(mime) ||
    mime.endsWith('+json') ||
    mime.endsWith('+xml') ||
    TEXT_EXTENSIONS.has(extension) ||
    TEXT_EXTENSIONS.has(file.attributes.name.toLowerCase())
  ) {
    return 'text';
  }
  return 'none';
}

/** The file as the server streams it for viewing (Range-capable, not as an attachment). */
export function inlineUrl(file: PreviewFile): string {
  const url = file.attributes.file_url;
  return `${url}${url.includes('?') ? '&' : '?'}inline=1`;
}

/** The image to show: the large thumbnail when there is one, else the original. */
export function imageUrl(file: PreviewFile): string {
  return file.attributes.thumbnail?.lg ?? inlineUrl(file);
}

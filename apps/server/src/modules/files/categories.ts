import type { FileCategory } from '@filestore/contract';

const DOCUMENT_EXTENSIONS = new Set([
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'txt',
  'md',
  'csv',
  'epub',
  'pages',
  'numbers',
  'key',
]);

const DOCUMENT_MIMETYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/rtf',
  'application/epub+zip',
  'text/plain',
  'text/markdown',
  'text/csv',
]);

/** Spec §3 storage breakdown: images, videos, audios, documents, others. */
export function categoryFor(mimetype: string, extension: string | null): FileCategory {
  const [top] = mimetype.split('/');
  if (top === 'image') return 'image';
  if (top === 'video') return 'video';
  if (top === 'audio') return 'audio';
  if (
    DOCUMENT_MIMETYPES.has(mimetype) ||
    mimetype.startsWith('application/vnd.openxmlformats-officedocument.') ||
    mimetype.startsWith('application/vnd.oasis.opendocument.') ||
    mimetype.startsWith('application/vnd.ms-') ||
    (extension !== null && DOCUMENT_EXTENSIONS.has(extension))
  ) {
    return 'document';
  }
  return 'other';
}

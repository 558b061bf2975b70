import { describe, expect, it } from 'vitest';
import { inlineUrl, previewKind } from './kinds';
import type { PreviewFile } from './preview-store';

function file(name: string, mimetype: string, category: PreviewFile['attributes']['category'], thumbnail = false) {
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : null;
  return {
    id: 'f',
    type: 'file',
    attributes: {
      name,
      extension,
      mimetype,
      category,
      thumbnail: thumbnail ? { sm: '/t/sm', md: '/t/md', lg: '/t/lg' } : null,
      file_url: '/api/files/f/download',
    },
  } as unknown as PreviewFile;
}

describe('how a file is previewed', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 'image', 'image'],
    ['drawing.svg', 'image/svg+xml', 'image', 'image'],
    ['scan.tiff', 'image/tiff', 'image', 'none'],
    ['report.pdf', 'application/pdf', 'document', 'pdf'],
    ['clip.mp4', 'video/mp4', 'video', 'video'],
    ['song.mp3', 'audio/mpeg', 'audio', 'audio'],
    ['page.html', 'text/html', 'other', 'text'],
    ['server.ts', 'video/mp2t', 'video', 'text'],
    ['data.json', 'application/json', 'other', 'text'],
    ['Dockerfile', 'application/octet-stream', 'other', 'text'],
    ['archive.zip', 'application/zip', 'other', 'none'],
  ] as const)('%s (%s) → %s', (name, mimetype, category, kind) => {
    expect(previewKind(file(name, mimetype, category))).toBe(kind);
  });

  it('shows a TIFF through its thumbnail once the server made one', () => {
    expect(previewKind(file('scan.tiff', 'image/tiff', 'image', true))).toBe('image');
  });

  it('asks for the inline variant of the file URL', () => {
    expect(inlineUrl(file('a.txt', 'text/plain', 'document'))).toBe('/api/files/f/download?inline=1');
  });
});

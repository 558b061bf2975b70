import { describe, expect, it } from 'vitest';
import type { MenuAction } from '../../../ui/Menu';
import type { Item } from '../items';
import { accountSource, type FilesSource, type SourceAction } from './source';
import { menuForSource } from './source-menu';

const t = (key: string) => key;
const entry = (id: string): MenuAction => ({ id, label: id, onSelect: () => undefined });
const menu = ['open', 'favourite', 'share', 'download', 'rename', 'move', 'trash'].map(entry);
const uploads = ['upload-files', 'upload-folder', 'remote-upload', 'new-folder'].map(entry);
const link = (kind: FilesSource['kind'], allowed: SourceAction[]): FilesSource => ({
  ...accountSource,
  kind,
  can: (action) => allowed.includes(action),
});
const file = { id: 'f', type: 'file' } as Item;
const folder = { id: 'd', type: 'folder' } as Item;

describe('menus through a link', () => {
  it('leave the account’s menus alone', () => {
    expect(menuForSource(accountSource, t, menu, [file])).toBe(menu);
  });

  it('offer a visitor opening and downloading only, never owner-only entries', () => {
    const visitor = link('share', ['zip']);
    expect(menuForSource(visitor, t, menu, [folder]).map((a) => a.id)).toEqual(['open', 'download']);
    expect(menuForSource(visitor, t, uploads)).toEqual([]);
  });

  it('offer an editor changes, with Remove instead of Move to trash', () => {
    const editor = link('share', ['zip', 'upload', 'create-folder', 'rename', 'move', 'remove']);
    const shown = menuForSource(editor, t, menu, [file]);
    expect(shown.map((a) => a.id)).toEqual(['open', 'download', 'rename', 'move', 'trash']);
    expect(shown.find((a) => a.id === 'trash')?.label).toBe('public.remove');
    expect(menuForSource(editor, t, uploads).map((a) => a.id)).toEqual([
      'upload-files',
      'upload-folder',
      'remote-upload',
      'new-folder',
    ]);
  });

  it('drop the download of folders and selections where the link has no zips', () => {
    const guest = link('request', ['upload', 'create-folder', 'rename', 'move', 'remove']);
    expect(menuForSource(guest, t, menu, [file]).map((a) => a.id)).toContain('download');
    expect(menuForSource(guest, t, menu, [folder]).map((a) => a.id)).not.toContain('download');
    expect(menuForSource(guest, t, menu, [file, file]).map((a) => a.id)).not.toContain('download');
    // An upload request's guest may upload from links too (spec §7 /api/file-request/{token}/upload/remote).
    expect(menuForSource(guest, t, uploads).map((a) => a.id)).toContain('remote-upload');
  });
});

import type { BrowseResponse } from '@filestore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session';
import { renderApp, serve } from '../../../test/render';
import { FileBrowser } from './FileBrowser';
import { useBrowser } from './store';

const folder = (name: string) => ({
  data: {
    id: `id-${name}`,
    type: 'folder' as const,
    attributes: {
      name,
      color: null,
      emoji: null,
      items: 0,
      parent_id: null,
      is_favourite: false,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      deleted_at: null,
    },
    relationships: { parent: null, shared: null },
  },
});

const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
const listing: BrowseResponse = {
  data: NAMES.map(folder),
  meta: {
    root: null,
    path: [],
    paginate: { currentPage: 1, perPage: 100, total: NAMES.length, lastPage: 1, nextCursor: null },
  },
};

const user = {
  data: {
    id: 'u1',
    type: 'user',
    attributes: { name: 'Ada' },
    relationships: { settings: { data: { attributes: { emoji_type: 'system' } } } },
    meta: { restrictions: { canUpload: true, canDownload: true, reason: null } },
  },
};

function showFiles() {
  return renderApp(
    <FileBrowser kind="folder" context="files" folderId={null} label="My Files" empty={<p>Nothing here</p>} />,
  );
}

const option = (name: string) => screen.getByRole('option', { name: new RegExp(`^${name}`) });
const selectedNames = () =>
  screen
    .queryAllByRole('option', { selected: true })
    .map((o) => NAMES.find((n) => o.getAttribute('aria-label')?.startsWith(n) ?? o.textContent?.includes(n)));

beforeEach(() => {
  useSession.getState().setAuthenticated(true);
  useBrowser.setState({ scope: null, items: [], selected: new Set(), anchor: null, selectMode: false });
});

describe('a listing the server refuses', () => {
  it('403 keeps the user signed in and says they have no access to this folder', async () => {
    serve({
      'GET /api/browse/folders/all': () => ({
        status: 403,
        body: { code: 'auth.forbidden', message: 'You may not open this folder.' },
      }),
      'GET /api/user': () => ({ status: 200, body: user }),
    });
    showFiles();
    expect(await screen.findByRole('heading', { name: 'You don’t have access' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my files' }).getAttribute('href')).toBe('/platform/files');
    expect(useSession.getState().authenticated).toBe(true);
  });

  it('401 signs the user out (the guards then send them to sign-in)', async () => {
    serve({
      'GET /api/browse/folders/all': () => ({
        status: 401,
        body: { code: 'auth.unauthenticated', message: 'Please sign in.' },
      }),
      'GET /api/user': () => ({ status: 401, body: { code: 'auth.unauthenticated', message: 'Please sign in.' } }),
    });
    showFiles();
    await waitFor(() => expect(useSession.getState().authenticated).toBe(false));
  });
});

describe('selecting in the listing', () => {
  beforeEach(() => {
    serve({
      'GET /api/browse/folders/all': () => ({ status: 200, body: listing }),
      'GET /api/user': () => ({ status: 200, body: user }),
    });
  });

  it('a click selects one item, Ctrl+click adds and removes, Shift+click selects a range', async () => {
    const u = userEvent.setup();
    showFiles();
    await u.click(await screen.findByRole('option', { name: /^Bravo/ }));
    expect(selectedNames()).toEqual(['Bravo']);
    await u.click(option('Delta'));
    expect(selectedNames()).toEqual(['Delta']);
    await u.keyboard('{Control>}');
    await u.click(option('Alpha'));
    expect(selectedNames()).toEqual(['Alpha', 'Delta']);
    await u.click(option('Delta'));
    await u.keyboard('{/Control}');
    expect(selectedNames()).toEqual(['Alpha']);
    await u.click(option('Bravo'));
    await u.keyboard('{Shift>}');
    await u.click(option('Echo'));
    await u.keyboard('{/Shift}');
    expect(selectedNames()).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo']);
  });

  it('arrows move the selection, Shift+arrows extend it, Ctrl+A selects all and Escape clears', async () => {
    const u = userEvent.setup();
    showFiles();
    await u.click(await screen.findByRole('option', { name: /^Bravo/ }));
    await u.keyboard('{ArrowDown}');
    expect(selectedNames()).toEqual(['Charlie']);
    await u.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(selectedNames()).toEqual(['Charlie', 'Delta', 'Echo']);
    await u.keyboard('{ArrowUp}');
    expect(selectedNames()).toEqual(['Delta']);
    await u.keyboard('{Control>}a{/Control}');
    expect(selectedNames()).toEqual(NAMES);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(NAMES.length);
    await u.keyboard('{Escape}');
    expect(selectedNames()).toEqual([]);
  });
});

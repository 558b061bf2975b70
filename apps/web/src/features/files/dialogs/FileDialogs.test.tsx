import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { FileDialogs } from './FileDialogs';
import { openFileDialog, useFileDialogs } from './store';

const created = (name: string) => ({
  data: {
    id: 'new-folder',
    type: 'folder',
    attributes: { name, color: null, emoji: null, items: 0, parent_id: null, is_favourite: false },
  },
});

let posted: unknown[];

beforeEach(() => {
  act(() => useFileDialogs.getState().close());
  posted = [];
  serve({
    'GET /api/ping': () => ({ status: 200, body: {} }),
    'GET /api/user': () => ({ status: 401, body: { code: 'auth.unauthenticated', message: 'Sign in' } }),
    'POST /api/create-folder': (_url, init) => {
      const body = JSON.parse(init?.body as string) as { name: string };
      posted.push(body);
      if (body.name === 'Taken') {
        return {
          status: 422,
          body: { code: 'validation_failed', message: 'Invalid', errors: { name: ['That name is taken here.'] } },
        };
      }
      return { status: 201, body: created(body.name) };
    },
  });
});

async function openNewFolder() {
  renderApp(<FileDialogs />);
  act(() => openFileDialog({ kind: 'create-folder', parentId: null }));
  // The dialogs and Radix are lazy chunks: the first open waits for them.
  return screen.findByRole('dialog', { name: 'New folder' }, { timeout: 20_000 });
}

describe('the new folder dialog', () => {
  it('opens with the name field focused, keeps focus inside on Tab, and closes on Escape', async () => {
    const u = userEvent.setup();
    const dialog = await openNewFolder();
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    for (let i = 0; i < 40; i++) {
      await u.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useFileDialogs.getState().dialog).toBeNull();
    expect(posted).toEqual([]);
  });

  it('refuses an empty or slashed name before calling the server, then creates the folder and closes', async () => {
    const u = userEvent.setup();
    await openNewFolder();
    const name = screen.getByLabelText('Name');
    await u.clear(name);
    await u.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await u.type(name, 'a/b');
    await u.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('A name can’t contain slashes or control characters.')).toBeTruthy();
    expect(posted).toEqual([]);

    await u.clear(name);
    await u.type(name, '  Reports  {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ name: 'Reports', parent_id: null, emoji: null, color: null }]);
  });

  it('shows the server’s reason under the field and stays open', async () => {
    const u = userEvent.setup();
    await openNewFolder();
    const name = screen.getByLabelText('Name');
    await u.clear(name);
    await u.type(name, 'Taken{Enter}');
    expect(await screen.findByText('That name is taken here.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New folder' })).toBeTruthy();
  });
});

describe('the rename dialog', () => {
  it('opens with the base name of a file selected, not its extension', async () => {
    renderApp(<FileDialogs />);
    const file = {
      id: 'file-1',
      type: 'file',
      attributes: { name: 'expenses-2024.csv', parent_id: null },
      relationships: {},
    } as unknown as Extract<Parameters<typeof openFileDialog>[0], { kind: 'rename' }>['item'];
    act(() => openFileDialog({ kind: 'rename', item: file }));
    await screen.findByRole('dialog', { name: 'Rename file' }, { timeout: 20_000 });
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.value).toBe('expenses-2024.csv');
    await waitFor(() => expect([name.selectionStart, name.selectionEnd]).toEqual([0, 13]));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session';
import { renderApp, serve } from '../../../test/render';
import { FolderPicker } from './FolderPicker';

const folder = (id: string, name: string, hasFolders: boolean) => ({
  id,
  name,
  color: null,
  emoji: null,
  parent_id: null,
  has_folders: hasFolders,
});

beforeEach(() => useSession.setState({ authenticated: true }));

describe('the upload request’s folder picker, one level at a time (ADR 0072)', () => {
  it('a folder whose level fails shows closed instead of spinning for ever, and opening it asks again', async () => {
    let photos = 0;
    const { calls } = serve({
      'GET /api/browse/navigation/all': () => ({
        status: 200,
        body: { data: [folder('p1', 'Photos', true)], meta: { parent_id: null } },
      }),
      'GET /api/browse/navigation/p1': () =>
        ++photos === 1
          ? { status: 500, body: { code: 'server.error', message: 'Something went wrong.' } }
          : { status: 200, body: { data: [folder('p2', '2024', false)], meta: { parent_id: 'p1' } } },
    });
    renderApp(<FolderPicker opened={['p1']} value={{ id: null, name: '' }} onChange={() => {}} label="Folder" />);
    const tree = await screen.findByRole('tree', { name: 'Folder' });
    await waitFor(() => expect(photos).toBe(1));
    const row = await within(tree).findByRole('treeitem', { name: /Photos/ });
    await waitFor(() => expect(row.getAttribute('aria-expanded')).toBe('false'));
    expect(within(tree).queryByRole('status')).toBeNull();
    expect(within(tree).queryByText('Loading…')).toBeNull();

    row.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await within(tree).findByRole('treeitem', { name: /2024/ })).toBeTruthy();
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(calls.filter((c) => c === 'GET /api/browse/navigation/p1')).toHaveLength(2);
  });
});

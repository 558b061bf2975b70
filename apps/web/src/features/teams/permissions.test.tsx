import type { FileResource, FolderResource } from '@filestore/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { renderApp, serve } from '../../test/render';
import { useItemActions } from '../files/actions';
import { FilesSourceProvider, type SourceAction, type TeamSourceInfo } from '../files/browser/source';
import { teamCan } from './permissions';
import { teamSource } from './team-source';

const ACTIONS: SourceAction[] = ['upload', 'create-folder', 'rename', 'move', 'remove', 'zip', 'favourite'];
const allowed = (team: Pick<TeamSourceInfo, 'location' | 'folderId' | 'role'>) =>
  ACTIONS.filter((a) => teamCan(team, a));

describe('what each role may do on a team screen (ADR 0029)', () => {
  it('inside a team folder: the owner all, can_edit adds and changes, can_view only downloads', () => {
    expect(allowed({ location: 'team-folders', folderId: 't', role: 'owner' })).toEqual(ACTIONS);
    expect(allowed({ location: 'shared-with-me', folderId: 't', role: 'can_edit' })).toEqual([
      'upload',
      'create-folder',
      'rename',
      'move',
      'remove',
      'zip',
    ]);
    expect(allowed({ location: 'shared-with-me', folderId: 't', role: 'can_view' })).toEqual(['zip']);
    // Until the listing says the role, nothing is offered beyond downloading.
    expect(allowed({ location: 'shared-with-me', folderId: 't', role: null })).toEqual(['zip']);
  });

  it('at the top: the owner manages their team folders, a member only opens and downloads them', () => {
    expect(allowed({ location: 'team-folders', folderId: null, role: 'owner' })).toEqual([
      'rename',
      'move',
      'remove',
      'zip',
      'favourite',
    ]);
    expect(allowed({ location: 'shared-with-me', folderId: null, role: null })).toEqual(['zip']);
  });
});

const stamps = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', deleted_at: null };
const file: FileResource['data'] = {
  id: 'f1',
  type: 'file',
  attributes: {
    name: 'plan.pdf',
    color: null,
    emoji: null,
    extension: 'pdf',
    mimetype: 'application/pdf',
    category: 'document',
    size: 10,
    file_url: '/file',
    thumbnail: null,
    width: null,
    height: null,
    parent_id: 'team-1',
    ...stamps,
  },
  relationships: { parent: null, shared: null },
};
const teamFolder: FolderResource['data'] = {
  id: 'team-1',
  type: 'folder',
  attributes: {
    name: 'Launch',
    color: null,
    emoji: null,
    items: 1,
    parent_id: null,
    is_favourite: false,
    is_team_folder: true,
    ...stamps,
  },
  relationships: { parent: null, shared: null },
};

function Menus({ item, context }: { item: FileResource['data'] | FolderResource['data']; context: 'files' | 'teams' }) {
  const actions = useItemActions();
  return (
    <>
      <p data-testid="item">
        {actions
          .menuFor([item], context)
          .map((a) => a.id)
          .join(' ')}
      </p>
      <p data-testid="add">
        {actions
          .uploadMenu('team-1')
          .map((a) => a.id)
          .join(' ')}
      </p>
    </>
  );
}

function show(
  team: TeamSourceInfo,
  item: FileResource['data'] | FolderResource['data'],
  context: 'files' | 'teams' = 'files',
) {
  renderApp(
    <FilesSourceProvider source={teamSource(team)}>
      <Menus item={item} context={context} />
    </FilesSourceProvider>,
  );
  return {
    item: () => screen.getAllByTestId('item')[0]!.textContent,
    add: () => screen.getAllByTestId('add')[0]!.textContent,
  };
}

beforeEach(() => {
  useSession.getState().setAuthenticated(true);
  serve({ 'GET /api/user': () => ({ status: 401, body: { code: 'auth.unauthenticated', message: 'x' } }) });
});

describe('the menus a team screen offers, by role', () => {
  it('can_view: open and download only; nothing to add', async () => {
    const menus = show({ location: 'shared-with-me', folderId: 'team-1', role: 'can_view', teamFolder: null }, file);
    await waitFor(() => expect(menus.item()).toBe('open download'));
    expect(menus.add()).toBe('');
  });

  it('can_edit: rename, move and trash, uploads and new folders; no sharing, no upload requests', async () => {
    const menus = show({ location: 'shared-with-me', folderId: 'team-1', role: 'can_edit', teamFolder: null }, file);
    await waitFor(() => expect(menus.item()).toBe('open download rename move trash'));
    expect(menus.add()).toBe('upload-files upload-folder remote-upload new-folder');
  });

  it('owner: everything, sharing and upload requests included', async () => {
    const menus = show({ location: 'team-folders', folderId: 'team-1', role: 'owner', teamFolder: null }, file);
    await waitFor(() => expect(menus.item()).toBe('open download share rename move trash'));
    expect(menus.add()).toBe('upload-files upload-folder remote-upload new-folder request-files');
  });

  it('a member at the top of Shared with Me may leave a team, not edit or dissolve it', async () => {
    const menus = show(
      { location: 'shared-with-me', folderId: null, role: null, teamFolder: null },
      teamFolder,
      'teams',
    );
    await waitFor(() => expect(menus.item()).toBe('open download team-leave'));
  });

  it('the owner at the top of Team Folders manages and dissolves their team folders', async () => {
    const menus = show(
      { location: 'team-folders', folderId: null, role: 'owner', teamFolder: null },
      teamFolder,
      'teams',
    );
    await waitFor(() =>
      expect(menus.item()).toBe('open favourite download share rename move trash team-edit team-dissolve'),
    );
  });
});

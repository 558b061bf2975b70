import type { TeamFolderResource } from '@filestore/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configQueryKey } from '../../../lib/config';
import { usePopups } from '../../../lib/popups';
import { useSession } from '../../../lib/session';
import { renderApp, serve, testConfig, type Routes } from '../../../test/render';
import { useTeamActions } from '../useTeamActions';
import { openTeamDialog, useTeamDialogs } from './store';
import { TeamDialogs } from './TeamDialogs';

const user = (restrictions: Record<string, unknown> = {}, limit = { total: -1, allowed: [] as string[] }) => ({
  data: {
    id: 'u-ann',
    type: 'user',
    attributes: { name: 'Ann', email: 'ann@example.com' },
    relationships: { settings: { data: { attributes: { emoji_type: 'system' } } } },
    meta: {
      restrictions: {
        canUpload: true,
        canDownload: true,
        canCreateFolder: true,
        canCreateTeamFolder: true,
        reason: null,
        ...restrictions,
      },
      limitations: {
        max_storage_amount: { total: null },
        max_team_members: { total: limit.total, meta: { allowed_emails: limit.allowed } },
      },
    },
  },
});

const person = (id: string, name: string, permission: 'owner' | 'can_edit' | 'can_view') => ({
  data: {
    id,
    type: 'member' as const,
    attributes: { name, email: `${name.toLowerCase()}@example.com`, avatar: null, color: '#6366F1', permission },
  },
});

const team: TeamFolderResource = {
  data: {
    id: 'team-1',
    type: 'folder',
    attributes: {
      name: 'Launch plan',
      color: null,
      emoji: null,
      items: 3,
      parent_id: null,
      is_favourite: false,
      is_team_folder: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      deleted_at: null,
    },
    relationships: {
      parent: null,
      shared: null,
      members: {
        data: [person('u-ann', 'Ann', 'owner'), person('u-bob', 'Bob', 'can_edit'), person('u-cy', 'Cy', 'can_edit')],
      },
      invitations: {
        data: [
          {
            data: {
              id: 'inv-dee',
              type: 'invitation',
              attributes: {
                parent_id: 'team-1',
                email: 'dee@example.com',
                color: '#14B8A6',
                status: 'pending',
                permission: 'can_view',
                isExistedUser: true,
                created_at: '2026-01-01T00:00:00.000Z',
              },
              relationships: {
                inviter: {
                  data: {
                    id: 'u-ann',
                    type: 'user',
                    attributes: { name: 'Ann', email: 'ann@example.com', avatar: null, color: '#000000' },
                  },
                },
                folder: {
                  data: { id: 'team-1', type: 'folder', attributes: { name: 'Launch plan', color: null, emoji: null } },
                },
              },
            },
          },
        ],
      },
    },
  },
  meta: { role: 'owner' },
};

let sent: { method: string; path: string; body: unknown }[];
function mock(extra: Routes = {}, me = user(), plan: 'none' | 'fixed' = 'none') {
  sent = [];
  const record =
    (status: number, body: unknown): Routes[string] =>
    (url, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: JSON.parse((init?.body as string) ?? 'null'),
      });
      return { status, body };
    };
  serve({
    'GET /api/user': () => ({ status: 200, body: me }),
    'GET /api/ping': () => ({ status: 200, body: {} }),
    'POST /api/teams/folders': record(201, { data: { ...team.data, id: 'team-new' }, meta: { role: 'owner' } }),
    'GET /api/teams/folders/team-1': () => ({
      status: 200,
      body: {
        data: [],
        meta: {
          root: null,
          path: [],
          paginate: { currentPage: 1, perPage: 1, total: 0, lastPage: 1, nextCursor: null },
          teamFolder: team,
        },
      },
    }),
    'PATCH /api/teams/folders/team-1': record(201, team),
    ...extra,
  });
  const result = renderApp(<TeamDialogs />);
  void act(() => result.client.setQueryData(configQueryKey, { ...testConfig, subscriptionType: plan }));
  return result;
}

beforeEach(() => {
  useSession.getState().setAuthenticated(true);
  act(() => useTeamDialogs.getState().close());
  act(() => usePopups.getState().close());
});

async function openCreate() {
  act(() => openTeamDialog({ kind: 'create' }));
  return screen.findByRole('dialog', { name: 'New team folder' }, { timeout: 20_000 });
}

describe('the create-team-folder popup', () => {
  it('checks each email before adding it, then posts the name and the invitations with their permissions', async () => {
    const u = userEvent.setup();
    mock();
    const dialog = await openCreate();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy());
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await u.clear(name);
    await u.type(name, 'Launch plan');
    const email = within(dialog).getByRole('textbox', { name: 'Email of the person to invite' });

    await u.type(email, 'not-an-email{Enter}');
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    await u.clear(email);
    await u.type(email, 'ANN@example.com{Enter}');
    expect(await within(dialog).findByText(/That’s your own email/)).toBeTruthy();
    await u.clear(email);
    await u.type(email, 'bob@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    const list = within(dialog).getByRole('list', { name: 'New invitations' });
    expect(within(list).getByText('bob@example.com')).toBeTruthy();
    await u.selectOptions(within(list).getByRole('combobox', { name: 'Permission of bob@example.com' }), 'can_view');
    await u.type(email, 'bob@example.com{Enter}');
    expect(await within(dialog).findByText('This person is already in the team or invited.')).toBeTruthy();
    expect(sent).toEqual([]);

    // What is typed but not added yet goes too.
    await u.clear(email);
    await u.type(email, 'carol@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Create team folder' }));
    await waitFor(() => expect(useTeamDialogs.getState().dialog).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/teams/folders',
        body: {
          name: 'Launch plan',
          emoji: null,
          color: null,
          invitations: [
            { email: 'bob@example.com', permission: 'can_view' },
            { email: 'carol@example.com', permission: 'can_edit' },
          ],
        },
      },
    ]);
  });

  it('on a fixed plan at its member limit, refuses a new email at once, and shows the server’s teams.member_limit', async () => {
    const u = userEvent.setup();
    mock(
      {
        'POST /api/teams/folders': () => ({
          status: 401,
          body: { code: 'teams.member_limit', message: 'You exceed your members limit.' },
        }),
      },
      user({}, { total: 2, allowed: ['bob@example.com'] }),
      'fixed',
    );
    const dialog = await openCreate();
    expect(await within(dialog).findByText(/up to 2 people across your teams/)).toBeTruthy();
    const email = within(dialog).getByRole('textbox', { name: 'Email of the person to invite' });
    await u.type(email, 'carol@example.com{Enter}');
    await u.type(email, 'dave@example.com{Enter}');
    expect(await within(dialog).findByText(/reached your plan’s limit of 2 team members/)).toBeTruthy();
    // Someone already counted can always be invited.
    await u.clear(email);
    await u.type(email, 'bob@example.com{Enter}');
    expect(within(dialog).getByRole('list', { name: 'New invitations' }).textContent).toContain('bob@example.com');
    expect(within(dialog).queryByText(/reached your plan’s limit/)).toBeNull();
    // The server counts too: its refusal shows under the invitations, and the popup stays open.
    await u.click(within(dialog).getByRole('button', { name: 'Create team folder' }));
    expect(await within(dialog).findByText(/reached your plan’s limit of 2 team members/)).toBeTruthy();
    expect(useTeamDialogs.getState().dialog).toEqual({ kind: 'create' });
  });
});

describe('the update-team-folder popup', () => {
  it('sends the wanted state: changed permissions, removed members, withdrawn and new invitations', async () => {
    const u = userEvent.setup();
    mock();
    act(() =>
      openTeamDialog({ kind: 'update', folder: { id: 'team-1', name: 'Launch plan', color: null, emoji: null } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Manage “Launch plan”' }, { timeout: 20_000 });
    const members = await within(dialog).findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Owner')).toBeTruthy();
    await u.selectOptions(within(members).getByRole('combobox', { name: 'Permission of Bob' }), 'can_view');
    await u.click(within(members).getByRole('button', { name: 'Remove Cy from the team' }));
    const pending = within(dialog).getByRole('list', { name: 'Waiting for an answer' });
    await u.click(within(pending).getByRole('button', { name: 'Withdraw the invitation of dee@example.com' }));
    await u.type(
      within(dialog).getByRole('textbox', { name: 'Email of the person to invite' }),
      'eve@example.com{Enter}',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(useTeamDialogs.getState().dialog).toBeNull());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/teams/folders/team-1',
        body: {
          members: [{ id: 'u-bob', permission: 'can_view' }],
          invitations: [{ email: 'eve@example.com', permission: 'can_edit' }],
        },
      },
    ]);
  });
});

function CreateButton() {
  const actions = useTeamActions();
  return (
    <button type="button" onClick={() => actions.create()}>
      create
    </button>
  );
}

describe('creating team folders restricted (spec §5 canCreateTeamFolder)', () => {
  it('shows the temporarily-disabled alert instead of the popup', async () => {
    mock({}, user({ canCreateTeamFolder: false, reason: null }));
    const result = renderApp(<CreateButton />);
    await waitFor(() => expect(result.client.getQueryData(['user'])).toBeTruthy());
    await userEvent.click(screen.getAllByRole('button', { name: 'create' })[0]!);
    expect(usePopups.getState().popup?.title).toBe('Creating team folders is temporarily disabled');
    expect(useTeamDialogs.getState().dialog).toBeNull();
  });
});

const launch = { id: 'team-1', name: 'Launch plan', color: null, emoji: null };

describe('the convert-to-team popup', () => {
  it('refuses a wrong email typed but not added before any call, then converts with it', async () => {
    const u = userEvent.setup();
    mock({
      'POST /api/teams/folders/team-1/convert': (url, init) => {
        sent.push({ method: 'POST', path: url.pathname, body: JSON.parse(init?.body as string) });
        return { status: 201, body: team };
      },
    });
    act(() => openTeamDialog({ kind: 'convert', folder: launch }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a team folder' }, { timeout: 20_000 });
    const email = within(dialog).getByRole('textbox', { name: 'Email of the person to invite' });
    await u.type(email, 'not-an-email');
    await u.click(within(dialog).getByRole('button', { name: 'Convert and invite' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    expect(sent).toEqual([]);
    await u.clear(email);
    await u.type(email, 'bob@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Convert and invite' }));
    await waitFor(() => expect(useTeamDialogs.getState().dialog).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/teams/folders/team-1/convert',
        body: { invitations: [{ email: 'bob@example.com', permission: 'can_edit' }] },
      },
    ]);
  });

  it('shows the server’s member limit under the invitations and stays open', async () => {
    const u = userEvent.setup();
    mock(
      {
        'POST /api/teams/folders/team-1/convert': () => ({
          status: 401,
          body: { code: 'teams.member_limit', message: 'You exceed your members limit.' },
        }),
      },
      user({}, { total: 2, allowed: ['bob@example.com'] }),
      'fixed',
    );
    act(() => openTeamDialog({ kind: 'convert', folder: launch }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a team folder' }, { timeout: 20_000 });
    await u.type(within(dialog).getByRole('textbox', { name: 'Email of the person to invite' }), 'bob@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Convert and invite' }));
    expect(await within(dialog).findByText(/reached your plan’s limit of 2 team members/)).toBeTruthy();
    expect(useTeamDialogs.getState().dialog).toEqual({ kind: 'convert', folder: launch });
  });
});

describe('the update-team-folder popup’s refusals', () => {
  it('says a refusal that is not about the invitations in an alert, and stays open', async () => {
    const u = userEvent.setup();
    mock({ 'PATCH /api/teams/folders/team-1': () => ({ status: 500, body: { code: 'internal', message: 'Boom' } }) });
    act(() => openTeamDialog({ kind: 'update', folder: launch }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage “Launch plan”' }, { timeout: 20_000 });
    await within(dialog).findByRole('list', { name: 'Members' });
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(usePopups.getState().popup?.title).toBe('The team wasn’t changed'));
    expect(useTeamDialogs.getState().dialog).toEqual({ kind: 'update', folder: launch });
  });
});

describe('the dissolve and leave confirmations', () => {
  it('dissolves the team, and says so when leaving fails', async () => {
    const u = userEvent.setup();
    const calls: string[] = [];
    mock({
      'DELETE /api/teams/folders/team-1': () => {
        calls.push('dissolve');
        return { status: 200, body: { message: 'Dissolved.' } };
      },
      'DELETE /api/teams/folders/team-1/leave': () => ({ status: 500, body: { code: 'internal', message: 'Boom' } }),
    });
    act(() => openTeamDialog({ kind: 'dissolve', folder: launch }));
    const dissolve = await screen.findByRole(
      'dialog',
      { name: 'Really dissolve the team “Launch plan”?' },
      { timeout: 20_000 },
    );
    await u.click(within(dissolve).getByRole('button', { name: 'Dissolve team' }));
    await waitFor(() => expect(useTeamDialogs.getState().dialog).toBeNull());
    expect(calls).toEqual(['dissolve']);

    act(() => openTeamDialog({ kind: 'leave', folder: launch }));
    const leave = await screen.findByRole('dialog', { name: 'Really leave the team “Launch plan”?' });
    await u.click(within(leave).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(usePopups.getState().popup?.title).toBe('You didn’t leave the team'));
    expect(useTeamDialogs.getState().dialog).toBeNull();
  });
});

import type { TeamInvitationResponse } from '@filestore/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configQueryKey } from '../../lib/config';
import { useSession } from '../../lib/session';
import { renderApp, serve, testConfig } from '../../test/render';
import { InvitationView } from './InvitationPage';

const invitation = (viewer: 'invitee' | 'other' | 'guest', isExistedUser = true): TeamInvitationResponse => ({
  data: {
    id: 'inv-1',
    type: 'invitation',
    attributes: {
      parent_id: 'team-1',
      email: 'bob@example.com',
      color: '#14B8A6',
      status: 'pending',
      permission: 'can_edit',
      isExistedUser,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    relationships: {
      inviter: {
        data: {
          id: 'u-ann',
          type: 'user',
          attributes: { name: 'Ann Owner', email: 'ann@example.com', avatar: null, color: '#6366F1' },
        },
      },
      folder: { data: { id: 'team-1', type: 'folder', attributes: { name: 'Launch plan', color: null, emoji: '🚀' } } },
    },
  },
  meta: { viewer },
});

const me = (email: string) => ({
  data: {
    id: 'me',
    type: 'user',
    attributes: { name: 'Someone', email },
    relationships: { settings: { data: { attributes: { emoji_type: 'system' } } } },
    meta: { restrictions: { canUpload: true, canDownload: true, reason: null } },
  },
});

function show() {
  const result = renderApp(<InvitationView id="inv-1" />);
  void act(() => result.client.setQueryData(configQueryKey, { ...testConfig, userRegistration: true }));
  return result;
}

beforeEach(() => useSession.getState().setAuthenticated(false));

describe('the team invitation page', () => {
  it('shows who invites to which folder with which permission, and lets the invitee accept', async () => {
    useSession.getState().setAuthenticated(true);
    const answered: string[] = [];
    serve({
      'GET /api/teams/invitations/inv-1': () => ({ status: 200, body: invitation('invitee') }),
      'GET /api/user': () => ({ status: 200, body: me('bob@example.com') }),
      'GET /api/ping': () => ({ status: 200, body: {} }),
      'PUT /api/teams/invitations/inv-1': () => {
        answered.push('accept');
        return { status: 200, body: { message: 'ok' } };
      },
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Launch plan' })).toBeTruthy();
    expect(screen.getByText(/Ann Owner invites you to add, edit and organise the files of “Launch plan”/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept and open' }));
    await waitFor(() => expect(answered).toEqual(['accept']));
    await waitFor(() => expect(window.location.pathname).toBe('/platform/shared-with-me/team-1'));
  });

  it('lets the invitee decline, and says so', async () => {
    useSession.getState().setAuthenticated(true);
    serve({
      'GET /api/teams/invitations/inv-1': () => ({ status: 200, body: invitation('invitee') }),
      'GET /api/user': () => ({ status: 200, body: me('bob@example.com') }),
      'DELETE /api/teams/invitations/inv-1': () => ({ status: 200, body: { message: 'ok' } }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(/You declined the invitation/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and open' })).toBeNull();
  });

  it('tells someone signed in with another email, without accept or decline, and offers to switch', async () => {
    useSession.getState().setAuthenticated(true);
    serve({
      'GET /api/teams/invitations/inv-1': () => ({ status: 200, body: invitation('other') }),
      'GET /api/user': () => ({ status: 200, body: me('carol@example.com') }),
    });
    show();
    expect(
      await screen.findByText(/You’re signed in as carol@example.com, but this invitation is for bob@example.com/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out and switch' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and open' })).toBeNull();
  });

  it('offers a visitor with an account to sign in, coming back here with the email filled in', async () => {
    serve({ 'GET /api/teams/invitations/inv-1': () => ({ status: 200, body: invitation('guest', true) }) });
    show();
    const link = await screen.findByRole('link', { name: 'Sign in to answer' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/sign-in');
    expect(href.searchParams.get('redirect')).toBe('/team-folder-invitation/inv-1');
    expect(href.searchParams.get('email')).toBe('bob@example.com');
    expect(screen.queryByRole('button', { name: 'Accept and open' })).toBeNull();
  });

  it('offers a visitor without an account to join and create it, with the email filled in', async () => {
    serve({ 'GET /api/teams/invitations/inv-1': () => ({ status: 200, body: invitation('guest', false) }) });
    show();
    const link = await screen.findByRole('link', { name: 'Join & create account' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/sign-up');
    expect(href.searchParams.get('email')).toBe('bob@example.com');
    expect(href.searchParams.get('redirect')).toBe('/team-folder-invitation/inv-1');
  });

  it('says clearly when the invitation was used, declined or withdrawn (410)', async () => {
    serve({
      'GET /api/teams/invitations/inv-1': () => ({
        status: 410,
        body: { code: 'teams.invitation_gone', message: 'Invitation was already used.' },
      }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'This invitation can’t be used any more' })).toBeTruthy();
    expect(screen.getByText(/accepted or declined, or its owner withdrew it/)).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import type { Item } from '../../files/items';
import { ShareCreateDialog } from './ShareCreateDialog';
import { ShareEditDialog } from './ShareEditDialog';
import type { Share } from './sharing.api';

const folder = {
  id: 'folder-1',
  type: 'folder',
  attributes: { name: 'Plans', color: null, emoji: null, items: 0, parent_id: null, is_favourite: false },
  relationships: {},
} as unknown as Item;

const share = (attributes: Partial<Share['attributes']> = {}): Share => ({
  id: 'share-1',
  type: 'shared',
  attributes: {
    token: 'tok-1',
    item_id: 'folder-1',
    type: 'folder',
    permission: 'visitor',
    protected: false,
    expire_in: null,
    expires_at: null,
    link: 'http://localhost/share/tok-1',
    created_at: '2026-12-01T00:00:00.000Z',
    ...attributes,
  },
});

let sent: { method: string; body: unknown }[];
let refuse: { status: number; body: unknown } | null;

beforeEach(() => {
  sent = [];
  refuse = null;
  const record = (method: string) => (_url: URL, init: RequestInit | undefined) => {
    sent.push({ method, body: JSON.parse(init?.body as string) as unknown });
    return refuse ?? { status: method === 'POST /api/share' ? 201 : 200, body: { data: share() } };
  };
  serve({
    'GET /api/ping': () => ({ status: 200, body: {} }),
    'POST /api/share': record('POST /api/share'),
    'PATCH /api/share/tok-1': record('PATCH /api/share/tok-1'),
    'POST /api/share/tok-1': record('POST /api/share/tok-1'),
    'POST /api/share/tok-1/email': record('POST /api/share/tok-1/email'),
    'GET /api/share/tok-1': () => ({ status: 200, body: { data: share({ protected: true }) } }),
  });
});

describe('the share-create popup', () => {
  it('asks for a password once protection is on and checks typed addresses before any call', async () => {
    const u = userEvent.setup();
    renderApp(<ShareCreateDialog item={folder} />);
    await screen.findByRole('dialog', { name: 'Share “Plans”' }, { timeout: 20_000 });
    await u.click(screen.getByRole('switch', { name: /Protect with a password/ }));
    await u.type(screen.getByLabelText('Send the link by email (optional)'), 'not-an-address');
    await u.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Enter a password, or turn the protection off.')).toBeTruthy();
    expect(screen.getByText('“not-an-address” isn’t a valid email address.')).toBeTruthy();
    expect(sent).toEqual([]);
    // Typing the password takes its message away.
    await u.type(screen.getByLabelText('Password for the link'), 'secret-1');
    await waitFor(() => expect(screen.queryByText('Enter a password, or turn the protection off.')).toBeNull());
  });

  it('puts a refused field under it, then creates the link with what was chosen', async () => {
    const u = userEvent.setup();
    renderApp(<ShareCreateDialog item={folder} />);
    await screen.findByRole('dialog', { name: 'Share “Plans”' }, { timeout: 20_000 });
    await u.click(screen.getByRole('switch', { name: /Protect with a password/ }));
    await u.type(screen.getByLabelText('Password for the link'), 'pw');
    refuse = {
      status: 422,
      body: { code: 'validation.failed', message: 'Invalid', errors: { password: ['The password is too short.'] } },
    };
    await u.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('The password is too short.')).toBeTruthy();
    refuse = null;
    await u.type(screen.getByLabelText('Password for the link'), '-long-enough');
    await u.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('dialog', { name: '“Plans” is shared' })).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      method: 'POST /api/share',
      body: {
        id: 'folder-1',
        type: 'folder',
        permission: 'visitor',
        isPassword: true,
        password: 'pw-long-enough',
        expiration: null,
      },
    });
  });
});

describe('the share-edit popup', () => {
  it('sends only what changed, and a refusal without a field shows in the banner', async () => {
    const u = userEvent.setup();
    renderApp(<ShareEditDialog item={folder} share={share({ protected: true })} />);
    await screen.findByRole('dialog', { name: 'Sharing “Plans”' }, { timeout: 20_000 });
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a password, or turn the protection off.')).toBeTruthy();
    expect(sent).toEqual([]);
    await u.type(screen.getByLabelText('New password'), 'new-secret-1');
    refuse = { status: 500, body: { code: 'internal', message: 'Boom' } };
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ protected: true, password: 'new-secret-1' });
    expect(Object.keys(sent[0]!.body as object).sort()).toEqual(['password', 'protected']);
  });

  it('mails the link to the addresses typed, and asks for one when there is none', async () => {
    const u = userEvent.setup();
    renderApp(<ShareEditDialog item={folder} share={share()} />);
    await screen.findByRole('dialog', { name: 'Sharing “Plans”' }, { timeout: 20_000 });
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter at least one email address.')).toBeTruthy();
    await u.type(screen.getByLabelText('Email addresses'), 'ann@example.com');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ emails: ['ann@example.com'] });
  });
});

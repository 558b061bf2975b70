import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { renderApp, serve, type Routes } from '../../test/render';
import { PasskeysCard } from './PasskeysCard';
import { TokensSettingsPage } from './TokensPage';
import { TwoFactorCard } from './TwoFactorCard';
import type { User } from './user.api';

const me = (attributes: Record<string, unknown> = {}) =>
  ({
    id: 'u-ann',
    type: 'user',
    attributes: {
      name: 'Ann',
      email: 'ann@example.com',
      role: 'user',
      socialite_account: false,
      two_factor_confirmed_at: null,
      ...attributes,
    },
    relationships: { settings: { data: { attributes: { timezone: null, emoji_type: 'system' } } } },
  }) as unknown as User;

/** Answers each call with `answer(n)` (n counts the calls from 0) and keeps the bodies sent. */
function recording(answer: (n: number) => { status: number; body?: unknown }) {
  const sent: unknown[] = [];
  const route: Routes[string] = (_url, init) => {
    sent.push(init?.body ? JSON.parse(init.body as string) : undefined);
    return answer(sent.length - 1);
  };
  return { sent, route };
}

const refusal = (code: string, status = 422) => ({ status, body: { code, message: code } });
const posts = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

beforeEach(() => useSession.setState({ authenticated: true }));

describe('the create-token form', () => {
  const routes = (user: User, create: Routes[string]): Routes => ({
    'GET /api/user': () => ({ status: 200, body: { data: user } }),
    'GET /api/user/tokens': () => ({ status: 200, body: { data: [] } }),
    'POST /api/user/tokens': create,
  });

  it('asks for a long enough name and the password before any call', async () => {
    const { calls } = serve(routes(me(), () => ({ status: 500 })));
    renderApp(<TokensSettingsPage />);
    await screen.findByLabelText('Current password');
    await click('Create token');
    expect(await screen.findByText('Enter at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Token name')).toBe(document.activeElement));
    expect(posts(calls)).toEqual([]);
  });

  it('puts a wrong password on its field, then shows the new token with what was sent', async () => {
    const create = recording((n) =>
      n === 0
        ? refusal('auth.invalid_credentials')
        : {
            status: 201,
            body: {
              data: { id: 't-1', type: 'token', attributes: { name: 'Backup script', scope: 'user' } },
              plainTextToken: '1|secret',
            },
          },
    );
    serve(routes(me(), create.route));
    renderApp(<TokensSettingsPage />);
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('Token name'), ' Backup script ');
    await click('Create token');
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toBe(document.activeElement));
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'password-1');
    await click('Create token');
    expect(await screen.findByText('Your new token “Backup script”')).toBeTruthy();
    expect(create.sent[1]).toEqual({ name: 'Backup script', scope: 'user', password: 'password-1' });
  });

  it('asks an account without a password to sign in again when the server wants a recent sign-in', async () => {
    const create = recording(() => refusal('auth.forbidden', 403));
    serve(routes(me({ socialite_account: true, role: 'admin' }), create.route));
    renderApp(<TokensSettingsPage />);
    await userEvent.type(await screen.findByLabelText('Token name'), 'Admin script');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.click(screen.getByRole('switch'));
    await click('Create token');
    expect((await screen.findByRole('alert')).textContent).toMatch(/sign/i);
    expect(create.sent).toEqual([{ name: 'Admin script', scope: 'admin' }]);
  });
});

describe('the two-factor card', () => {
  it('asks for the password, puts a wrong one on its field, then checks and confirms the code', async () => {
    const enable = recording((n) =>
      n === 0
        ? refusal('auth.invalid_credentials')
        : { status: 200, body: { secret: 'ABCDEFGHIJKLMNOP', qr_svg: '<svg/>', otpauth_url: 'otpauth://x' } },
    );
    const confirm = recording((n) =>
      n === 0
        ? refusal('auth.two_factor_invalid_code')
        : { status: 200, body: { recovery_codes: ['abcd-efgh-jkmn-pqrs'] } },
    );
    const { calls } = serve({
      'POST /api/user/two-factor-authentication': enable.route,
      'POST /api/user/confirmed-two-factor-authentication': confirm.route,
    });
    renderApp(<TwoFactorCard user={me()} />);
    await click('Turn on');
    await click('Continue');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await click('Continue');
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Current password'), '-still');
    await click('Continue');
    await screen.findByLabelText('Code from the app');
    expect(enable.sent).toEqual([{ password: 'wrong' }, { password: 'wrong-still' }]);

    await click('Confirm and turn on');
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code from the app'), '123 456');
    await click('Confirm and turn on');
    expect(await screen.findByText(/That code is wrong or was already used/)).toBeTruthy();
    await click('Confirm and turn on');
    expect(await screen.findByText('Save your recovery codes')).toBeTruthy();
    expect(confirm.sent).toEqual([{ code: '123456' }, { code: '123456' }]);
  });

  it('shows a refusal that belongs to no field in the banner', async () => {
    serve({ 'DELETE /api/user/two-factor-authentication': () => ({ status: 500, body: { code: 'internal' } }) });
    renderApp(<TwoFactorCard user={me({ two_factor_confirmed_at: '2026-01-01T00:00:00.000Z' })} />);
    await click('Turn off');
    await userEvent.type(screen.getByLabelText('Current password'), 'password-1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  });
});

describe('the passkey forms', () => {
  const passkey = {
    id: 'pk-1',
    type: 'passkey',
    attributes: { name: 'Laptop', synced: false, created_at: '2026-01-01T00:00:00.000Z', last_used_at: null },
  };

  it('asks for the password before the browser dialog, and puts a wrong one on its field', async () => {
    // A browser with WebAuthn (jsdom has none).
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const options = recording(() => refusal('auth.invalid_credentials'));
    const { calls } = serve({
      'GET /api/user/passkeys': () => ({ status: 200, body: { data: [] } }),
      'POST /api/user/passkeys/options': options.route,
    });
    renderApp(<PasskeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await click('Continue');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await click('Continue');
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(options.sent).toEqual([{ password: 'wrong' }]);
  });

  it('renames a passkey in place: a blank name is refused before the call, a refusal stays beside it', async () => {
    const rename = recording((n) =>
      n === 0 ? refusal('internal', 500) : { status: 200, body: { data: { ...passkey, attributes: {} } } },
    );
    const { calls } = serve({
      'GET /api/user/passkeys': () => ({ status: 200, body: { data: [passkey] } }),
      'PATCH /api/user/passkeys/pk-1': rename.route,
    });
    renderApp(<PasskeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const name = screen.getByLabelText('Passkey name');
    await userEvent.clear(name);
    await click('Save');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await userEvent.type(name, ' Work laptop ');
    await click('Save');
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await click('Save');
    await waitFor(() => expect(screen.queryByLabelText('Passkey name')).toBeNull());
    expect(rename.sent).toEqual([{ name: 'Work laptop' }, { name: 'Work laptop' }]);
    expect(within(screen.getByTestId('passkey')).getByText('Laptop')).toBeTruthy();
  });
});

import type { AdminUserDetail } from '@filestore/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, serve, type Routes } from '../../../test/render';
import { CreateUserPage } from './CreateUserPage';
import { UserDeleteTab, UserDetailsTab, UserStorageTab } from './UserTabs';

const casey: AdminUserDetail = {
  id: 'u-casey',
  name: 'Casey Jones',
  email: 'casey@acme.test',
  role: 'user',
  status: 'active',
  color: '#6366F1',
  avatar: null,
  email_verified_at: '2026-01-01T00:00:00.000Z',
  storage_used: 0,
  storage_used_formatted: '0 B',
  storage_capacity: null,
  max_storage_amount: null,
  created_at: '2026-01-01T00:00:00.000Z',
  two_factor_enabled: false,
  suspended_at: null,
  sessions: [],
  deletion: null,
};

vi.mock('./UserLayout', () => ({ useUserPage: () => ({ id: 'u-casey', user: casey }) }));

/** Serves `key`, recording the bodies sent and answering each in turn (then a success). */
function server(key: string, answers: Array<{ status: number; body?: unknown }>, extra: Routes = {}) {
  const sent: unknown[] = [];
  const { calls } = serve({
    ...extra,
    [key]: (_url, init) => {
      sent.push(JSON.parse(init?.body as string));
      return answers.shift() ?? { status: 200, body: { data: casey } };
    },
  });
  return { sent, calls };
}
const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));
const refusal = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { code: 'validation.failed', message: 'Invalid', errors },
});

afterEach(() => window.history.replaceState(null, '', '/'));

describe('creating a user', () => {
  it('checks the fields before any call', async () => {
    const { calls } = server('POST /api/admin/users', []);
    renderApp(<CreateUserPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'casey');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'shorts');
    await userEvent.type(screen.getByLabelText('Storage capacity (GB)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getByText('Enter a number of gigabytes greater than zero.')).toBeTruthy();
    expect(screen.getByLabelText('Full name')).toBe(document.activeElement);
    expect(writes(calls)).toEqual([]);
  });

  it('puts a taken email on its field, and opens the new user', async () => {
    const { sent } = server('POST /api/admin/users', [refusal({ email: ['The email has already been taken.'] })]);
    renderApp(<CreateUserPage />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Casey Jones');
    await userEvent.type(screen.getByLabelText('Email'), 'casey@acme.test');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'long-enough');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    await userEvent.type(screen.getByLabelText('Storage capacity (GB)'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Email')).toBe(document.activeElement));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/user/u-casey/details'));
    expect(sent[1]).toEqual({
      name: 'Casey Jones',
      email: 'casey@acme.test',
      password: 'long-enough',
      password_confirmation: 'long-enough',
      role: 'admin',
      max_storage_amount: 2.5,
    });
  });

  it('shows a refusal that belongs to no field in the banner', async () => {
    server('POST /api/admin/users', [{ status: 403, body: { code: 'forbidden', message: 'No.' } }]);
    renderApp(<CreateUserPage />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Casey Jones');
    await userEvent.type(screen.getByLabelText('Email'), 'casey@acme.test');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });
});

describe('a user’s tabs', () => {
  it('saves a changed role, and shows a refusal', async () => {
    const { sent } = server('PATCH /api/admin/users/u-casey/role', [
      { status: 403, body: { code: 'admin.self', message: 'Not yourself.' } },
    ]);
    renderApp(<UserDetailsTab />);
    const save = screen.getByRole('button', { name: 'Save role' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    await userEvent.click(save);
    expect(await screen.findByText('You can’t do this to your own account. Ask another administrator.')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ role: 'admin' }, { role: 'admin' }]));
  });

  it('checks a capacity, puts a refusal on it, and saves it', async () => {
    const { sent, calls } = server('PATCH /api/admin/users/u-casey/capacity', [
      refusal({ max_storage_amount: ['Too big.'] }),
    ]);
    renderApp(<UserStorageTab />);
    const capacity = screen.getByLabelText('Storage capacity (GB)');
    await userEvent.type(capacity, '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(await screen.findByText('Enter a number of gigabytes greater than zero.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(await screen.findByText('Too big.')).toBeTruthy();
    await userEvent.clear(capacity);
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    await waitFor(() => expect(sent).toEqual([{ max_storage_amount: 3 }, { max_storage_amount: null }]));
  });

  it('deletes only once the email is typed, and shows a refusal', async () => {
    const { sent } = server('DELETE /api/admin/users/u-casey', [
      { status: 409, body: { code: 'admin.last_admin', message: 'The last admin stays.' } },
    ]);
    renderApp(<UserDeleteTab />);
    const submit = screen.getByRole('button', { name: 'Delete account' });
    await userEvent.type(screen.getByLabelText('Type casey@acme.test to confirm'), 'casey@acme');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Type casey@acme.test to confirm'), '.test');
    await userEvent.click(submit);
    expect(await screen.findByText(/This is the last administrator/)).toBeTruthy();
    expect(sent).toEqual([{ email: 'casey@acme.test' }]);
  });
});

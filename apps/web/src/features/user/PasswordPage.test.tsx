import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../test/render';
import { ChangePasswordForm } from './PasswordPage';

const label = {
  current: 'Current password',
  password: 'New password',
  confirmation: 'Confirm new password',
};

describe('the change-password form', () => {
  it('checks the fields before any call, and a corrected field loses its message', async () => {
    const { calls } = serve({});
    renderApp(<ChangePasswordForm email="ann@example.com" />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // The current password and the empty confirmation.
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByLabelText(label.current)).toBe(document.activeElement);
    await userEvent.type(screen.getByLabelText(label.current), 'old-password');
    await waitFor(() => expect(screen.queryAllByText('This field is required.')).toHaveLength(1));
    await userEvent.type(screen.getByLabelText(label.password), 'new-password-1');
    await userEvent.type(screen.getByLabelText(label.confirmation), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('puts a wrong current password on its field, and clears the form after a change', async () => {
    let answer = { status: 422, body: { code: 'auth.invalid_credentials', message: 'Wrong password.' } as object };
    const sent: unknown[] = [];
    serve({
      'POST /api/user/password': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return answer;
      },
    });
    renderApp(<ChangePasswordForm email="ann@example.com" />);
    await userEvent.type(screen.getByLabelText(label.current), 'old-password');
    await userEvent.type(screen.getByLabelText(label.password), 'new-password-1');
    await userEvent.type(screen.getByLabelText(label.confirmation), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(label.current)).toBe(document.activeElement));
    answer = { status: 200, body: { message: 'Changed.' } };
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      current: 'old-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(label.current).value).toBe(''));
  });

  it('shows a refusal that belongs to no field in the banner', async () => {
    serve({ 'POST /api/user/password': () => ({ status: 500, body: { code: 'internal', message: 'Boom' } }) });
    renderApp(<ChangePasswordForm email="ann@example.com" firstPassword />);
    expect(screen.queryByLabelText(label.current)).toBeNull();
    await userEvent.type(screen.getByLabelText(label.password), 'new-password-1');
    await userEvent.type(screen.getByLabelText(label.confirmation), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: /password/i }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from '../../app/routing';
import { configQueryKey } from '../../lib/config';
import { useSession } from '../../lib/session';
import { renderApp, serve, testConfig, type Routes } from '../../test/render';
import { CreateNewPasswordPage } from './CreateNewPasswordPage';
import { ForgottenPasswordPage } from './ForgottenPasswordPage';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

/** Answers each call with `answer` and keeps the bodies sent to it. */
function recording(answer: () => { status: number; body?: unknown }) {
  const sent: unknown[] = [];
  const route: Routes[string] = (_url, init) => {
    sent.push(JSON.parse(init?.body as string));
    return answer();
  };
  return { sent, route };
}

const posts = (calls: string[]) => calls.filter((c) => c.startsWith('POST'));
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));
const type = (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);

/** Renders `ui` under the app's router, so that it reads the page's query string. */
const routed = (ui: ReactElement) =>
  renderApp(<RouterProvider router={createBrowserRouter([{ path: '*', element: ui }])} />);

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  useSession.setState({ authenticated: false });
});

describe('the sign-up form', () => {
  const render = async () => {
    const result = renderApp(<SignUpPage />);
    await act(async () => result.client.setQueryData(configQueryKey, { ...testConfig, userRegistration: true }));
    await screen.findByRole('button', { name: 'Create account' });
    return result;
  };

  it('checks every field before any call and focuses the first', async () => {
    const { calls } = serve({});
    await render();
    await click('Create account');
    // Name, email and the empty Confirm password (flagged even while the password itself is too short).
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Name')).toBe(document.activeElement));
    await type('Name', 'Ann');
    await type('Email', 'not-an-email');
    await type('Password', 'password-1');
    await type('Confirm password', 'password-2');
    await click('Create account');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('puts a taken email on its field, and a server field message beside its field', async () => {
    let answer: { status: number; body: object } = {
      status: 422,
      body: { code: 'auth.email_taken', message: 'Taken.' },
    };
    const register = recording(() => answer);
    serve({ 'POST /api/register': register.route });
    await render();
    await type('Name', 'Ann');
    await type('Email', 'ann@example.com');
    await type('Password', 'password-1');
    await type('Confirm password', 'password-1');
    await click('Create account');
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Email')).toBe(document.activeElement));
    answer = {
      status: 422,
      body: { code: 'validation.failed', message: 'Invalid.', errors: { name: ['A name cannot contain that.'] } },
    };
    await click('Create account');
    expect(await screen.findByText('A name cannot contain that.')).toBeTruthy();
    // Beside the field, not in the banner; the taken email's message is gone.
    expect(screen.getAllByRole('alert').map((e) => e.textContent)).toEqual(['A name cannot contain that.']);
  });

  it('sends the trimmed email and shows the check-your-inbox page when verification is asked', async () => {
    const register = recording(() => ({
      status: 200,
      body: { type: 'success', message: 'Registered.', verificationRequired: true },
    }));
    serve({ 'POST /api/register': register.route });
    await render();
    await type('Name', 'Ann');
    await type('Email', '  ann@example.com ');
    await type('Password', 'password-1');
    await type('Confirm password', 'password-1');
    await click('Create account');
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(register.sent).toEqual([
      { name: 'Ann', email: 'ann@example.com', password: 'password-1', password_confirmation: 'password-1' },
    ]);
  });

  it('signs in at once when no verification is asked, and shows other refusals in the banner', async () => {
    let answer: { status: number; body: object } = { status: 500, body: { code: 'internal', message: 'Boom' } };
    const register = recording(() => answer);
    serve({ 'POST /api/register': register.route });
    await render();
    await type('Name', 'Ann');
    await type('Email', 'ann@example.com');
    await type('Password', 'password-1');
    await type('Confirm password', 'password-1');
    await click('Create account');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    answer = { status: 200, body: { type: 'success', message: 'Registered.', verificationRequired: false } };
    await click('Create account');
    await waitFor(() => expect(useSession.getState().authenticated).toBe(true));
  });
});

describe('the forgotten-password form', () => {
  it('asks for a valid email before any call', async () => {
    const { calls } = serve({});
    routed(<ForgottenPasswordPage />);
    await click('Send reset link');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await type('Email', 'ann');
    await click('Send reset link');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('shows a refusal in the banner, and goes on to the sent page after a success', async () => {
    let answer: { status: number; body: object } = {
      status: 429,
      body: { code: 'rate_limited', message: 'Slow down.', details: { retryAfter: 30 } },
    };
    const recover = recording(() => answer);
    serve({ 'POST /api/password/recover': recover.route });
    window.history.replaceState(null, '', '/forgotten-password?email=ann%40example.com');
    routed(<ForgottenPasswordPage />);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.com');
    await click('Send reset link');
    expect((await screen.findByRole('alert')).textContent).toMatch(/30/);
    answer = { status: 200, body: { message: 'Sent.' } };
    await click('Send reset link');
    await waitFor(() => expect(window.location.pathname).toBe('/successfully-send'));
    expect(window.location.search).toBe('?email=ann%40example.com');
    expect(recover.sent).toEqual([{ email: 'ann@example.com' }, { email: 'ann@example.com' }]);
  });
});

describe('the create-new-password form', () => {
  beforeEach(() => window.history.replaceState(null, '', '/create-new-password?token=tok-1&email=ann%40example.com'));

  it('checks the new password and its confirmation before any call', async () => {
    const { calls } = serve({});
    routed(<CreateNewPasswordPage />);
    await click('Reset password');
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeTruthy();
    await type('New password', 'password-1');
    await type('Confirm new password', 'password-2');
    await click('Reset password');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('shows a server field message beside its field, then sends the token with the password', async () => {
    let answer: { status: number; body: object } = {
      status: 422,
      body: { code: 'validation.failed', message: 'Invalid.', errors: { password: ['Too common.'] } },
    };
    const reset = recording(() => answer);
    serve({ 'POST /api/password/reset': reset.route });
    routed(<CreateNewPasswordPage />);
    await type('New password', 'password-1');
    await type('Confirm new password', 'password-1');
    await click('Reset password');
    expect(await screen.findByText('Too common.')).toBeTruthy();
    answer = { status: 200, body: { message: 'Reset.' } };
    await click('Reset password');
    await waitFor(() => expect(window.location.pathname).toBe('/sign-in'));
    expect(reset.sent[1]).toEqual({
      token: 'tok-1',
      email: 'ann@example.com',
      password: 'password-1',
      password_confirmation: 'password-1',
    });
  });

  it('says the link is no longer valid when the server refuses its token', async () => {
    serve({
      'POST /api/password/reset': () => ({
        status: 422,
        body: { code: 'auth.invalid_reset_token', message: 'Expired.' },
      }),
    });
    routed(<CreateNewPasswordPage />);
    await type('New password', 'password-1');
    await type('Confirm new password', 'password-1');
    await click('Reset password');
    expect(await screen.findByText('This link has expired')).toBeTruthy();
  });
});

describe('the sign-in steps', () => {
  const toPasswordStep = async () => {
    await type('Email', ' ann@example.com');
    await click('Continue');
    await screen.findByText('Enter your password');
  };

  it('checks the email, then the password, before their calls', async () => {
    const check = recording(() => ({ status: 200, body: { next: 'password' } }));
    const { calls } = serve({ 'POST /api/user/check': check.route });
    renderApp(<SignInPage />);
    await click('Continue');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await toPasswordStep();
    expect(check.sent).toEqual([{ email: 'ann@example.com' }]);
    await click('Sign in');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(posts(calls)).toEqual(['POST /api/user/check']);
  });

  it('shows a refused email check and a wrong password in the banner', async () => {
    let checkAnswer: { status: number; body: object } = { status: 500, body: { code: 'internal', message: 'Boom' } };
    serve({
      'POST /api/user/check': () => checkAnswer,
      'POST /api/login': () => ({
        status: 422,
        body: { code: 'auth.invalid_credentials', message: 'Wrong.' },
      }),
    });
    renderApp(<SignInPage />);
    await type('Email', 'ann@example.com');
    await click('Continue');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    checkAnswer = { status: 200, body: { next: 'password' } };
    await click('Continue');
    await screen.findByText('Enter your password');
    await type('Password', 'wrong-password');
    await click('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    // Back to the email step, the email typed is kept.
    await click('Use another account');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.com');
  });

  it('sends an unverified account to the verify step', async () => {
    serve({
      'POST /api/user/check': () => ({ status: 200, body: { next: 'password' } }),
      'POST /api/login': () => ({ status: 403, body: { code: 'auth.email_not_verified', message: 'Verify.' } }),
    });
    renderApp(<SignInPage />);
    await toPasswordStep();
    await type('Password', 'password-1');
    await click('Sign in');
    expect(await screen.findByText('Verify your email')).toBeTruthy();
  });

  it('signs in with the password, sending the trimmed email', async () => {
    const login = recording(() => ({ status: 200, body: { message: 'Signed in.' } }));
    serve({
      'POST /api/user/check': () => ({ status: 200, body: { next: 'password' } }),
      'POST /api/login': login.route,
    });
    renderApp(<SignInPage />);
    await toPasswordStep();
    await type('Password', 'password-1');
    await click('Sign in');
    await waitFor(() => expect(useSession.getState().authenticated).toBe(true));
    expect(login.sent).toEqual([{ email: 'ann@example.com', password: 'password-1' }]);
  });

  describe('the two-factor step', () => {
    const toTwoFactorStep = async (challenge: Routes[string]) => {
      const { calls } = serve({
        'POST /api/user/check': () => ({ status: 200, body: { next: 'password' } }),
        'POST /api/login': () => ({ status: 200, body: { two_factor: true } }),
        'POST /api/two-factor-challenge': challenge,
      });
      renderApp(<SignInPage />);
      await toPasswordStep();
      await type('Password', 'password-1');
      await click('Sign in');
      await screen.findByText('Two-factor authentication');
      return calls;
    };

    it('checks the code before any call', async () => {
      const calls = await toTwoFactorStep(() => ({ status: 200, body: { message: 'Signed in.' } }));
      await click('Verify');
      expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
      await type('Code', '12a');
      await click('Verify');
      expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
      await click('Use a recovery code instead');
      expect(screen.queryByText('Enter the 6-digit code.')).toBeNull();
      await click('Verify');
      expect(await screen.findByText('Enter a recovery code like abcd-efgh-jkmn-pqrs.')).toBeTruthy();
      expect(posts(calls)).not.toContain('POST /api/two-factor-challenge');
    });

    it('empties the field on a wrong code and says so there, then signs in with the right one', async () => {
      const challenge = recording(() =>
        challenge.sent.length === 1
          ? { status: 422, body: { code: 'auth.two_factor_invalid_code', message: 'Wrong code.' } }
          : { status: 200, body: { message: 'Signed in.' } },
      );
      await toTwoFactorStep(challenge.route);
      await type('Code', '123 456');
      await click('Verify');
      expect(await screen.findByText(/That code is wrong or was already used/)).toBeTruthy();
      expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('');
      await waitFor(() => expect(screen.getByLabelText('Code')).toBe(document.activeElement));
      // The message goes once typing starts, before the code is whole.
      await type('Code', '1');
      await waitFor(() => expect(screen.queryByText(/That code is wrong/)).toBeNull());
      expect(screen.queryByText('Enter the 6-digit code.')).toBeNull();
      await click('Use a recovery code instead');
      await type('Recovery code', 'ABCD-efgh-jkmn-pqrs');
      await click('Verify');
      await waitFor(() => expect(useSession.getState().authenticated).toBe(true));
      expect(challenge.sent).toEqual([{ code: '123456' }, { recovery_code: 'abcdefghjkmnpqrs' }]);
    });

    it('goes back to the password, saying why, when the pending sign-in expired', async () => {
      await toTwoFactorStep(() => ({
        status: 422,
        body: { code: 'auth.two_factor_challenge_expired', message: 'Expired.' },
      }));
      await type('Code', '123456');
      await click('Verify');
      expect(await screen.findByText('Your sign-in took too long. Enter your password again.')).toBeTruthy();
      expect(screen.getByText('Enter your password')).toBeTruthy();
    });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, serve, type Routes } from '../../test/render';
import { PasswordForm } from '../sharing/visitor/ShareAuthenticatePage';
import type { PublicShare } from '../sharing/visitor/share.api';
import { ContactForm } from './ContactPage';

/** Answers each call with `answer(n)` (n counts the calls from 0) and keeps the bodies sent. */
function recording(answer: (n: number) => { status: number; body?: unknown }) {
  const sent: unknown[] = [];
  const route: Routes[string] = (_url, init) => {
    sent.push(JSON.parse(init?.body as string));
    return answer(sent.length - 1);
  };
  return { sent, route };
}

const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

beforeEach(() => window.history.replaceState(null, '', '/'));

describe('the contact form', () => {
  const noop = () => undefined;

  it('checks the name, the email and the message’s length before any call', async () => {
    const { calls } = serve({});
    renderApp(<ContactForm onSent={noop} onUnavailable={noop} />);
    await click('Send message');
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByText('Write at least 10 characters.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Your name')).toBe(document.activeElement));
    await userEvent.type(screen.getByLabelText('Your email'), 'ann@');
    await click('Send message');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('puts the server’s field message beside its field, says when the address went away, and sends', async () => {
    const contact = recording((n) =>
      n === 0
        ? {
            status: 422,
            body: { code: 'validation.failed', message: 'Invalid', errors: { name: ['No line breaks.'] } },
          }
        : n === 1
          ? { status: 503, body: { code: 'contact.unavailable', message: 'Gone' } }
          : { status: 200, body: { message: 'Sent.' } },
    );
    serve({ 'POST /api/contact': contact.route });
    const sentTo: string[] = [];
    let unavailable = 0;
    renderApp(<ContactForm onSent={(email) => sentTo.push(email)} onUnavailable={() => (unavailable += 1)} />);
    await userEvent.type(screen.getByLabelText('Your name'), ' Ann ');
    await userEvent.type(screen.getByLabelText('Your email'), 'ann@example.com ');
    await userEvent.type(screen.getByLabelText('Message'), '  Hello, a question about plans.  ');
    await click('Send message');
    expect(await screen.findByText('No line breaks.')).toBeTruthy();
    await click('Send message');
    await waitFor(() => expect(unavailable).toBe(1));
    await click('Send message');
    await waitFor(() => expect(sentTo).toEqual(['ann@example.com']));
    expect(contact.sent[2]).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello, a question about plans.',
    });
  });

  it('shows a refusal that belongs to no field in the banner', async () => {
    serve({ 'POST /api/contact': () => ({ status: 500, body: { code: 'internal', message: 'Boom' } }) });
    renderApp(<ContactForm onSent={() => undefined} onUnavailable={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Your name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Your email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello, a question about plans.');
    await click('Send message');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  });
});

describe('the password of a protected link', () => {
  const share = {
    type: 'folder',
    owner: { name: 'Ann', color: '#6366F1' },
    protected: true,
    unlocked: false,
  } as unknown as PublicShare;

  it('asks for the password, says a wrong one on its field, then opens the link', async () => {
    const authenticate = recording((n) =>
      n === 0
        ? { status: 401, body: { code: 'share.wrong_password', message: 'Wrong.' } }
        : { status: 200, body: { message: 'Unlocked.' } },
    );
    const { calls } = serve({ 'POST /api/sharing/authenticate/tok-1': authenticate.route });
    renderApp(<PasswordForm share={share} token="tok-1" />);
    await click('Open');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await click('Open');
    expect(await screen.findByText('That password isn’t right. Check it and try again.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await click('Open');
    await waitFor(() => expect(window.location.pathname).toBe('/share/tok-1'));
    expect(authenticate.sent).toEqual([{ password: 'wrong' }, { password: 'secret-1' }]);
  });

  it('counts down on its field after too many tries', async () => {
    serve({
      'POST /api/sharing/authenticate/tok-1': () => ({
        status: 429,
        body: { code: 'rate_limited', message: 'Slow down.', details: { retryAfter: 30 } },
      }),
    });
    renderApp(<PasswordForm share={share} token="tok-1" />);
    await userEvent.type(screen.getByLabelText('Password'), 'guess');
    await click('Open');
    expect(await screen.findByText(/30/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Open' }).disabled).toBe(true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { configQueryKey } from '../../../lib/config';
import { renderApp as render, serve, testConfig } from '../../../test/render';
import { AppearancePage } from './AppearancePage';
import { HumanCheckSettings } from './HumanCheckSettings';
import { OthersPage } from './OthersPage';
import { SocialLoginSettings } from './SocialLoginSettings';

const saved: Record<string, unknown> = {
  app_title: 'FileStore',
  app_description: 'Files',
  app_color: '#00BC7E',
  contact_email: null,
  google_analytics: null,
  subscription_type: 'none',
  storage_limitation: true,
  default_max_storage_amount: 5,
  default_max_team_member: 10,
  upload_limit: 100,
  chunk_size: 64,
  mimetypes_blacklist: ['exe'],
  allowed_recaptcha: false,
  recaptcha_client_id: null,
  recaptcha_client_secret: false,
  recaptcha_min_score: 0.5,
  allowed_google_login: false,
  google_client_id: null,
  google_client_secret: false,
};

/** The app, with the logos the appearance images show. */
function renderApp(ui: ReactElement) {
  const result = render(ui);
  result.client.setQueryData(configQueryKey, { ...testConfig, logos: {} });
  return result;
}

type Answer = { status: number; body?: unknown };

/** Serves the admin settings; each PATCH is recorded and answered in turn (then a success). */
function settings(answers: Answer[] = []) {
  const sent: Array<{ name: string; value: unknown }> = [];
  const { calls } = serve({
    'GET /api/admin/settings': () => ({ status: 200, body: { data: saved } }),
    'PATCH /api/admin/settings': (_url, init) => {
      const body = JSON.parse(init?.body as string) as { name: string; value: unknown };
      sent.push(body);
      return answers.shift() ?? { status: 200, body: { data: { ...saved, [body.name]: body.value } } };
    },
  });
  return { sent, calls };
}
const patches = (calls: string[]) => calls.filter((c) => c.startsWith('PATCH'));
const failure: Answer = { status: 500, body: { code: 'internal', message: 'Boom' } };
const card = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('form')!);

describe('Admin → Appearance: name and colour', () => {
  it('checks the name and the colour before any call', async () => {
    const { calls } = settings();
    renderApp(<AppearancePage />);
    const form = await card('Name and colour');
    await userEvent.clear(form.getByLabelText('App name'));
    await userEvent.clear(form.getByLabelText('Accent colour'));
    await userEvent.type(form.getByLabelText('Accent colour'), '#12345');
    await userEvent.click(form.getByRole('button', { name: 'Save name and colour' }));
    expect(await form.findByText('This field is required.')).toBeTruthy();
    expect(form.getByText('Enter a colour as # followed by six hex digits, like #00BC7E.')).toBeTruthy();
    expect(form.getByLabelText('App name')).toBe(document.activeElement);
    expect(patches(calls)).toEqual([]);
  });

  it('shows a refusal in the banner, and writes the changed settings', async () => {
    const { sent } = settings([failure]);
    renderApp(<AppearancePage />);
    const form = await card('Name and colour');
    await userEvent.clear(form.getByLabelText('App name'));
    await userEvent.type(form.getByLabelText('App name'), ' Acme Files ');
    await userEvent.click(form.getByRole('button', { name: 'Save name and colour' }));
    expect(await form.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await userEvent.clear(form.getByLabelText('Accent colour'));
    await userEvent.type(form.getByLabelText('Accent colour'), '#112233');
    await userEvent.click(form.getByRole('button', { name: 'Save name and colour' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.slice(1)).toEqual([
      { name: 'app_title', value: 'Acme Files' },
      { name: 'app_color', value: '#112233' },
    ]);
  });
});

describe('Admin → Others', () => {
  it('describes billing as it works, not as “not built yet”', async () => {
    settings();
    renderApp(<OthersPage />);
    const subscriptions = within((await screen.findByRole('heading', { name: 'Subscriptions' })).closest('section')!);
    expect(subscriptions.queryByText(/not built yet/)).toBeNull();
    expect(
      subscriptions.getByText(/Fixed plans are sold through the payment providers set up under Payments/),
    ).toBeTruthy();
    expect(subscriptions.getByText(/Pay as you go charges each user every month/)).toBeTruthy();
  });

  it('checks the contact email and the analytics id', async () => {
    const { calls } = settings();
    renderApp(<OthersPage />);
    const form = await card('Contact and analytics');
    await userEvent.type(form.getByLabelText('Contact email'), 'it-at-acme');
    await userEvent.type(form.getByLabelText('Google Analytics id'), 'nope');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Enter a valid email address.')).toBeTruthy();
    expect(form.getByText('Enter an id such as G-XXXXXXXXXX or UA-1234567-1.')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
  });

  it('writes the contact email in lower case and the id in upper case, and shows a refusal', async () => {
    const { sent } = settings([failure]);
    renderApp(<OthersPage />);
    const form = await card('Contact and analytics');
    await userEvent.type(form.getByLabelText('Contact email'), 'IT@Acme.test');
    await userEvent.type(form.getByLabelText('Google Analytics id'), 'g-abc1234');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.slice(1)).toEqual([
      { name: 'contact_email', value: 'it@acme.test' },
      { name: 'google_analytics', value: 'G-ABC1234' },
    ]);
    await waitFor(() => expect(form.getByLabelText<HTMLInputElement>('Google Analytics id').value).toBe('G-ABC1234'));
  });

  it('checks the limits’ bounds, and writes the changed ones', async () => {
    const { sent, calls } = settings();
    renderApp(<OthersPage />);
    const form = await card('Storage and uploads');
    await userEvent.clear(form.getByLabelText('Upload chunk size (MB)'));
    await userEvent.type(form.getByLabelText('Upload chunk size (MB)'), '2');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Enter a whole number from 6 to 512.')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
    await userEvent.clear(form.getByLabelText('Upload chunk size (MB)'));
    await userEvent.type(form.getByLabelText('Upload chunk size (MB)'), '32');
    await userEvent.click(form.getByRole('button', { name: /Remove exe/i }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { name: 'chunk_size', value: 32 },
      { name: 'mimetypes_blacklist', value: [] },
    ]);
  });
});

describe('Admin → Sign-in: the human check', () => {
  it('checks the score, shows a refusal, and writes the key, secret and score', async () => {
    const { sent, calls } = settings([failure]);
    renderApp(<HumanCheckSettings />);
    const score = await screen.findByLabelText('Lowest score let through');
    await userEvent.clear(score);
    await userEvent.type(score, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number from 0 to 1.')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
    await userEvent.clear(score);
    await userEvent.type(score, '0.7');
    await userEvent.type(screen.getByLabelText('Site key'), ' site-key ');
    await userEvent.type(screen.getByLabelText('Secret key'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.slice(1)).toEqual([
      { name: 'recaptcha_client_id', value: 'site-key' },
      { name: 'recaptcha_client_secret', value: 'secret' },
      { name: 'recaptcha_min_score', value: 0.7 },
    ]);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Secret key').value).toBe(''));
  });
});

describe('Admin → Sign-in: a provider', () => {
  it('shows a refusal, and writes the client id and secret', async () => {
    const { sent } = settings([failure]);
    renderApp(<SocialLoginSettings />);
    const google = within(await screen.findByRole('form', { name: 'Google' }));
    await userEvent.type(google.getByLabelText(/Client ID/i), 'google-id');
    await userEvent.type(google.getByLabelText(/Client secret/i), 'google-secret');
    await userEvent.click(google.getByRole('button', { name: /Save/ }));
    expect(await google.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    await userEvent.click(google.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.slice(1)).toEqual([
      { name: 'google_client_id', value: 'google-id' },
      { name: 'google_client_secret', value: 'google-secret' },
    ]);
  });
});

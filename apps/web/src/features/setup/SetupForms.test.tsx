import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, serve, type Routes } from '../../test/render';
import { AdminSetupPage } from './AdminSetupPage';
import { AppSetupPage } from './AppSetupPage';
import { DatabasePage } from './DatabasePage';
import { EnvironmentPage } from './EnvironmentPage';

const state = (fromEnv = false) => ({
  database: { driver: 'pglite', fromEnv },
  storage: { driver: 'local', fromEnv },
  mail: { driver: 'outbox', fromEnv },
});

/** Serves the setup state and records the bodies sent to `key`, answered by `answer`. */
function wizard(key: string, answer: () => { status: number; body?: unknown }, fromEnv = false) {
  const sent: unknown[] = [];
  const routes: Routes = {
    'GET /api/setup/state': () => ({ status: 200, body: state(fromEnv) }),
    [key]: (_url, init) => {
      sent.push(JSON.parse(init?.body as string));
      return answer();
    },
  };
  const { calls } = serve(routes);
  return { sent, calls };
}

const posts = (calls: string[]) => calls.filter((c) => c.startsWith('POST'));
const validationFailed = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { code: 'validation.failed', message: 'The given data was invalid.', errors },
});

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the setup wizard’s database step', () => {
  it('moves on with the embedded database', async () => {
    const { sent } = wizard('POST /api/setup/database', () => ({ status: 200, body: {} }));
    renderApp(<DatabasePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setup-wizard/environment'));
    expect(sent).toEqual([{ connection: 'embedded' }]);
  });

  it('checks the PostgreSQL fields before testing them', async () => {
    const { calls } = wizard('POST /api/setup/database', () => ({ status: 200, body: {} }));
    renderApp(<DatabasePage />);
    await userEvent.click(screen.getByRole('radio', { name: /PostgreSQL/ }));
    await userEvent.clear(screen.getByLabelText('Host'));
    await userEvent.clear(screen.getByLabelText('Port'));
    await userEvent.type(screen.getByLabelText('Port'), '99999');
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a port number between 1 and 65535.')).toBeTruthy();
    expect(screen.getByLabelText('Host')).toBe(document.activeElement);
    expect(posts(calls)).toEqual([]);
  });

  it('shows a failed connection in the banner, and sends the connection when it works', async () => {
    let answer = { status: 422, body: { code: 'setup.database_unreachable', message: 'Could not connect.' } as object };
    const { sent } = wizard('POST /api/setup/database', () => answer);
    renderApp(<DatabasePage />);
    await userEvent.click(screen.getByRole('radio', { name: /PostgreSQL/ }));
    await userEvent.type(screen.getByLabelText('Database password'), 'secret');
    await userEvent.click(screen.getByRole('switch', { name: 'Use SSL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    expect(await screen.findByText('Could not connect.')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    answer = { status: 200, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setup-wizard/environment'));
    expect(sent[1]).toEqual({
      connection: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      name: 'filestore',
      username: 'postgres',
      password: 'secret',
      ssl: true,
    });
  });

  it('only moves on when the environment fixes the database', async () => {
    const { calls } = wizard('POST /api/setup/database', () => ({ status: 200, body: {} }), true);
    renderApp(<DatabasePage />);
    expect(await screen.findByText(/set by an environment variable/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setup-wizard/environment'));
    expect(posts(calls)).toEqual([]);
  });
});

describe('the setup wizard’s environment step', () => {
  it('moves on with local storage and the outbox', async () => {
    const { sent } = wizard('POST /api/setup/environment-setup', () => ({ status: 200, body: {} }));
    renderApp(<EnvironmentPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setup-wizard/app-setup'));
    expect(sent).toEqual([{ storage: { driver: 'local' }, mail: { driver: 'outbox' } }]);
  });

  it('checks the S3 and SMTP fields before any call', async () => {
    const { calls } = wizard('POST /api/setup/environment-setup', () => ({ status: 200, body: {} }));
    renderApp(<EnvironmentPage />);
    await userEvent.click(screen.getByRole('radio', { name: /S3/ }));
    await userEvent.click(screen.getByRole('radio', { name: /SMTP/ }));
    await userEvent.type(screen.getByLabelText('Endpoint'), 'not-a-url');
    await userEvent.type(screen.getByLabelText('Bucket'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    expect(await screen.findByText('Enter a full address starting with http:// or https://.')).toBeTruthy();
    expect(screen.getByText('A bucket name has at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.').length).toBe(3); // key, secret, SMTP host
    expect(screen.getByLabelText('Endpoint')).toBe(document.activeElement);
    expect(posts(calls)).toEqual([]);
  });

  it('puts the server’s refusal on its field, and sends the settings that work', async () => {
    let answer = validationFailed({ 'storage.s3.bucket': ['The bucket could not be reached.'] });
    const { sent } = wizard('POST /api/setup/environment-setup', () => answer);
    renderApp(<EnvironmentPage />);
    await userEvent.click(screen.getByRole('radio', { name: /S3/ }));
    await userEvent.type(screen.getByLabelText('Bucket'), 'files');
    await userEvent.type(screen.getByLabelText('Access key'), 'AKIA');
    await userEvent.type(screen.getByLabelText('Secret key'), 'shh');
    await userEvent.click(screen.getByRole('radio', { name: /SMTP/ }));
    await userEvent.type(screen.getByLabelText('SMTP host'), 'smtp.acme.test');
    await userEvent.type(screen.getByLabelText('Sender address'), 'no-reply@acme.test');
    await userEvent.selectOptions(screen.getByLabelText('Encryption'), 'tls');
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    expect(await screen.findByText('The bucket could not be reached.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Bucket')).toBe(document.activeElement));
    answer = { status: 200, body: {} } as never;
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setup-wizard/app-setup'));
    expect(sent[1]).toEqual({
      storage: {
        driver: 's3',
        s3: { endpoint: '', region: 'us-east-1', bucket: 'files', key: 'AKIA', secret: 'shh', forcePathStyle: true },
      },
      mail: {
        driver: 'smtp',
        smtp: {
          host: 'smtp.acme.test',
          port: 587,
          username: '',
          password: '',
          encryption: 'tls',
          from: 'no-reply@acme.test',
        },
      },
    });
  });
});

describe('the setup wizard’s S3 region (spec §9)', () => {
  it('offers the 22 regions, and another typed by hand for Ceph, MinIO or Wasabi', async () => {
    const { sent } = wizard('POST /api/setup/environment-setup', () => ({ status: 200, body: {} }));
    renderApp(<EnvironmentPage />);
    await userEvent.click(screen.getByRole('radio', { name: /S3/ }));
    const region = screen.getByLabelText('Region');
    expect(region.tagName).toBe('SELECT');
    expect(within(region).getAllByRole('option')).toHaveLength(23);
    expect((region as HTMLSelectElement).value).toBe('us-east-1');
    await userEvent.selectOptions(region, 'Another region (type it)');
    await userEvent.clear(screen.getByLabelText('Region name'));
    await userEvent.type(screen.getByLabelText('Region name'), 'wasabi-eu');
    await userEvent.type(screen.getByLabelText('Bucket'), 'files');
    await userEvent.type(screen.getByLabelText('Access key'), 'AKIA');
    await userEvent.type(screen.getByLabelText('Secret key'), 'shh');
    await userEvent.click(screen.getByRole('button', { name: 'Test and continue' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ storage: { driver: 's3', s3: { region: 'wasabi-eu', bucket: 'files' } } });
  });
});

describe('the setup wizard’s app step', () => {
  it('offers every billing mode the product has: none, fixed plans and metered billing', async () => {
    const { sent } = wizard('POST /api/setup/app-setup', () => ({ status: 200, body: {} }));
    renderApp(<AppSetupPage />);
    for (const name of [/None/, /Fixed plans/, /Metered billing/])
      expect(screen.getByRole('radio', { name })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Soon')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Metered billing/ }));
    await userEvent.type(screen.getByLabelText('Description'), 'Files for Acme');
    await userEvent.type(screen.getByLabelText('Contact email'), 'it@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ subscriptionType: 'metered' });
  });

  it('checks the fields before any call', async () => {
    const { calls } = wizard('POST /api/setup/app-setup', () => ({ status: 200, body: {} }));
    renderApp(<AppSetupPage />);
    await userEvent.clear(screen.getByLabelText('App name'));
    await userEvent.type(screen.getByLabelText('Contact email'), 'it-at-acme');
    await userEvent.clear(screen.getByLabelText('Default storage space (GB)'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('This field is required.')).length).toBe(2); // name, description
    expect(screen.getByLabelText('App name')).toBe(document.activeElement);
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number greater than 0.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('shows a refusal in the banner, and sends the app’s settings', async () => {
    let answer = { status: 500, body: { code: 'internal', message: 'Boom' } as object };
    const { sent } = wizard('POST /api/setup/app-setup', () => answer);
    renderApp(<AppSetupPage />);
    await userEvent.clear(screen.getByLabelText('App name'));
    await userEvent.type(screen.getByLabelText('App name'), 'Acme Files');
    await userEvent.type(screen.getByLabelText('Description'), 'Files for Acme');
    await userEvent.type(screen.getByLabelText('Contact email'), 'it@acme.test');
    await userEvent.click(screen.getByRole('switch', { name: /registration/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    answer = { status: 200, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setup-wizard/admin-setup'));
    expect(sent[1]).toEqual({
      title: 'Acme Files',
      description: 'Files for Acme',
      contactMail: 'it@acme.test',
      userRegistration: false,
      storageLimitation: true,
      defaultStorage: 5,
      subscriptionType: 'none',
    });
  });
});

describe('the setup wizard’s admin step', () => {
  it('checks the fields before any call', async () => {
    const { calls } = wizard('POST /api/setup/admin-setup', () => ({ status: 200, body: {} }));
    renderApp(<AdminSetupPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBe(document.activeElement);
    expect(posts(calls)).toEqual([]);
  });

  it('puts a taken email on its field, and creates the admin', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let answer = validationFailed({ email: ['The email has already been taken.'] });
    const { sent } = wizard('POST /api/setup/admin-setup', () => answer);
    renderApp(<AdminSetupPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann Admin');
    await userEvent.type(screen.getByLabelText('Email'), ' ann@acme.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    answer = { status: 200, body: {} } as never;
    await userEvent.click(screen.getByRole('button', { name: 'Create admin account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/dashboard'));
    expect(sent[1]).toEqual({
      name: 'Ann Admin',
      email: 'ann@acme.test',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
    vi.unstubAllGlobals();
  });
});

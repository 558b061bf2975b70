import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { EnvironmentSettings } from './EnvironmentSettings';

const savedS3 = (region: string) => ({
  endpoint: 'https://ceph.acme.test',
  region,
  bucket: 'files',
  key: 'AKIA',
  forcePathStyle: true,
  secretSet: true,
});

const environment = (storedObjects = 0, s3: ReturnType<typeof savedS3> | null = null) => ({
  data: {
    storage: { driver: s3 ? 's3' : 'local', fromEnv: false, s3, storedObjects },
    mail: { driver: 'outbox', fromEnv: false, smtp: null },
  },
});

type Answer = { status: number; body?: unknown };

function admin(
  part: 'storage' | 'mail',
  answers: Answer[],
  storedObjects = 0,
  s3: ReturnType<typeof savedS3> | null = null,
) {
  const sent: unknown[] = [];
  const { calls } = serve({
    'GET /api/admin/environment': () => ({ status: 200, body: environment(storedObjects, s3) }),
    [`PUT /api/admin/environment/${part}`]: (_url, init) => {
      sent.push(JSON.parse(init?.body as string));
      return answers.shift() ?? { status: 200, body: environment(storedObjects, s3) };
    },
  });
  return { sent, calls };
}

const puts = (calls: string[]) => calls.filter((c) => c.startsWith('PUT'));
const storageCard = async () => (await screen.findByRole('heading', { name: 'File storage' })).closest('form')!;
const mailCard = async () => (await screen.findByRole('heading', { name: 'Mail' })).closest('form')!;

describe('Admin → Environment: storage', () => {
  it('checks the S3 fields before any test', async () => {
    const { calls } = admin('storage', []);
    renderApp(<EnvironmentSettings />);
    const card = within(await storageCard());
    await userEvent.click(card.getByRole('radio', { name: /S3-compatible/ }));
    await userEvent.selectOptions(card.getByLabelText('Region'), 'Another region (type it)');
    await userEvent.clear(card.getByLabelText('Region name'));
    await userEvent.click(card.getByRole('button', { name: 'Test and save' }));
    expect((await card.findAllByText('This field is required.')).length).toBe(3); // region, key, secret
    expect(card.getByText('A bucket name has at least 3 characters.')).toBeTruthy();
    expect(card.getByLabelText('Region name')).toBe(document.activeElement);
    expect(puts(calls)).toEqual([]);
  });

  it('shows the server’s reason for a failed test, asks for the name to leave files behind, and sends it', async () => {
    const { sent } = admin(
      'storage',
      [
        {
          status: 422,
          body: { code: 'environment.storage_unreachable', message: 'Could not use this storage: no such bucket' },
        },
        {
          status: 409,
          body: {
            code: 'environment.confirmation_required',
            message: 'Confirm',
            details: { confirm: 'files', storedObjects: 4 },
          },
        },
      ],
      4,
    );
    renderApp(<EnvironmentSettings />);
    const card = within(await storageCard());
    await userEvent.click(card.getByRole('radio', { name: /S3-compatible/ }));
    await userEvent.type(card.getByLabelText('Endpoint'), 'https://s3.acme.test');
    await userEvent.type(card.getByLabelText('Bucket'), 'files');
    await userEvent.type(card.getByLabelText('Access key'), 'AKIA');
    await userEvent.type(card.getByLabelText('Secret key'), 'shh');
    expect(card.getByText(/4/, { selector: '[role="status"] *, p' })).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Test and save' }));
    expect(await card.findByText('Could not use this storage: no such bucket')).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Test and save' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Type files to confirm'), 'files');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch storage' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    const s3 = { endpoint: 'https://s3.acme.test', region: 'us-east-1', bucket: 'files', key: 'AKIA', secret: 'shh' };
    expect(sent[1]).toEqual({ driver: 's3', s3: { ...s3, forcePathStyle: true } });
    expect(sent[2]).toEqual({ driver: 's3', s3: { ...s3, forcePathStyle: true }, confirm: 'files' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Admin → Environment: the S3 region (spec §9)', () => {
  it('offers the 22 regions and another typed by hand, and sends the one chosen', async () => {
    const { sent } = admin('storage', [], 0, savedS3('us-east-1'));
    renderApp(<EnvironmentSettings />);
    const card = within(await storageCard());
    const region = card.getByLabelText<HTMLSelectElement>('Region');
    const options = within(region).getAllByRole('option');
    expect(options).toHaveLength(23);
    expect(options[0]!.textContent).toBe('us-east-1 · United States');
    expect(options.at(-1)!.textContent).toBe('Another region (type it)');
    expect(card.queryByLabelText('Region name')).toBeNull();
    await userEvent.selectOptions(region, 'eu-central-1');
    expect(card.getByRole('option', { name: 'eu-central-1 · Germany' })).toHaveProperty('selected', true);
    await userEvent.click(card.getByRole('button', { name: 'Test and save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ driver: 's3', s3: { region: 'eu-central-1' } });
  });

  it('shows a region saved by hand as typed, and saves it unchanged', async () => {
    const { sent } = admin('storage', [], 0, savedS3('garage-1'));
    renderApp(<EnvironmentSettings />);
    const card = within(await storageCard());
    expect(card.getByLabelText<HTMLSelectElement>('Region').value).toBe('__other__');
    expect(card.getByLabelText('Region name')).toHaveProperty('value', 'garage-1');
    await userEvent.click(card.getByRole('button', { name: 'Test and save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ driver: 's3', s3: { region: 'garage-1', bucket: 'files' } });
  });

  it('takes a region typed by hand for Ceph, MinIO or Wasabi', async () => {
    const { sent } = admin('storage', [], 0, savedS3('eu-west-1'));
    renderApp(<EnvironmentSettings />);
    const card = within(await storageCard());
    await userEvent.selectOptions(card.getByLabelText('Region'), 'Another region (type it)');
    const typed = card.getByLabelText('Region name');
    expect(typed).toHaveProperty('value', 'eu-west-1');
    await userEvent.clear(typed);
    await userEvent.type(typed, 'minio-local');
    await userEvent.click(card.getByRole('button', { name: 'Test and save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ s3: { region: 'minio-local' } });
  });
});

describe('Admin → Environment: mail', () => {
  it('checks the SMTP fields before any test', async () => {
    const { calls } = admin('mail', []);
    renderApp(<EnvironmentSettings />);
    const card = within(await mailCard());
    await userEvent.click(card.getByRole('radio', { name: /SMTP server/ }));
    await userEvent.clear(card.getByLabelText('Port'));
    await userEvent.type(card.getByLabelText('Port'), '70000');
    await userEvent.click(card.getByRole('button', { name: 'Send a test and save' }));
    expect(await card.findByText('This field is required.')).toBeTruthy();
    expect(card.getByText('Enter a port number between 1 and 65535.')).toBeTruthy();
    expect(card.getByText('Enter a valid email address.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('puts a refusal on its field, and sends the SMTP settings', async () => {
    const { sent } = admin('mail', [
      {
        status: 422,
        body: { code: 'validation.failed', message: 'Invalid', errors: { 'smtp.host': ['Unknown host.'] } },
      },
    ]);
    renderApp(<EnvironmentSettings />);
    const card = within(await mailCard());
    await userEvent.click(card.getByRole('radio', { name: /SMTP server/ }));
    await userEvent.type(card.getByLabelText('Host'), 'smtp.acme.test');
    await userEvent.type(card.getByLabelText('User name'), 'mailer');
    await userEvent.type(card.getByLabelText('Sender address'), 'no-reply@acme.test');
    await userEvent.click(card.getByRole('button', { name: 'Send a test and save' }));
    expect(await card.findByText('Unknown host.')).toBeTruthy();
    await waitFor(() => expect(card.getByLabelText('Host')).toBe(document.activeElement));
    await userEvent.click(card.getByRole('button', { name: 'Send a test and save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      driver: 'smtp',
      smtp: {
        host: 'smtp.acme.test',
        port: 587,
        username: 'mailer',
        encryption: 'starttls',
        from: 'no-reply@acme.test',
      },
    });
  });
});

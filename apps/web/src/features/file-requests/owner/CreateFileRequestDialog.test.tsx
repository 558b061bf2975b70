import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, serve, type Routes } from '../../../test/render';
import { CreateFileRequestDialog } from './CreateFileRequestDialog';

/** Answers each call with `answer(n)` (n counts the calls from 0) and keeps the bodies sent. */
function recording(answer: (n: number) => { status: number; body?: unknown }) {
  const sent: unknown[] = [];
  const route: Routes[string] = (_url, init) => {
    sent.push(JSON.parse(init?.body as string));
    return answer(sent.length - 1);
  };
  return { sent, route };
}

const request = {
  data: {
    id: 'fr-1',
    type: 'file-request',
    attributes: { link: 'http://localhost/request/abc', email: null, name: 'Receipts' },
    relationships: {},
  },
};

async function open() {
  renderApp(<CreateFileRequestDialog folderId="f-1" folderName="Projects" />);
  return screen.findByRole('dialog', { name: 'Request files' }, { timeout: 20_000 });
}

describe('the create-file-request popup', () => {
  it('checks the folder name and the email before any call', async () => {
    const { calls } = serve({});
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Name of the new folder (optional)'), 'a/b');
    await userEvent.type(within(dialog).getByLabelText('Email the link to (optional)'), 'bob@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request link' }));
    expect(await within(dialog).findByText('A name can’t contain slashes or control characters.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('puts the server’s field message beside its field, then sends the request', async () => {
    const create = recording((n) =>
      n === 0
        ? {
            status: 422,
            body: { code: 'validation.failed', message: 'Invalid', errors: { email: ['That mailbox is refused.'] } },
          }
        : { status: 201, body: request },
    );
    serve({ 'POST /api/file-request': create.route });
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Name of the new folder (optional)'), ' Receipts ');
    await userEvent.type(within(dialog).getByLabelText('Email the link to (optional)'), 'bob@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request link' }));
    expect(await within(dialog).findByText('That mailbox is refused.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request link' }));
    await waitFor(() => expect(screen.getByDisplayValue('http://localhost/request/abc')).toBeTruthy());
    expect(create.sent[1]).toEqual({ folder_id: 'f-1', name: 'Receipts', email: 'bob@example.com' });
  });

  it('shows a refusal that belongs to no field in the banner, and names the folder itself when left empty', async () => {
    const create = recording(() => ({ status: 500, body: { code: 'internal', message: 'Boom' } }));
    serve({ 'POST /api/file-request': create.route });
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    expect((create.sent[0] as { name: string }).name).toMatch(/^Upload request /);
  });
});

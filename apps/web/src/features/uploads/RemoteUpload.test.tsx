import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchRealtime } from '../../lib/realtime';
import { renderApp, serve } from '../../test/render';
import { FileDialogs } from '../files/dialogs/FileDialogs';
import { openFileDialog, useFileDialogs } from '../files/dialogs/store';
import { RemoteUploadProgress } from './RemoteUploadProgress';
import { useRemoteUploads } from './remote-uploads';

const batch = (id: string, processed: number, failed = 0, status = 'queued') => ({
  data: {
    id,
    type: 'remote-upload',
    attributes: { status, total: 3, processed, failed, parent_id: null, failures: [] },
  },
});

let posted: unknown[];
let eventId = 1000;

beforeEach(() => {
  act(() => {
    useFileDialogs.getState().close();
    useRemoteUploads.setState({ batches: [] });
  });
  posted = [];
  serve({
    'GET /api/ping': () => ({ status: 200, body: {} }),
    'GET /api/user': () => ({ status: 401, body: { code: 'auth.unauthenticated', message: 'Sign in' } }),
    'POST /api/upload/remote': (_url, init) => {
      posted.push(JSON.parse(init?.body as string));
      return { status: 201, body: batch('b-1', 0) };
    },
    'GET /api/upload/remote/b-1': () => ({ status: 200, body: batch('b-1', 0) }),
  });
});

async function openPopup() {
  renderApp(
    <>
      <FileDialogs />
      <RemoteUploadProgress />
    </>,
  );
  act(() => openFileDialog({ kind: 'remote-upload', parentId: 'folder-1' }));
  return screen.findByRole('dialog', { name: 'Upload from links' }, { timeout: 20_000 });
}

describe('the remote-upload popup', () => {
  it('says what is wrong with the links before sending anything', async () => {
    const u = userEvent.setup();
    await openPopup();
    const submit = screen.getByRole('button', { name: 'Upload' });
    await u.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Paste at least one link.');
    const box = screen.getByLabelText('Links');
    await u.type(box, 'https://example.com/a.pdf{Enter}ftp://example.com/b');
    await u.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Line 2 isn’t a full link');
    await u.clear(box);
    act(() => {
      (box as HTMLTextAreaElement).focus();
    });
    await u.paste(Array.from({ length: 51 }, (_, i) => `https://example.com/${i}`).join('\n'));
    expect(screen.getByText('51 of 50')).toBeTruthy();
    await u.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('up to 50 links at once; this has 51');
    expect(posted).toEqual([]);
  });

  it('starts a batch and shows its progress from the socket’s events', async () => {
    const u = userEvent.setup();
    await openPopup();
    await u.type(screen.getByLabelText('Links'), '  https://example.com/a.pdf {Enter}{Enter}https://example.com/b.png');
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      { urls: ['https://example.com/a.pdf', 'https://example.com/b.png'], parent_id: 'folder-1' },
    ]);

    const counts = await screen.findByTestId('remote-upload-counts');
    expect(counts.textContent).toContain('0 of 3 processed');
    act(() => {
      dispatchRealtime('remote-upload.progress', {
        id: String(eventId++),
        payload: {
          batch_id: 'b-1',
          total: 3,
          processed: 1,
          failed: 0,
          file: { id: 'f', name: 'a.pdf', parent_id: null },
        },
      });
    });
    expect(counts.textContent).toContain('1 of 3 processed');
    expect(counts.textContent).not.toContain('failed');
    act(() => {
      dispatchRealtime('remote-upload.progress', {
        id: String(eventId++),
        payload: { batch_id: 'b-1', total: 3, processed: 2, failed: 1, file: null },
      });
    });
    expect(counts.textContent).toContain('2 of 3 processed · 1 failed');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    act(() => {
      dispatchRealtime('remote-upload.done', {
        id: String(eventId++),
        payload: {
          batch_id: 'b-1',
          total: 3,
          processed: 3,
          failed: 1,
          failures: [{ url: 'https://example.com/b.png', reason: 'The server answered 404.' }],
        },
      });
    });
    expect(await screen.findByText('Upload from links finished')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'What failed' }));
    expect(screen.getByText('The server answered 404.')).toBeTruthy();
    // A late poll answer does not take the counts back.
    act(() => useRemoteUploads.getState().put({ id: 'b-1', processed: 0 }));
    expect(screen.getByTestId('remote-upload-counts').textContent).toContain('3 of 3 processed');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadEngine, type ChunkTransport } from '../../lib/upload';
import { AbortedError, type ChunkRequest, type ChunkResponse } from '../../lib/upload/transport';
import { renderApp } from '../../test/render';
import UploadQueuePanel from './UploadQueuePanel';

/**
 * A server on a string: each chunk waits until the test answers it (`answer`), so the panel can be
 * looked at while a file is on its way. Cancelling aborts the chunk, as the real transport does.
 */
const server = vi.hoisted(() => ({
  waiting: [] as { name: string; resolve: (r: ChunkResponse) => void }[],
  discarded: [] as string[],
}));

vi.mock('./upload-store', async () => {
  const { UploadEngine: Engine } = await import('../../lib/upload');
  const transport: ChunkTransport = {
    send: (request: ChunkRequest) =>
      new Promise<ChunkResponse>((resolve, reject) => {
        request.onProgress(request.chunk.size / 2);
        const name = Object.fromEntries(request.fields).name ?? '';
        const waiting = { name, resolve };
        server.waiting.push(waiting);
        request.signal.addEventListener(
          'abort',
          () => {
            server.waiting.splice(server.waiting.indexOf(waiting), 1);
            reject(new AbortedError());
          },
          { once: true },
        );
      }),
    discard: async (uploadId) => {
      server.discarded.push(uploadId);
    },
  };
  const engine = new Engine({ transport, chunkSize: () => 1024, retryDelays: [] });
  return {
    uploads: engine,
    useUploads: () => useSyncExternalStore(engine.subscribe, engine.getSnapshot),
    setChunkSize: () => undefined,
  };
});

const { uploads } = (await import('./upload-store')) as unknown as { uploads: UploadEngine };

const file = (name: string, bytes = 100) => ({
  file: new Blob(['x'.repeat(bytes)]),
  name,
  parentId: null,
  path: null,
});

/** Answers the oldest chunk still waiting for `name`. */
async function answer(name: string, response: ChunkResponse) {
  const index = server.waiting.findIndex((w) => w.name === name);
  const [waiting] = server.waiting.splice(index, 1);
  if (!waiting) throw new Error(`no chunk of ${name} is waiting`);
  await act(async () => waiting.resolve(response));
}
const created = { status: 201, body: { data: { id: 'f1', type: 'file' } } };
const rowOf = (name: string) => screen.getByText(name).closest('li')!;

beforeEach(() => {
  act(() => {
    uploads.cancelAll();
    uploads.clearFinished();
  });
  server.waiting.length = 0;
  server.discarded.length = 0;
});

describe('the upload queue panel', () => {
  it('shows files go one after another with their progress, then says they are uploaded', async () => {
    renderApp(<UploadQueuePanel />);
    act(() => uploads.add([file('a.txt'), file('b.txt')]));
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByText('0 of 2 · 25%')).toBeTruthy();
    expect(
      within(rowOf('a.txt'))
        .getByRole('progressbar', { name: /a\.txt/ })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(within(rowOf('b.txt')).getByText('Waiting')).toBeTruthy();

    await answer('a.txt', created);
    expect(within(rowOf('a.txt')).getByText('Uploaded')).toBeTruthy();
    expect(within(panel).getByText('1 of 2 · 75%')).toBeTruthy();
    await answer('b.txt', created);
    expect(within(rowOf('b.txt')).getByText('Uploaded')).toBeTruthy();
    expect(within(panel).getByRole('heading').textContent).toMatch(/2 uploads complete/);
    expect(screen.getByRole('status').textContent).not.toBe('');
  });

  it('cancels one file: the server is told to drop it and the next file goes', async () => {
    const u = userEvent.setup();
    renderApp(<UploadQueuePanel />);
    act(() => uploads.add([file('a.txt', 2000), file('b.txt')]));
    // The server acknowledged a.txt's first chunk, so it holds a session to drop.
    await answer('a.txt', { status: 200, body: { data: { upload_id: 'x', received: 1024, chunk_size: 1024 } } });
    await u.click(screen.getByRole('button', { name: 'Cancel upload of a.txt' }));
    expect(within(rowOf('a.txt')).getByText('Cancelled')).toBeTruthy();
    await waitFor(() => expect(server.discarded).toHaveLength(1));
    await waitFor(() => expect(server.waiting.map((w) => w.name)).toEqual(['b.txt']));
    await answer('b.txt', created);
    expect(within(rowOf('b.txt')).getByText('Uploaded')).toBeTruthy();
  });

  it('a refused file shows why and offers a retry that sends it again', async () => {
    const u = userEvent.setup();
    renderApp(<UploadQueuePanel />);
    act(() => uploads.add([file('big.bin')]));
    await answer('big.bin', {
      status: 507,
      body: { code: 'upload.quota_exceeded', message: 'Not enough space' },
    });
    expect(within(rowOf('big.bin')).getByText('Not enough storage space')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close uploads' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Try big.bin again' }));
    await waitFor(() => expect(server.waiting.map((w) => w.name)).toEqual(['big.bin']));
    await answer('big.bin', created);
    expect(within(rowOf('big.bin')).getByText('Uploaded')).toBeTruthy();
  });

  it('Cancel all stops every file that is not finished', async () => {
    const u = userEvent.setup();
    renderApp(<UploadQueuePanel />);
    act(() => uploads.add([file('a.txt'), file('b.txt'), file('c.txt')]));
    await u.click(screen.getByRole('button', { name: 'Cancel all' }));
    // The queue is gone, not left at "0 of 0 · 0%"; none of the files reached the server, so nothing is dropped there.
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
    expect(screen.queryByText(/0 of 0/)).toBeNull();
    expect(server.discarded).toEqual([]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { UploadEngine, type EngineHooks, type UploadSnapshot } from './engine';
import type { ChunkRequest, ChunkResponse, ChunkTransport } from './transport';
import { AbortedError } from './transport';

const MB = 1024 * 1024;

interface Sent {
  fields: Record<string, string>;
  order: string[];
  bytes: number;
  chunkName: string;
}

/**
 * A server that keeps one offset per upload_id, like the real one: it answers 200 with `received`
 * for a middle chunk and 201 with a file for the last, unless `script` says otherwise.
 */
function fakeServer(
  script: (sent: Sent, index: number) => ChunkResponse | 'network' | 'hang' | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  const discarded: string[] = [];
  const transport: ChunkTransport = {
    async send(request: ChunkRequest) {
      const fields = Object.fromEntries(request.fields);
      const entry = {
        fields,
        order: request.fields.map(([name]) => name),
        bytes: request.chunk.size,
        chunkName: request.chunkName,
      };
      sent.push(entry);
      request.onProgress(request.chunk.size);
      const scripted = script(entry, sent.length - 1);
      if (scripted === 'network') throw new Error('offline');
      if (scripted === 'hang') {
        return new Promise<ChunkResponse>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(new AbortedError()), { once: true }),
        );
      }
      if (scripted) return scripted;
      const received = Number(fields.offset) + request.chunk.size;
      if (fields.is_last_chunk === '1') {
        return {
          status: 201,
          body: { data: { id: `file-${fields.upload_id}`, type: 'file', attributes: { name: fields.name } } },
        };
      }
      return {
        status: 200,
        body: { data: { upload_id: fields.upload_id, received, chunk_size: Number(fields.chunk_size) } },
      };
    },
    async discard(uploadId) {
      discarded.push(uploadId);
    },
  };
  return { transport, sent, discarded };
}

function engineWith(transport: ChunkTransport, hooks: EngineHooks = {}, chunkSize = 6 * MB) {
  const engine = new UploadEngine({ transport, chunkSize: () => chunkSize, hooks, retryDelays: [0, 0, 0] });
  const idle = () =>
    new Promise<UploadSnapshot>((resolve) => {
      const check = () => {
        if (!engine.getSnapshot().active) {
          unsubscribe();
          resolve(engine.getSnapshot());
        }
      };
      const unsubscribe = engine.subscribe(check);
      queueMicrotask(check);
    });
  return { engine, idle };
}

const file = (size: number, name = 'movie clip.mp4') => ({
  file: new Blob([new Uint8Array(size)]),
  name,
  parentId: null,
  path: null,
});

describe('upload engine', () => {
  it('sends a 14 MB file as three 6 MB-sliced chunks, fields first, and reports the file', async () => {
    const server = fakeServer();
    const onUploaded = vi.fn();
    const { engine, idle } = engineWith(server.transport, { onUploaded });
    engine.add([{ ...file(14 * MB), parentId: 'parent-1', path: '/Holidays/movie clip.mp4' }]);
    const done = await idle();

    expect(server.sent.map((s) => [s.fields.offset, s.bytes, s.fields.is_last_chunk])).toEqual([
      ['0', 6 * MB, '0'],
      [String(6 * MB), 6 * MB, '0'],
      [String(12 * MB), 2 * MB, '1'],
    ]);
    const first = server.sent[0]!;
    expect(first.order).toEqual([
      'name',
      'extension',
      'is_last_chunk',
      'parent_id',
      'path',
      'upload_id',
      'offset',
      'size',
      'chunk_size',
    ]);
    expect(first.fields).toMatchObject({
      name: 'movie clip.mp4',
      extension: 'mp4',
      parent_id: 'parent-1',
      path: '/Holidays/movie clip.mp4',
      size: String(14 * MB),
      chunk_size: String(6 * MB),
    });
    expect(new Set(server.sent.map((s) => s.fields.upload_id)).size).toBe(1);
    expect(first.chunkName).toMatch(/^[A-Za-z0-9]{16}-movie-clip\.mp4\.part$/);
    expect(done).toMatchObject({ uploaded: 1, failed: 0, queued: 0, progress: 100 });
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(onUploaded.mock.calls[0]![1]).toMatchObject({ data: { type: 'file' } });
  });

  it('uploads files one after another', async () => {
    const server = fakeServer();
    const { engine, idle } = engineWith(server.transport);
    engine.add([file(100, 'a.txt'), file(200, 'b.txt')]);
    await idle();
    expect(server.sent.map((s) => s.fields.name)).toEqual(['a.txt', 'b.txt']);
    expect(engine.getSnapshot().uploaded).toBe(2);
  });

  it('retries a failing chunk up to three times, then gives up on the file and goes on', async () => {
    let failuresLeft = 2;
    const server = fakeServer((sent) => {
      if (sent.fields.name === 'flaky.bin' && failuresLeft-- > 0) return 'network';
      if (sent.fields.name === 'dead.bin') return { status: 503, body: null };
      return undefined;
    });
    const onFailed = vi.fn();
    const { engine, idle } = engineWith(server.transport, { onFailed });
    engine.add([file(10, 'flaky.bin'), file(10, 'dead.bin'), file(10, 'after.bin')]);
    const done = await idle();
    expect(server.sent.filter((s) => s.fields.name === 'flaky.bin')).toHaveLength(3);
    expect(server.sent.filter((s) => s.fields.name === 'dead.bin')).toHaveLength(4);
    expect(done.tasks.map((t) => t.status)).toEqual(['done', 'failed', 'done']);
    expect(onFailed).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'dead.bin' }),
      expect.objectContaining({ kind: 'generic' }),
    );
    // A one-chunk file the server never acknowledged left no session there: nothing to drop.
    expect(server.discarded).toEqual([]);
  });

  it('drops the session of a file that fails after the server acknowledged a chunk', async () => {
    const server = fakeServer((sent) => (sent.fields.offset !== '0' ? { status: 503, body: null } : undefined));
    const { engine, idle } = engineWith(server.transport, {}, 4);
    engine.add([file(10, 'dead.bin')]);
    const done = await idle();
    expect(done.tasks.map((t) => t.status)).toEqual(['failed']);
    // Its session is dropped on the server, so the space reserved for it is free again.
    expect(server.discarded).toEqual([server.sent[0]!.fields.upload_id]);
  });

  it('continues from the offset the server expects after a lost answer', async () => {
    let lost = true;
    const server = fakeServer((sent) => {
      if (sent.fields.offset === String(12 * MB) && lost) {
        lost = false;
        // The server has the second chunk already, but asked again for it: it says where it stands.
        return {
          status: 409,
          body: { type: 'error', code: 'upload.offset_mismatch', message: '', details: { expected_offset: 12 * MB } },
        };
      }
      return undefined;
    });
    const { engine, idle } = engineWith(server.transport);
    engine.add([file(14 * MB)]);
    const done = await idle();
    expect(done.uploaded).toBe(1);
    expect(server.sent.map((s) => s.fields.offset)).toEqual(['0', String(6 * MB), String(12 * MB), String(12 * MB)]);
  });

  it('counts a file as uploaded only when the server answers with the file it made', async () => {
    // The server counted every byte but died before it made the file: its old answer to the last
    // chunk was 200 with received = size. Sending the last chunk again makes the file (201).
    let unfinishedAnswers = 1;
    const server = fakeServer((sent) => {
      if (sent.fields.is_last_chunk === '1' && unfinishedAnswers-- > 0) {
        const size = Number(sent.fields.size);
        return {
          status: 200,
          body: { data: { upload_id: sent.fields.upload_id, received: size, chunk_size: 6 * MB } },
        };
      }
      return undefined;
    });
    const onUploaded = vi.fn();
    const { engine, idle } = engineWith(server.transport, { onUploaded });
    engine.add([file(14 * MB)]);
    const done = await idle();
    expect(server.sent.map((s) => s.fields.offset)).toEqual(['0', String(6 * MB), String(12 * MB), String(12 * MB)]);
    expect(done.tasks.map((t) => t.status)).toEqual(['done']);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(onUploaded.mock.calls[0]![1]).toMatchObject({ data: { type: 'file' } });
  });

  it('fails a file whose last chunk never brings the file back, instead of calling it uploaded', async () => {
    const server = fakeServer((sent) =>
      sent.fields.is_last_chunk === '1' ? { status: 200, body: { data: { received: 10 } } } : undefined,
    );
    const onUploaded = vi.fn();
    const { engine, idle } = engineWith(server.transport, { onUploaded });
    engine.add([file(10)]);
    const done = await idle();
    expect(done.tasks.map((t) => t.status)).toEqual(['failed']);
    expect(done.uploaded).toBe(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('sends the last chunk again when the server has every byte but is still making the file', async () => {
    let busy = true;
    const server = fakeServer((sent) => {
      if (sent.fields.is_last_chunk === '1' && busy) {
        busy = false;
        return {
          status: 409,
          body: { type: 'error', code: 'upload.offset_mismatch', message: '', details: { expected_offset: 14 * MB } },
        };
      }
      return undefined;
    });
    const { engine, idle } = engineWith(server.transport);
    engine.add([file(14 * MB)]);
    const done = await idle();
    expect(done.uploaded).toBe(1);
    expect(server.sent.map((s) => s.fields.offset)).toEqual(['0', String(6 * MB), String(12 * MB), String(12 * MB)]);
  });

  it('does not hammer a server whose disk is full (507)', async () => {
    const server = fakeServer(() => ({ status: 507, body: { type: 'error', code: 'storage.full', message: 'Full' } }));
    const { engine, idle } = engineWith(server.transport);
    engine.add([file(10)]);
    const done = await idle();
    expect(server.sent).toHaveLength(1);
    expect(done.tasks[0]).toMatchObject({ status: 'failed', failure: { code: 'storage.full' } });
  });

  it('stops a file at once on 500 or 422, without retrying', async () => {
    const server = fakeServer((sent) => (sent.fields.name === 'bad.txt' ? { status: 500, body: null } : undefined));
    const { engine, idle } = engineWith(server.transport);
    engine.add([file(10, 'bad.txt'), file(10, 'good.txt')]);
    const done = await idle();
    expect(server.sent.filter((s) => s.fields.name === 'bad.txt')).toHaveLength(1);
    expect(done.tasks.map((t) => t.status)).toEqual(['failed', 'done']);
  });

  it('clears the queue when the server refuses for lack of space (423)', async () => {
    const server = fakeServer(() => ({
      status: 423,
      body: { type: 'error', code: 'upload.quota_exceeded', message: 'No room' },
    }));
    const onFailed = vi.fn();
    const { engine, idle } = engineWith(server.transport, { onFailed });
    engine.add([file(10, 'one.txt'), file(10, 'two.txt'), file(10, 'three.txt')]);
    const done = await idle();
    expect(server.sent).toHaveLength(1);
    expect(done.tasks.map((t) => t.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed.mock.calls[0]![1]).toMatchObject({ kind: 'quota', message: 'No room' });
  });

  it('maps 413 and blocked types to their refusals', async () => {
    const server = fakeServer((sent) =>
      sent.fields.name === 'big.iso'
        ? {
            status: 413,
            body: { type: 'error', code: 'upload.too_large', message: 'x', details: { limit_formatted: '10 MB' } },
          }
        : {
            status: 422,
            body: { type: 'error', code: 'upload.type_blocked', message: 'y', details: { type: 'application/x-php' } },
          },
    );
    const kinds: string[] = [];
    const { engine, idle } = engineWith(server.transport, { onFailed: (_, f) => kinds.push(f.kind) });
    engine.add([file(10, 'big.iso')]);
    await idle();
    engine.add([file(10, 'shell.php')]);
    await idle();
    expect(kinds).toEqual(['too_large', 'type']);
  });

  it('cancels the file in flight, tells the server, and goes on with the next', async () => {
    const server = fakeServer((sent) =>
      sent.fields.name === 'slow.bin' && sent.fields.offset !== '0' ? 'hang' : undefined,
    );
    const { engine, idle } = engineWith(server.transport, {}, 4);
    engine.add([file(10, 'slow.bin'), file(4, 'next.bin')]);
    await vi.waitFor(() => expect(server.sent).toHaveLength(2));
    const slow = engine.getSnapshot().tasks[0]!;
    engine.cancel(slow.key);
    const done = await idle();
    expect(done.tasks.map((t) => t.status)).toEqual(['cancelled', 'done']);
    expect(server.discarded).toEqual([server.sent[0]!.fields.upload_id]);
  });

  it('asks the server to drop nothing for files it has not acknowledged, and Cancel all empties the queue', async () => {
    const server = fakeServer(() => 'hang');
    const { engine, idle } = engineWith(server.transport, {}, 4);
    engine.add([file(10, 'first.bin'), file(3, 'small.txt'), file(10, 'later.bin')]);
    await vi.waitFor(() => expect(server.sent).toHaveLength(1));
    engine.cancelAll();
    const done = await idle();
    expect(done.tasks).toEqual([]);
    expect(done.progress).toBe(0);
    expect(server.sent).toHaveLength(1);
    expect(server.discarded).toEqual([]);
  });

  it('shows processing once every byte is out, and caps progress at 100 %', async () => {
    const statuses: string[] = [];
    let release: () => void = () => undefined;
    const server = fakeServer();
    const transport: ChunkTransport = {
      ...server.transport,
      async send(request) {
        request.onProgress(request.chunk.size * 2);
        await new Promise<void>((resolve) => (release = resolve));
        return server.transport.send(request);
      },
    };
    const { engine, idle } = engineWith(transport);
    engine.subscribe(() => statuses.push(engine.getSnapshot().tasks[0]?.status ?? ''));
    engine.add([file(1000, 'doc.pdf')]);
    await vi.waitFor(() => expect(engine.getSnapshot().tasks[0]?.status).toBe('processing'));
    expect(engine.getSnapshot().progress).toBe(100);
    release();
    await idle();
    expect(statuses).toContain('processing');
    expect(engine.getSnapshot().tasks[0]?.status).toBe('done');
  });

  it('retries a failed file from its first byte with a new upload id', async () => {
    let fail = true;
    const server = fakeServer(() => (fail ? { status: 500, body: null } : undefined));
    const { engine, idle } = engineWith(server.transport);
    engine.add([file(10, 'again.txt')]);
    await idle();
    fail = false;
    engine.retry(engine.getSnapshot().tasks[0]!.key);
    const done = await idle();
    expect(done.uploaded).toBe(1);
    expect(server.sent[0]!.fields.upload_id).not.toBe(server.sent[1]!.fields.upload_id);
  });

  it('sends each file to its own destination and drops a failed session there', async () => {
    const destinations: (string | undefined)[] = [];
    const dropped: string[] = [];
    const server = fakeServer((sent) =>
      sent.fields.name === 'refused.txt' && sent.fields.offset !== '0' ? { status: 500, body: null } : undefined,
    );
    const transport: ChunkTransport = {
      send: (request) => {
        destinations.push(request.destination?.chunks);
        return server.transport.send(request);
      },
      discard: async (uploadId, destination) => {
        dropped.push(destination ? destination.discard(uploadId) : `account/${uploadId}`);
      },
    };
    const share = { chunks: '/api/sharing/upload/chunks/tok', discard: (id: string) => `/share-drop/${id}/tok` };
    const { engine, idle } = engineWith(transport, {}, 6);
    engine.add([file(10, 'mine.txt'), { ...file(10, 'shared.txt'), destination: share }]);
    engine.add([{ ...file(10, 'refused.txt'), destination: share }]);
    await idle();
    expect(destinations.slice(0, 4)).toEqual([undefined, undefined, share.chunks, share.chunks]);
    const refused = server.sent.find((s) => s.fields.name === 'refused.txt')!;
    expect(dropped).toEqual([`/share-drop/${refused.fields.upload_id}/tok`]);
  });
});

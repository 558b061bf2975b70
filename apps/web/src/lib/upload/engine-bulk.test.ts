import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import type { BulkManifest } from '@filestore/contract';
import { describe, expect, it } from 'vitest';
import { UploadEngine, folderOf, packBatch, type EngineHooks, type UploadItem, type UploadSnapshot } from './engine';
import { IdbQueueStore } from './queue-store';
import type { BulkRequest, ChunkRequest, ChunkResponse, ChunkTransport } from './transport';

const KB = 1024;
const MB = 1024 * KB;
const BOUNDS = { maxFiles: 256, maxBytes: 1 * MB, fileMax: 100 * KB };
const destination = {
  chunks: '/api/upload/chunks',
  bulk: '/api/upload/bulk',
  discard: (id: string) => `/api/upload/chunks/${id}`,
};

interface BulkSent {
  key: string;
  manifest: BulkManifest;
  sizes: number[];
}

/**
 * A server with the bulk call's promises: each Idempotency-Key makes its files once (a retry is
 * answered with the same items), `script` may lose an answer or refuse a file; chunks as today.
 */
function fakeServer(script: { lose?: (index: number) => boolean; refuse?: (name: string) => string | null } = {}) {
  const bulk: BulkSent[] = [];
  const chunks: Record<string, string>[] = [];
  const made = new Map<string, string>();
  const byKey = new Map<string, string[]>();
  let items = 0;
  const transport: ChunkTransport = {
    async send(request: ChunkRequest): Promise<ChunkResponse> {
      const fields = Object.fromEntries(request.fields);
      chunks.push(fields);
      request.onProgress(request.chunk.size);
      if (fields.is_last_chunk === '1') {
        made.set(`file-${++items}`, fields.name ?? '');
        return { status: 201, body: { data: { id: `file-${items}`, type: 'file' } } };
      }
      const received = Number(fields.offset) + request.chunk.size;
      return { status: 200, body: { data: { upload_id: fields.upload_id, received } } };
    },
    async sendBulk(request: BulkRequest): Promise<ChunkResponse> {
      const manifest = JSON.parse(request.manifest) as BulkManifest;
      const index = bulk.length;
      bulk.push({ key: request.key, manifest, sizes: request.files.map((f) => f.blob.size) });
      for (const [i, entry] of manifest.files.entries()) {
        const bytes = new Uint8Array(await request.files[i]!.blob.arrayBuffer());
        expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      }
      request.onProgress(request.files.reduce((sum, f) => sum + f.blob.size, 0));
      let ids = byKey.get(request.key);
      if (!ids) {
        ids = manifest.files.map((entry) => {
          if (script.refuse?.(entry.name)) return '';
          const id = `file-${++items}`;
          made.set(id, entry.name);
          return id;
        });
        byKey.set(request.key, ids);
      }
      if (script.lose?.(index)) throw new Error('connection reset');
      return {
        status: 200,
        body: {
          data: manifest.files.map((entry, i) => {
            const code = script.refuse?.(entry.name);
            return code
              ? { index: i, status: 'refused', code, message: `refused ${entry.name}` }
              : {
                  index: i,
                  status: 'created',
                  item: { data: { id: ids[i], type: 'file', attributes: { name: entry.name } } },
                };
          }),
        },
      };
    },
    async discard() {},
  };
  return { transport, bulk, chunks, made };
}

function engineWith(transport: ChunkTransport, hooks: EngineHooks = {}, store?: IdbQueueStore) {
  const engine = new UploadEngine({
    transport,
    chunkSize: () => 6 * MB,
    bulk: () => BOUNDS,
    hooks,
    retryDelays: [0, 0, 0],
    ...(store ? { store } : {}),
  });
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

const bytes = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);
const small = (i: number, size = 10 * KB, path: string | null = `/docs/${i}.txt`): UploadItem => ({
  file: new Blob([bytes(size, i)]),
  name: `${i}.txt`,
  lastModified: 1_700_000_000_000 + i,
  parentId: '00000000-0000-4000-8000-000000000001',
  path,
  destination,
});

describe('bulk packing', () => {
  it('packs small files into requests within the bounds; a large file takes the chunks', async () => {
    const server = fakeServer();
    const { engine, idle } = engineWith(server.transport);
    const items = [
      ...Array.from({ length: 300 }, (_, i) => small(i)),
      { ...small(999, 7 * MB), name: 'big.bin', path: '/big.bin' },
      ...Array.from({ length: 5 }, (_, i) => small(400 + i, 90 * KB, null)),
    ];
    engine.add(items);
    const done = await idle();

    expect(done.uploaded).toBe(306);
    expect(done.failed).toBe(0);
    expect(server.made.size).toBe(306);
    // Each request within 256 files and 1 MB; every small file in exactly one.
    for (const request of server.bulk) {
      expect(request.manifest.files.length).toBeLessThanOrEqual(256);
      expect(request.sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MB);
    }
    const names = server.bulk.flatMap((r) => r.manifest.files.map((f) => f.name));
    expect(names).toHaveLength(305);
    expect(new Set(names).size).toBe(305);
    expect(server.bulk.length).toBeLessThan(10);
    // The large file: two 6 MB-sliced chunks.
    expect(server.chunks.map((c) => c.name)).toEqual(['big.bin', 'big.bin']);
    // The manifest names the folders inside the parent, and the file's own name apart.
    const first = server.bulk[0]!.manifest;
    expect(first.parent_id).toBe('00000000-0000-4000-8000-000000000001');
    const zero = server.bulk.flatMap((r) => r.manifest.files).find((f) => f.name === '0.txt');
    expect(zero).toMatchObject({ name: '0.txt', path: 'docs', size: 10 * KB, modified_at: 1_700_000_000_000 });
    expect(server.bulk.flatMap((r) => r.manifest.files).find((f) => f.name === '400.txt')?.path).toBeNull();
  });

  it('sends a request whose answer was lost again with the same key, so each file is made once', async () => {
    const server = fakeServer({ lose: (index) => index === 0 });
    const { engine, idle } = engineWith(server.transport);
    engine.add(Array.from({ length: 20 }, (_, i) => small(i)));
    const done = await idle();
    expect(done.uploaded).toBe(20);
    expect(server.bulk.map((r) => r.key)).toEqual([server.bulk[0]!.key, server.bulk[0]!.key]);
    expect(server.made.size).toBe(20);
  });

  it('shows a file the server refused as failed with its code, and the others as uploaded', async () => {
    const failed: string[] = [];
    const server = fakeServer({ refuse: (name) => (name === '3.txt' ? 'upload.checksum_mismatch' : null) });
    const { engine, idle } = engineWith(server.transport, {
      onFailed: (task, failure) => failed.push(`${task.name}:${failure.code}`),
    });
    engine.add(Array.from({ length: 5 }, (_, i) => small(i)));
    const done = await idle();
    expect(done.uploaded).toBe(4);
    expect(failed).toEqual(['3.txt:upload.checksum_mismatch']);
    expect(done.tasks.find((t) => t.name === '3.txt')).toMatchObject({
      status: 'failed',
      failure: { code: 'upload.checksum_mismatch', message: 'refused 3.txt' },
    });
  });

  it('spreads a request’s progress over its files in order', async () => {
    const seen: number[][] = [];
    let release: (r: ChunkResponse) => void = () => undefined;
    const transport: ChunkTransport = {
      send: async () => ({ status: 500, body: null }),
      sendBulk: (request) =>
        new Promise((resolve) => {
          request.onProgress(15 * KB);
          release = resolve;
        }),
      discard: async () => undefined,
    };
    const { engine } = engineWith(transport);
    engine.subscribe(() => seen.push(engine.getSnapshot().tasks.map((t) => t.sent)));
    engine.add([small(1), small(2)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.at(-1)).toEqual([10 * KB, 5 * KB]);
    expect(engine.getSnapshot().tasks.map((t) => t.status)).toEqual(['processing', 'uploading']);
    release({ status: 503, body: null });
    engine.cancelAll();
  });
});

describe('the queue across a reload', () => {
  it('keeps what is half sent, forgets what finished, and resumes with the same key and offset', async () => {
    const store = new IdbQueueStore('engine-reload', 0);
    // First visit: the bulk request's answer never comes, the large file got one chunk in.
    let chunkCalls = 0;
    const stuck: ChunkTransport = {
      send: async (request) => {
        chunkCalls += 1;
        const fields = Object.fromEntries(request.fields);
        if (chunkCalls > 1) return new Promise(() => undefined);
        return { status: 200, body: { data: { upload_id: fields.upload_id, received: request.chunk.size } } };
      },
      sendBulk: () => new Promise(() => undefined),
      discard: async () => undefined,
    };
    const first = engineWith(stuck, {}, store);
    first.engine.add([small(1), small(2), { ...small(3, 7 * MB), name: 'big.bin', path: null }]);
    await new Promise((r) => setTimeout(r, 100));
    await store.flush();

    const saved = await store.load();
    expect(saved.map((s) => s.state.name).sort()).toEqual(['1.txt', '2.txt', 'big.bin']);
    const key = saved.find((s) => s.state.name === '1.txt')!.state.bulkKey;
    expect(key).toBeTruthy();
    const big = saved.find((s) => s.state.name === 'big.bin')!.state;
    expect(big).toMatchObject({ offset: 6 * MB, started: true, chunkSize: 6 * MB });

    // After the reload: a new engine puts them back; the server made the bulk files the first time.
    const server = fakeServer();
    const second = engineWith(server.transport, {}, store);
    second.engine.restore(saved.map(({ state, file }) => ({ ...state, file, destination, state })));
    const done = await second.idle();
    expect(done.uploaded).toBe(3);
    expect(server.bulk.map((r) => r.key)).toEqual([key]);
    expect(server.chunks.map((c) => [c.offset, c.upload_id])).toEqual([[String(6 * MB), big.uploadId]]);
    await store.flush();
    expect(await store.load()).toEqual([]);
  });
});

describe('packBatch and folderOf', () => {
  it('takes the first item and the next ones of its group within the bounds', () => {
    const items = [
      { size: 400, group: 'a' },
      { size: 400, group: 'b' },
      { size: 700, group: 'a' },
      { size: 100, group: 'a' },
      { size: 100, group: 'a' },
    ];
    expect(packBatch(items, { maxFiles: 10, maxBytes: 1000 }, (x) => x)).toEqual([items[0], items[3], items[4]]);
    expect(packBatch(items, { maxFiles: 2, maxBytes: 1000 }, (x) => x)).toEqual([items[0], items[3]]);
    // A first item alone above the bytes still goes, so the queue never stalls.
    expect(packBatch([{ size: 5000, group: 'a' }], { maxFiles: 2, maxBytes: 1000 }, (x) => x)).toHaveLength(1);
  });

  it('turns the chunk API’s path into the manifest’s folders', () => {
    expect(folderOf('/2024/May/a.jpg')).toBe('2024/May');
    expect(folderOf('/a.jpg')).toBeNull();
    expect(folderOf(null)).toBeNull();
  });
});

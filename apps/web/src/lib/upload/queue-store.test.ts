import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdbQueueStore, PAGE, isOrphan, tabId, type QueuedState } from './queue-store';

/** sessionStorage and localStorage as the browser has them (one tab of one origin). */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
}

let names = 0;
const freshStore = () => new IdbQueueStore(`uploads-test-${++names}`, 0);

function state(key: string, patch: Partial<QueuedState> = {}): QueuedState {
  return {
    key,
    seq: Number(key.replace(/\D/g, '')) || 0,
    name: `${key}.txt`,
    size: 3,
    lastModified: 1_700_000_000_000,
    parentId: null,
    path: null,
    destination: { chunks: '/api/upload/chunks', bulk: '/api/upload/bulk', discard: '/api/upload/chunks/{upload_id}' },
    status: 'queued',
    uploadId: `upload-${key}`,
    offset: 0,
    chunkSize: null,
    started: false,
    sha256: null,
    bulkKey: null,
    ...patch,
  };
}

const text = (blob: Blob) => blob.text();

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('the persisted upload queue', () => {
  it('keeps files and their state across a new store on the same database (a reload)', async () => {
    const store = freshStore();
    store.add([
      { state: state('f2'), file: new File(['two'], 'f2.txt', { lastModified: 5 }) },
      { state: state('f1'), file: new File(['one'], 'f1.txt', { lastModified: 4 }) },
      { state: state('f3'), file: new Blob(['333']) },
    ]);
    await store.flush();
    // A chunk acknowledged, a bulk request sent, a file finished: only state changes are written.
    store.update([state('f1', { offset: 3, started: true, status: 'sending', chunkSize: 3 })]);
    store.update([state('f2', { bulkKey: 'key-1', sha256: 'a'.repeat(64), status: 'sending' })]);
    store.remove(['f3']);
    await store.flush();

    const loaded = await new IdbQueueStore(`uploads-test-${names}`).load();
    expect(loaded.map(({ state }) => state.key)).toEqual(['f1', 'f2']);
    const [f1, f2] = loaded;
    expect(f1?.state).toMatchObject({ offset: 3, started: true, status: 'sending', chunkSize: 3, tab: tabId() });
    expect(f2?.state).toMatchObject({ bulkKey: 'key-1', sha256: 'a'.repeat(64), status: 'sending' });
    expect(await text(f1!.file)).toBe('one');
    expect(await text(f2!.file)).toBe('two');
  });

  it('gathers writes: a file added and finished before the next write is never stored', async () => {
    const store = freshStore();
    store.add([{ state: state('f1'), file: new Blob(['one']) }]);
    store.update([state('f1', { offset: 1 })]);
    store.remove(['f1']);
    store.update([state('f1', { offset: 2 })]);
    await store.flush();
    expect(await store.load()).toEqual([]);
  });

  it('drops state whose bytes are gone (a state written after its file finished)', async () => {
    const store = freshStore();
    store.add([{ state: state('f1'), file: new Blob(['one']) }]);
    await store.flush();
    store.remove(['f1']);
    await store.flush();
    store.update([state('f1', { offset: 1 })]);
    await store.flush();
    expect(await store.load()).toEqual([]);
    // …and forgets it for good.
    await store.flush();
    expect(await store.countOrphans()).toBe(0);
  });

  it('offers a file only when nobody sends it: not this page’s, and its tab reloaded or silent', async () => {
    const now = Date.now();
    expect(isOrphan({ tab: tabId(), page: PAGE }, now)).toBe(false);
    // This tab before a reload.
    expect(isOrphan({ tab: tabId(), page: 'an-earlier-page' }, now)).toBe(true);
    // Another tab, still beating.
    localStorage.setItem('filestore.upload-beat.other', String(now - 1000));
    expect(isOrphan({ tab: 'other', page: 'p' }, now)).toBe(false);
    // Another tab that stopped (closed or crashed) some seconds ago, or never beat.
    localStorage.setItem('filestore.upload-beat.other', String(now - 10_000));
    expect(isOrphan({ tab: 'other', page: 'p' }, now)).toBe(true);
    expect(isOrphan({ tab: 'gone', page: 'p' }, now)).toBe(true);

    const store = freshStore();
    store.add([{ state: state('f1'), file: new Blob(['one']) }]);
    await store.flush();
    // Written by this page: not an orphan here.
    expect(await store.countOrphans()).toBe(0);
  });
});

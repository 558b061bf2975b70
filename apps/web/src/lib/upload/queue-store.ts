import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The upload queue kept across a reload or a crashed tab (issue 42, ADR 0076): one record of state
 * per file that is queued or half sent, and the file's bytes apart (written once: a File put in
 * IndexedDB is a copy the browser keeps, and state changes with every chunk).
 */

/** A door's upload calls as stored: the discard address with `{upload_id}` for the id. */
export interface StoredDestination {
  chunks: string;
  bulk: string | null;
  discard: string;
}

export interface QueuedState {
  key: string;
  /** Order of the queue. */
  seq: number;
  /** The tab and the page load sending it (see `isOrphan`); set by the store. */
  tab?: string;
  page?: string;
  name: string;
  size: number;
  lastModified: number | null;
  parentId: string | null;
  path: string | null;
  destination: StoredDestination | null;
  /** 'sending': the server may hold part of it (a chunk session, or a bulk request out). */
  status: 'queued' | 'sending';
  /** The chunked upload's session id, and the bytes the server acknowledged of it. */
  uploadId: string;
  offset: number;
  chunkSize: number | null;
  started: boolean;
  sha256: string | null;
  /** The Idempotency-Key of the bulk request it went out in, until the answer arrived. */
  bulkKey: string | null;
}

export interface QueuedFile {
  state: QueuedState;
  file: Blob;
}

/** What the engine tells the store; writes are gathered and land together. */
export interface QueueStore {
  add(files: QueuedFile[]): void;
  update(states: QueuedState[]): void;
  remove(keys: string[]): void;
}

interface Schema extends DBSchema {
  state: { key: string; value: QueuedState };
  files: { key: string; value: Blob };
}

const DB_NAME = 'filestore-uploads';
const TAB_KEY = 'filestore.upload-tab';
const BEAT_PREFIX = 'filestore.upload-beat.';
const BEAT_MS = 2000;
/** A tab that has not beaten for this long is gone (closed, crashed): its files are orphans. */
const BEAT_STALE_MS = 3 * BEAT_MS;

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** This tab's id: kept in sessionStorage, so a reload (or a crashed tab brought back) is the same tab. */
export function tabId(): string {
  return safely(() => {
    let id = sessionStorage.getItem(TAB_KEY);
    if (!id) {
      id = Math.random().toString(36).slice(2) + Date.now().toString(36);
      sessionStorage.setItem(TAB_KEY, id);
    }
    return id;
  }, 'tab');
}

/**
 * Says "this tab is alive" every two seconds, so another tab does not offer to resume its files
 * while it is still sending them; leaving the page stops it at once.
 */
export function startHeartbeat(): () => void {
  const key = BEAT_PREFIX + tabId();
  const beat = () => safely(() => localStorage.setItem(key, String(Date.now())), undefined);
  const stop = () => safely(() => localStorage.removeItem(key), undefined);
  beat();
  const timer = setInterval(beat, BEAT_MS);
  window.addEventListener('pagehide', stop);
  return () => {
    clearInterval(timer);
    window.removeEventListener('pagehide', stop);
    stop();
  };
}

/** This page load: a reload is a new one in the same tab. */
export const PAGE = Math.random().toString(36).slice(2);

/**
 * Whether a stored file is nobody's now: not this page's, and either this tab's (from before a
 * reload) or a tab's that has gone silent (closed, crashed).
 */
export function isOrphan({ tab, page }: Pick<QueuedState, 'tab' | 'page'>, now = Date.now()): boolean {
  if (page === PAGE) return false;
  if (!tab || tab === tabId()) return true;
  const beat = Number(safely(() => localStorage.getItem(BEAT_PREFIX + tab), null));
  return !beat || now - beat > BEAT_STALE_MS;
}

export class IdbQueueStore implements QueueStore {
  private db: Promise<IDBPDatabase<Schema>> | null = null;
  private files = new Map<string, Blob>();
  private states = new Map<string, QueuedState>();
  private deletes = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly name = DB_NAME,
    private readonly delayMs = 50,
  ) {}

  private open(): Promise<IDBPDatabase<Schema>> {
    this.db ??= openDB<Schema>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('state', { keyPath: 'key' });
        db.createObjectStore('files');
      },
    });
    return this.db;
  }

  add(files: QueuedFile[]): void {
    const tab = tabId();
    for (const { state, file } of files) {
      this.deletes.delete(state.key);
      this.files.set(state.key, file);
      this.states.set(state.key, { ...state, tab, page: PAGE });
    }
    this.schedule();
  }

  update(states: QueuedState[]): void {
    const tab = tabId();
    for (const state of states) {
      if (this.deletes.has(state.key)) continue;
      this.states.set(state.key, { ...state, tab, page: PAGE });
    }
    this.schedule();
  }

  remove(keys: string[]): void {
    for (const key of keys) {
      this.files.delete(key);
      this.states.delete(key);
      this.deletes.add(key);
    }
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes what is pending, in one transaction; resolves when it (and every earlier one) landed. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const files = this.files;
    const states = this.states;
    const deletes = this.deletes;
    this.files = new Map();
    this.states = new Map();
    this.deletes = new Set();
    this.writing = this.writing.then(async () => {
      if (files.size === 0 && states.size === 0 && deletes.size === 0) return;
      try {
        const db = await this.open();
        const tx = db.transaction(['state', 'files'], 'readwrite');
        const state = tx.objectStore('state');
        const bytes = tx.objectStore('files');
        const writes: Promise<unknown>[] = [];
        for (const [key, file] of files) writes.push(bytes.put(file, key));
        // A state for a file no longer stored (finished meanwhile) is not written back.
        for (const value of states.values()) writes.push(state.put(value));
        for (const key of deletes) writes.push(state.delete(key), bytes.delete(key));
        writes.push(tx.done);
        await Promise.all(writes);
      } catch {
        // Private windows, a full disk, no IndexedDB: the queue still works, it just won't survive a reload.
      }
    });
    return this.writing;
  }

  /** Every stored file, in queue order; files whose bytes are missing are left out (and dropped). */
  async load(): Promise<QueuedFile[]> {
    await this.flush();
    try {
      const db = await this.open();
      const tx = db.transaction(['state', 'files'], 'readonly');
      const states = await tx.objectStore('state').getAll();
      const bytes = tx.objectStore('files');
      const files = await Promise.all(states.map((state) => bytes.get(state.key)));
      const loaded: QueuedFile[] = [];
      const missing: string[] = [];
      for (const [i, state] of states.entries()) {
        const file = files[i];
        if (file) loaded.push({ state, file });
        else missing.push(state.key);
      }
      if (missing.length > 0) this.remove(missing);
      return loaded.sort((a, b) => a.state.seq - b.state.seq);
    } catch {
      return [];
    }
  }

  /** How many files another tab left behind (or this one before a reload), without reading bytes. */
  async countOrphans(): Promise<number> {
    try {
      const db = await this.open();
      const states = await db.getAll('state');
      return states.filter((state) => isOrphan(state)).length;
    } catch {
      return 0;
    }
  }
}

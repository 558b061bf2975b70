import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DirectWrites, writeAndSync, type DirectTarget, type WriteLimit } from './file-writer.js';
import { TempFolders } from './local.temp.js';
import { DEFAULT_CONTENT_TYPE, type BlobBody } from './storage.port.js';

/**
 * Where the local driver keeps things under its root:
 *   <root>/<ab>/<key with / as ~>   the blob; `ab` from a hash of the key keeps folders small
 *   <root>/.meta/<ab>/<same name>   its content type
 *   <root>/.tmp/<process>/<uuid>    writes in progress, renamed into place when complete (local.temp.ts)
 *   <root>/.multipart/<uploadId>/   parts of unfinished multipart uploads
 * Keys become flat file names, so `a` and `a/b` can coexist as they do on S3, and keys can never
 * start with a dot (see storage.validation.ts), so none reaches the dot folders.
 */
export interface LocalLayout {
  root: string;
  /** Whether large bodies are written past the page cache (file-writer.ts); off once the file system refuses. */
  direct: DirectWrites;
  dataPath(key: string): string;
  metaPath(key: string): string;
  uploadDir(uploadId: string): string;
  /** A fresh path on the same file system as the blobs, so that rename is atomic. */
  tempPath(): Promise<string>;
  /** Removes temp files of processes that died while writing (kill -9, power loss); how many went. */
  removeAbandonedTemp(): Promise<number>;
  close(): void;
  /**
   * Writes `body` durably to a new temp file (as `writeDurably`), in the process's temp folder,
   * made again should it have gone away; the file's path and byte count.
   */
  writeTemp(body: BlobBody, limit?: WriteLimit): Promise<{ path: string; size: number }>;
  /** Moves a finished temp file into place; the content type goes first so a reader never pairs new bytes with a stale type. */
  commit(tmp: string, key: string, contentType: string): Promise<void>;
  /**
   * `commit` with the content type already written durably to the temp file `typeTmp`
   * (`writeTemp`), which a caller can do while the bytes are still being written.
   */
  commitWritten(tmp: string, key: string, typeTmp: string): Promise<void>;
  readContentType(key: string): Promise<string>;
}

export function localLayout(root: string, options: { directWrites?: boolean } = {}): LocalLayout {
  const direct = new DirectWrites(options.directWrites ?? false);
  const shardAndName = (key: string) => {
    const shard = createHash('sha256').update(key).digest('hex').slice(0, 2);
    return [shard, key.replaceAll('/', '~')] as const;
  };
  const temp = new TempFolders(path.join(root, '.tmp'));
  const directories = new DirectorySyncs();
  const folders = new KnownFolders(root, directories);
  const renames = new PerKey();
  const layout: LocalLayout = {
    root,
    direct,
    dataPath: (key) => path.join(root, ...shardAndName(key)),
    metaPath: (key) => path.join(root, '.meta', ...shardAndName(key)),
    uploadDir: (uploadId) => path.join(root, '.multipart', uploadId),
    tempPath: () => temp.path(),
    removeAbandonedTemp: () => temp.removeAbandoned(),
    close: () => temp.close(),
    async writeTemp(body, limit) {
      for (let attempt = 0; ; attempt++) {
        let file = '';
        let handle: FileHandle;
        try {
          file = await temp.quickPath();
          handle = await open(file, 'w');
        } catch (error) {
          if (attempt === 0 && isMissing(error)) {
            temp.lost();
            continue;
          }
          if (body instanceof Readable) body.destroy();
          throw error;
        }
        try {
          return { path: file, size: await writeOpened(handle, body, limit, { path: file, writes: direct }) };
        } catch (error) {
          await removeQuietly(file);
          throw error;
        }
      }
    },
    async commit(tmp, key, contentType) {
      const typeTmp = (await layout.writeTemp(Buffer.from(contentType))).path;
      try {
        await layout.commitWritten(tmp, key, typeTmp);
      } catch (error) {
        await removeQuietly(typeTmp);
        throw error;
      }
    },
    async commitWritten(tmp, key, typeTmp) {
      const metaPath = layout.metaPath(key);
      const dataPath = layout.dataPath(key);
      // One key's two renames never interleave with another commit of the same key, which could
      // leave one upload's bytes with the other's content type for good.
      await renames.run(key, async () => {
        await folders.renameInto(typeTmp, metaPath);
        await folders.renameInto(tmp, dataPath);
      });
      // The renames are durable once the folders holding the new names are (the folders themselves
      // were made durable before anything was renamed into them, see KnownFolders): only then may the
      // caller acknowledge the blob. Uploads landing in the same folder at the same time share one
      // fsync (DirectorySyncs).
      await Promise.all([directories.sync(path.dirname(metaPath)), directories.sync(path.dirname(dataPath))]);
    },
    async readContentType(key) {
      return readFile(layout.metaPath(key), 'utf8').catch(ifMissing(DEFAULT_CONTENT_TYPE));
    },
  };
  return layout;
}

/** fsync of a folder: makes the names created, renamed or removed in it durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some systems (Windows) cannot fsync a folder at all; their renames are as durable as they get.
    if (!(error instanceof Error && 'code' in error && ['EISDIR', 'EINVAL', 'EPERM'].includes(String(error.code))))
      throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Group commit of folder fsyncs. A caller needs an fsync that starts after its rename: the one
 * running may have started before, so it waits for the next, which every caller arriving meanwhile
 * shares. With N uploads renaming into one folder at once that is 2 fsyncs, not N, and never one
 * that could miss a caller's rename. A failed fsync fails every caller it covered.
 */
export class DirectorySyncs {
  private readonly folders = new Map<string, { running: Promise<void>; next: Promise<void> | null }>();

  constructor(private readonly fsync: (dir: string) => Promise<void> = syncDirectory) {}

  sync(dir: string): Promise<void> {
    const current = this.folders.get(dir);
    if (!current) return this.start(dir);
    const settled = () => undefined;
    current.next ??= current.running.then(settled, settled).then(() => this.start(dir));
    return current.next;
  }

  private start(dir: string): Promise<void> {
    const entry: { running: Promise<void>; next: Promise<void> | null } = { running: Promise.resolve(), next: null };
    entry.running = this.fsync(dir).finally(() => {
      if (this.folders.get(dir) === entry) this.folders.delete(dir);
    });
    this.folders.set(dir, entry);
    return entry.running;
  }
}

/**
 * Writes `body` to a new `file` and fsyncs it (a crash must not leave a renamed but empty blob);
 * returns the byte count. The bytes go through two reused 1 MiB buffers (file-writer.ts): with
 * Node's 16 KiB file stream every 64 KiB socket read waited for its own write (a 1 GiB remote upload
 * stopped near 430 MB/s here).
 */
export async function writeDurably(
  file: string,
  body: BlobBody,
  limit: WriteLimit | undefined,
  direct: DirectWrites,
): Promise<number> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'w');
  } catch (error) {
    // Like pipeline: a source left unread is not left open.
    if (body instanceof Readable) body.destroy();
    throw error;
  }
  return writeOpened(handle, body, limit, { path: file, writes: direct });
}

/** `writeDurably` into a file already open for writing, which it closes. */
async function writeOpened(
  handle: FileHandle,
  body: BlobBody,
  limit?: WriteLimit,
  direct?: DirectTarget,
): Promise<number> {
  try {
    return await writeAndSync(handle, body, 0, limit, direct);
  } catch (error) {
    if (body instanceof Readable) body.destroy();
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * The folders blobs are renamed into (256 shards, and as many for their content types), made once
 * per process rather than asked for before every rename: `mkdir` was one more trip through libuv's
 * thread pool per upload. A folder counts as there once it exists and its entry in its parent is
 * durable (and so on up to the root); every caller waits for that, not only the
 * one whose `mkdir` made it, so none acknowledges a blob in a folder a power cut could still lose.
 * A rename that finds its folder gone (removed by hand) makes it again.
 */
class KnownFolders {
  private readonly ready = new Map<string, Promise<void>>();

  constructor(
    private readonly root: string,
    private readonly directories: DirectorySyncs,
  ) {}

  /** Renames `from` to `to`, once the folder it goes into is there and durable. */
  async renameInto(from: string, to: string): Promise<void> {
    const dir = path.dirname(to);
    await this.ensure(dir);
    try {
      await rename(from, to);
    } catch (error) {
      // `from` missing fails again below, as it should.
      if (!isMissing(error)) throw error;
      this.ready.delete(dir);
      await this.ensure(dir);
      await rename(from, to);
    }
  }

  private ensure(dir: string): Promise<void> {
    const known = this.ready.get(dir);
    if (known) return known;
    const making = this.make(dir);
    this.ready.set(dir, making);
    making.catch(() => {
      if (this.ready.get(dir) === making) this.ready.delete(dir);
    });
    return making;
  }

  /**
   * Makes `dir` and syncs each level's entry in its parent, whether this `mkdir` made it or found it:
   * a folder found may have been made by a failed attempt, or by a process killed before its sync.
   * Once per folder per process; concurrent first writes share it.
   */
  private async make(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    const levels: string[] = [];
    for (let at = dir; at.startsWith(this.root + path.sep); at = path.dirname(at)) levels.push(at);
    await Promise.all(levels.map((level) => this.directories.sync(path.dirname(level))));
  }
}

/**
 * Runs tasks given the same key one after another, in the order given; different keys at once.
 * A task's failure is its caller's and does not stop the next.
 */
class PerKey {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/** fsync for files written by copyFile, which does not flush on its own. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export const removeQuietly = (file: string) => rm(file, { force: true, recursive: true });

export const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/** For `.catch()`: turns "no such file" into `fallback` and rethrows everything else. */
export function ifMissing<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (isMissing(error)) return fallback;
    throw error;
  };
}

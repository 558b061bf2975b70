import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, readlink, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How often a process marks its temp folder as in use. */
export const TEMP_HEARTBEAT_MS = 60_000;
/** A temp folder (or a loose temp file) nobody marked for this long belongs to no running process. */
export const TEMP_STALE_MS = 10 * 60_000;
const OWNER_FILE = 'owner.json';

interface TempOwner {
  /** This kernel boot and PID namespace: where `pid` means this process and no other. */
  machine: string | null;
  pid: number;
  /** When the process started (ms since 1970): tells a PID's earlier holder from its current one. */
  started: number;
}

const processStarted = Math.round(performance.timeOrigin);

/**
 * Writes in progress of one process, in `<root>/.tmp/<random>/`: a crash (kill -9, power loss) leaves
 * them behind, and another process sharing the folder (several nodes on PostgreSQL) may be writing
 * its own right now. Each process therefore writes in a folder of its own, says in it who it is,
 * and touches it every minute; `removeAbandoned` removes the folders whose process is known dead on
 * this machine, and any folder nobody touched for ten minutes.
 */
export class TempFolders {
  private readonly own: string;
  private heartbeat: NodeJS.Timeout | null = null;
  private machine: Promise<string | null> | null = null;

  constructor(private readonly tempRoot: string) {
    this.own = path.join(tempRoot, randomUUID());
  }

  /** Whether `path()` made sure of the folder and nothing since said it went away. */
  private made = false;

  /**
   * A fresh path in a folder that `path()` made sure exists. One trip through libuv's thread pool
   * less than `path()`, for writes that open the path themselves and tell `lost()` when the open
   * found no folder (removed by hand, or while this process stood still for long), then try again.
   */
  async quickPath(): Promise<string> {
    // A making under way (the folder found missing by another write) may not have said whose the
    // folder is yet: wait for it rather than write there.
    if (this.making) await this.making.catch(() => undefined);
    return this.made ? path.join(this.own, randomUUID()) : this.path();
  }

  /** The folder was found missing: the next `quickPath()` makes it again. */
  lost(): void {
    this.made = false;
    this.owned = false;
  }

  /** A fresh path on the same file system as the blobs, so that rename is atomic. */
  async path(): Promise<string> {
    // Callers at the same time share one making: none may write in the folder before it says whose
    // it is, or a crash right then leaves files that only the ten-minute age rule would remove.
    this.making ??= this.make().finally(() => {
      this.making = null;
    });
    await this.making;
    return path.join(this.own, randomUUID());
  }

  private making: Promise<void> | null = null;
  /** Whether the folder as it is now holds its owner.json: a failed write of it is tried again. */
  private owned = false;

  private async make(): Promise<void> {
    // Until this making succeeds no quick path is handed out (a failure may leave the folder ownerless).
    this.made = false;
    // Made again should it have been removed (by hand, or while this process stood still for long).
    if ((await mkdir(this.own, { recursive: true })) || !this.owned) {
      this.owned = false;
      const owner: TempOwner = { machine: await this.machineId(), pid: process.pid, started: processStarted };
      await writeFile(path.join(this.own, OWNER_FILE), JSON.stringify(owner));
      this.owned = true;
    }
    this.made = true;
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        const now = new Date();
        utimes(this.own, now, now).catch(() => undefined);
      }, TEMP_HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  /** Removes the temp files of processes that are gone; returns how many folders and files went. */
  async removeAbandoned(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tempRoot).catch(() => [] as string[])) {
      const entry = path.join(this.tempRoot, name);
      if (entry === this.own) continue;
      const stats = await lstat(entry).catch(() => null);
      if (!stats) continue;
      const stale = now - stats.mtimeMs > TEMP_STALE_MS;
      // Loose files are what versions before per-process folders wrote; only age tells about them.
      if (stale || (stats.isDirectory() && (await this.ownerIsDead(entry)))) {
        await rm(entry, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async ownerIsDead(folder: string): Promise<boolean> {
    const raw = await readFile(path.join(folder, OWNER_FILE), 'utf8').catch(() => null);
    if (raw === null) return false;
    let owner: TempOwner;
    try {
      owner = JSON.parse(raw) as TempOwner;
    } catch {
      return false;
    }
    const machine = await this.machineId();
    if (!machine || owner.machine !== machine || !Number.isInteger(owner.pid)) return false;
    // Our own PID but an earlier start: a process that had the same PID before us (containers).
    if (owner.pid === process.pid) return owner.started !== processStarted;
    return !isAlive(owner.pid);
  }

  private machineId(): Promise<string | null> {
    this.machine ??= Promise.all([
      readFile('/proc/sys/kernel/random/boot_id', 'utf8'),
      readlink('/proc/self/ns/pid'),
    ]).then(
      ([boot, pidNamespace]) => `${boot.trim()} ${pidNamespace}`,
      () => null, // not Linux: only the heartbeat tells
    );
    return this.machine;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Processes and temp folders the benchmark starts, so that every case cleans up after itself even
 * when it fails, and an interrupted run leaves nothing behind.
 */
const liveProcesses = new Set<Proc>();
const tempDirs = new Set<string>();

export interface Proc {
  name: string;
  pid: number;
  child: ChildProcess;
  /** The last 64 KB of stdout and stderr, for error messages. */
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Proc {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it also stops its children (nginx's workers).
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-65536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc: Proc = {
    name,
    pid: child.pid,
    child,
    output: () => tail,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, signal);
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      liveProcesses.delete(proc);
    },
  };
  liveProcesses.add(proc);
  void exited.then(() => liveProcesses.delete(proc));
  return proc;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `filestore-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Kills what is still running and removes the temp folders (synchronously: also runs on exit). */
export function cleanUpEverything(): void {
  for (const proc of liveProcesses) {
    killGroup(proc.child, 'SIGKILL');
  }
  liveProcesses.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export async function stopAll(): Promise<void> {
  await Promise.all([...liveProcesses].map((p) => p.stop()));
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

/** BENCH_PORTS=8275-8289: every program the benchmark starts listens in that range (shared machines). */
function portRange(): { first: number; last: number } | null {
  const text = process.env.BENCH_PORTS;
  if (!text) return null;
  const match = /^(\d+)-(\d+)$/.exec(text.trim());
  const [first, last] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || !(first > 0 && last >= first && last < 65536))
    throw new Error(`BENCH_PORTS must be like 8275-8289: ${text}`);
  return { first, last };
}

/** Whether nothing listens on this loopback port (for programs that need a fixed one). */
export async function freePortIs(port: number): Promise<boolean> {
  return (await listenOnce(port).catch(() => null)) === port;
}

let nextInRange = 0;

/**
 * A loopback port nothing listens on: any the system hands out, or with BENCH_PORTS the next free
 * one of that range, taken in turn so that a port just handed to a starting program is not handed
 * out again before it binds.
 */
export async function freePort(): Promise<number> {
  const range = portRange();
  if (!range) return listenOnce(0);
  const size = range.last - range.first + 1;
  for (let tried = 0; tried < size; tried++) {
    const port = range.first + (nextInRange++ % size);
    const bound = await listenOnce(port).catch(() => null);
    if (bound !== null) return bound;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** Polls `url` until it answers (any status), the process dies, or the time is up. */
export async function waitForHttp(url: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited before answering (${proc.child.exitCode}):\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() - started > timeoutMs) throw new Error(`${proc.name} did not answer ${url}:\n${proc.output()}`);
      await sleep(100);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM (peak resident set) of a process, in bytes, from /proc/<pid>/status. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Runs a command to completion; throws with its output when it fails. */
export function run(command: string, args: string[], options: { cwd?: string } = {}): string {
  const result = spawnSync(command, args, { cwd: options.cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Writes dirty pages out, so that one measurement does not pay for the previous one's writes. */
export function syncDisks(): void {
  spawnSync('sync');
}

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

/** Debian packages the references need; installed with apt-get when missing (the bench runs as root). */
export function ensureDebianPackages(packages: { pkg: string; binary: string }[], log: (line: string) => void): void {
  const missing = packages.filter((p) => !commandExists(p.binary) && !commandExists(`/usr/sbin/${p.binary}`));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.pkg);
  log(`installing Debian packages: ${names.join(', ')} (apt-get install -y ${names.join(' ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...names], { encoding: 'utf8', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { encoding: 'utf8', env });
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...names], { encoding: 'utf8', env });
  }
  if (result.status !== 0) throw new Error(`apt-get install ${names.join(' ')} failed:\n${result.stderr}`);
  const installed = spawnSync('dpkg-query', ['-W', ...names], { encoding: 'utf8' }).stdout.trim();
  log(`installed: ${installed.replace(/\n/g, ', ')}`);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port the OS says is free right now (from its ephemeral range, away from fixed service ports). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * How a test starts the real server: `src/main.ts` through tsx, or, when FILESTORE_TEST_BUILT_SERVER
 * is 1 (`.ci/run` sets it after `npm run build`), the built `dist/main.js`, which starts without
 * compiling the sources again on every start (ADR 0065).
 */
export const serverEntry =
  process.env.FILESTORE_TEST_BUILT_SERVER === '1' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];

/**
 * The real server (`src/main.ts` through tsx, or its build: `serverEntry`) as a child process, for tests that kill it: it keeps
 * its data folder and port across restarts, like a server a supervisor starts again.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  /** Everything the process wrote, for assertions on its log and for failure messages. */
  output = '';

  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    const child = spawn(process.execPath, serverEntry, {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_LEVEL: 'info',
        ...this.env,
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    for (const started = Date.now(); Date.now() - started < 90_000;) {
      if (!this.alive) throw new Error(`the server exited while starting:\n${this.output}`);
      const ready = await fetch(`${this.url}/api/ping`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not answer within 90 s:\n${this.output}`);
  }

  /** Resolves once the process has exited (after a crash point, a kill, or a stop). */
  async exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    if (!child) return { code: null, signal: null };
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    return { code: child.exitCode, signal: child.signalCode };
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.alive) this.child?.kill(signal);
    await this.exited();
  }
}

/** A browser-like client of a ServerProcess: keeps cookies and echoes XSRF-TOKEN. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: () => string) {}

  /** The headers a browser sends with a state-changing request (after one request got the cookies). */
  authHeaders(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
    };
  }

  async request(method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/ping');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(`${this.base()}${url}`, {
      method,
      body,
      headers: {
        accept: 'application/json',
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads any field
    const json = (): any => JSON.parse(text);
    return { status: res.status, headers: res.headers, text, json };
  }

  postJson(url: string, body: unknown) {
    return this.request('POST', url, JSON.stringify(body), { 'content-type': 'application/json' });
  }

  /** multipart/form-data as a browser's FormData sends it: text fields, then the `chunk` part. */
  postForm(url: string, fields: Record<string, string | number | boolean>, chunk: Buffer) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
    form.append('chunk', new Blob([new Uint8Array(chunk)]), 'blob');
    return this.request('POST', url, form);
  }
}

/** A fresh PostgreSQL database of its own on TEST_DATABASE_URL's server (null without one). */
export async function freshPostgresDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `filestore_crash_${randomBytes(6).toString('hex')}`;
  await withAdmin(base, (c) => c.query(`create database ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(base, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export async function withAdmin<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Polls `check` until it answers something truthy (and answers that), or fails after `ms`. */
export async function until<T>(check: () => T | Promise<T>, ms = 30_000, everyMs = 100): Promise<NonNullable<T>> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('timed out');
}

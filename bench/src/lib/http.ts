import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StreamResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  /** Milliseconds from sending the request to the response headers. */
  headersMs: number;
  /** Milliseconds from sending the request to the first byte of the body. */
  firstByteMs: number;
  /** Milliseconds from sending the request to the last byte of the body. */
  totalMs: number;
}

export interface RequestOptions {
  headers?: Record<string, string | number>;
  /** A buffer, or a function making a fresh stream (with its length in Content-Length). */
  body?: Buffer | (() => Readable);
  agent?: http.Agent;
}

function send(url: string, method: string, options: RequestOptions): http.ClientRequest {
  const req = http.request(url, { method, headers: options.headers, agent: options.agent });
  if (options.body === undefined) req.end();
  else if (Buffer.isBuffer(options.body)) req.end(options.body);
  else options.body().pipe(req);
  return req;
}

/** One request, the whole answer kept in memory (API calls, small pages). */
export function request(url: string, method = 'GET', options: RequestOptions = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = send(url, method, options);
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
  });
}

/** One request whose answer is counted and thrown away (downloads, zips). */
export function streamRequest(url: string, method = 'GET', options: RequestOptions = {}): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = send(url, method, options);
    req.on('error', reject);
    req.on('response', (res) => {
      const headersMs = performance.now() - started;
      let firstByteMs = -1;
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += c.length;
      });
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          headersMs,
          firstByteMs: firstByteMs < 0 ? headersMs : firstByteMs,
          totalMs: performance.now() - started,
        }),
      );
    });
  });
}

/**
 * A browser-like API client of our server: keeps cookies and echoes XSRF-TOKEN in X-XSRF-TOKEN on
 * every state-changing request (the double-submit CSRF check).
 */
/** A multipart/form-data body as the web client posts a chunk to /api/upload/chunks. */
export interface ChunkForm {
  /** The fields, then the head of the `chunk` part: the chunk's bytes come right after it. */
  head: Buffer;
  /** What closes the body after the bytes. */
  tail: Buffer;
  /** The request's Content-Type, with the boundary. */
  contentType: string;
}

/**
 * The parts around a chunk's bytes, `fields` first. Kept apart from the bytes so that a caller can
 * stream them (the upload case reads 64 MB chunks from a file).
 */
export function chunkForm(
  fields: readonly (readonly [string, string])[],
  chunkType = 'application/octet-stream',
): ChunkForm {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="blob"\r\n` +
      `Content-Type: ${chunkType}\r\n\r\n`,
  );
  return {
    head,
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  headers(method: string, extra: Record<string, string | number> = {}): Record<string, string | number> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return {
      accept: 'application/json',
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      ...extra,
    };
  }

  remember(headers: http.IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async call(method: string, path: string, json?: unknown): Promise<HttpResult> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/api/ping');
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const res = await request(this.base + path, method, {
      agent: this.agent,
      headers: this.headers(method, body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
      body,
    });
    this.remember(res.headers);
    return res;
  }

  /** A JSON call that must answer 2xx. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call(method, path, body);
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`${method} ${path} answered ${res.status}: ${res.body.toString('utf8').slice(0, 500)}`);
    }
    return JSON.parse(res.body.toString('utf8')) as T;
  }

  /** Posts a whole chunk, `fields` and `bytes` (`chunkForm`), on `agent` or the client's own. */
  postChunk(
    fields: readonly (readonly [string, string])[],
    bytes: Buffer,
    options: { agent?: http.Agent; chunkType?: string } = {},
  ): Promise<HttpResult> {
    const form = chunkForm(fields, options.chunkType);
    const body = Buffer.concat([form.head, bytes, form.tail]);
    return request(`${this.base}/api/upload/chunks`, 'POST', {
      agent: options.agent ?? this.agent,
      headers: this.headers('POST', { 'content-type': form.contentType, 'content-length': body.length }),
      body,
    });
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.json('POST', '/api/login', { email, password });
    if (this.cookies.size < 2) throw new Error('signing in set no session cookie');
  }

  close(): void {
    this.agent.destroy();
  }
}

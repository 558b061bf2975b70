/** One HTTP answer to a chunk: its status and parsed JSON body (null when there was none). */
export interface ChunkResponse {
  status: number;
  body: unknown;
}

/** Where a file's chunks go, and where its unfinished session is dropped (a link has its own). */
export interface ChunkDestination {
  chunks: string;
  discard: (uploadId: string) => string;
  /** Where many small files go in one request (issue 42); absent: every file takes the chunks. */
  bulk?: string;
}

/** The signed-in user's upload calls: `POST /api/upload/chunks`, `DELETE /api/upload/chunks/<id>`. */
export const accountUploads: ChunkDestination = {
  chunks: '/api/upload/chunks',
  bulk: '/api/upload/bulk',
  discard: (uploadId) => `/api/upload/chunks/${encodeURIComponent(uploadId)}`,
};

export interface ChunkRequest {
  /** Text fields, sent in this order before the chunk (the server streams the last part). */
  fields: [string, string][];
  chunk: Blob;
  chunkName: string;
  onProgress: (sentBytes: number) => void;
  signal: AbortSignal;
  /** The transport's own destination when absent. */
  destination?: ChunkDestination;
}

/** One bulk request (packages/contract bulk-upload.ts): the manifest, then the files in its order. */
export interface BulkRequest {
  url: string;
  /** The `Idempotency-Key`: the same for every try of the same manifest. */
  key: string;
  manifest: string;
  files: { blob: Blob; name: string }[];
  /** Bytes of the files sent so far (the multipart envelope left out). */
  onProgress: (sentBytes: number) => void;
  signal: AbortSignal;
}

/** How chunks reach the server; the engine's tests pass their own. */
export interface ChunkTransport {
  send(request: ChunkRequest): Promise<ChunkResponse>;
  /** Sends a bulk request; absent: the engine sends every file in chunks. */
  sendBulk?(request: BulkRequest): Promise<ChunkResponse>;
  /** Tells the server to drop a session that will not be finished. */
  discard(uploadId: string, destination?: ChunkDestination): Promise<void>;
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor() {
    super('Network error');
    this.name = 'NetworkError';
  }
}

export class AbortedError extends Error {
  constructor() {
    super('Aborted');
    this.name = 'AbortedError';
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

async function csrfToken(): Promise<string> {
  // Double-submit CSRF (see lib/api.ts): a GET sets the cookie when it is missing.
  if (!readCookie('XSRF-TOKEN')) {
    await fetch('/api/ping', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  }
  return readCookie('XSRF-TOKEN') ?? '';
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

interface Post {
  form: FormData;
  /** Bytes of payload in the form, to report progress in (the envelope left out). */
  payload: number;
  headers?: Record<string, string>;
  onProgress: (sentBytes: number) => void;
  signal: AbortSignal;
}

/** XMLHttpRequest, because fetch cannot report upload progress. */
function post(url: string, request: Post, token: string): Promise<ChunkResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) {
      reject(new AbortedError());
      return;
    }
    const { form } = request;

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal.removeEventListener('abort', onAbort);

    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-XSRF-TOKEN', token);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      // The multipart envelope adds a few hundred bytes: report the payload's share of what went out.
      if (event.lengthComputable && event.total > 0) {
        request.onProgress(Math.min(request.payload, (event.loaded / event.total) * request.payload));
      }
    };
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new AbortedError());
    };
    xhr.send(form);
  });
}

async function postWithCsrf(url: string, request: Post): Promise<ChunkResponse> {
  let response = await post(url, request, await csrfToken());
  if (response.status === 419) {
    // The CSRF cookie rotated (signed in elsewhere, expired): refresh it once and resend.
    await fetch('/api/ping', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    response = await post(url, request, readCookie('XSRF-TOKEN') ?? '');
  }
  return response;
}

/** The browser transport: to the request's destination, else `fallback`. */
export function xhrTransport(fallback: ChunkDestination = accountUploads): ChunkTransport {
  return {
    send(request) {
      const form = new FormData();
      for (const [name, value] of request.fields) form.append(name, value);
      form.append('chunk', request.chunk, request.chunkName);
      const { onProgress, signal } = request;
      return postWithCsrf((request.destination ?? fallback).chunks, {
        form,
        payload: request.chunk.size,
        onProgress,
        signal,
      });
    },
    sendBulk(request) {
      // The manifest first: the server reads it before the files it describes.
      const form = new FormData();
      form.append('manifest', request.manifest);
      let payload = 0;
      for (const { blob, name } of request.files) {
        form.append('file', blob, name);
        payload += blob.size;
      }
      const { onProgress, signal } = request;
      return postWithCsrf(request.url, {
        form,
        payload,
        headers: { 'Idempotency-Key': request.key },
        onProgress,
        signal,
      });
    },
    async discard(uploadId, destination = fallback) {
      await fetch(destination.discard(uploadId), {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'X-XSRF-TOKEN': await csrfToken() },
      }).catch(() => undefined);
    },
  };
}

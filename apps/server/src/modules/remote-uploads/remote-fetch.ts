import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { AppError } from '../../lib/errors.js';
import { formatBytes } from '../../lib/format.js';
import { checkedAddress, type RemoteNetwork } from './address-guard.js';

/** Spec §2 / issue 13: redirects followed, each to an address checked again. */
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchRules {
  network: RemoteNetwork;
  allowPrivate: boolean;
  /** The most bytes taken from one URL (REMOTE_UPLOAD_MAX_MB). */
  maxBytes: number;
  /** Aborts the whole download, from the first connection to the last byte (REMOTE_UPLOAD_TIMEOUT_SECONDS). */
  signal: AbortSignal;
}

export interface RemoteResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  /** The length the server declared, when it did. */
  size: number | undefined;
  contentType: string | null;
  contentDisposition: string | null;
  /** The body, failing with an AppError once it passes `maxBytes`. */
  body: AsyncIterable<Buffer>;
  /** Why the body was stopped, if this code stopped it (the storage driver may wrap the error). */
  failure(): AppError | null;
}

export const fetchFailed = (message: string) => new AppError(422, 'remote_upload.fetch_failed', message);
export const timedOut = (seconds: number) =>
  new AppError(422, 'remote_upload.timeout', `The download took longer than ${seconds} seconds and was stopped.`);
const overCap = (max: number) =>
  new AppError(413, 'upload.too_large', `Remote files larger than ${formatBytes(max)} can't be fetched.`, {
    limit: max,
    limit_formatted: formatBytes(max),
  });

/**
 * A dispatcher whose every connection goes to an address `checkedAddress` approved: the host is
 * resolved here, once, and the socket opened to that address (with the name kept for TLS), so
 * nothing resolves it a second time. A refused address fails the request before any socket exists.
 */
export function guardedAgent(network: RemoteNetwork, allowPrivate: boolean): Agent {
  const connect = buildConnector({ timeout: 10_000 });
  return new Agent({
    connections: 1,
    keepAliveTimeout: 1_000,
    connect(options, callback) {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      checkedAddress(network, allowPrivate, options.hostname, port).then(
        (address) =>
          connect(
            { ...options, hostname: address, servername: options.servername ?? serverNameOf(options.hostname) },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

/** SNI names a host, never an address. */
const serverNameOf = (host: string) => (/^[\d.]+$/.test(host) || host.includes(':') ? undefined : host);

/**
 * GETs `url` through the guarded dispatcher, following at most MAX_REDIRECTS redirects (http and
 * https only), and hands back a 2xx response whose body is counted against the cap. The caller
 * consumes or drops the body and closes `dispatcher`.
 */
export async function openRemote(dispatcher: Dispatcher, url: string, rules: FetchRules): Promise<RemoteResponse> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const response = await request(current, {
      dispatcher,
      method: 'GET',
      signal: rules.signal,
      headers: { accept: '*/*', 'accept-encoding': 'identity', 'user-agent': 'filestore-remote-upload' },
    });
    if (REDIRECTS.has(response.statusCode)) {
      await response.body.dump().catch(() => undefined);
      const location = header(response.headers.location);
      if (!location) throw fetchFailed(`The server answered ${response.statusCode} without saying where to go.`);
      if (hop >= MAX_REDIRECTS) throw fetchFailed(`More than ${MAX_REDIRECTS} redirects.`);
      const next = new URL(location, current);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw fetchFailed('A redirect led to an address that is not http or https.');
      }
      current = next;
      continue;
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump().catch(() => undefined);
      throw fetchFailed(`The server answered ${response.statusCode}.`);
    }
    const declared = Number(header(response.headers['content-length']));
    const size =
      header(response.headers['content-length']) !== null && Number.isSafeInteger(declared) ? declared : undefined;
    if (size !== undefined && size > rules.maxBytes) {
      await response.body.dump({ limit: 0 }).catch(() => undefined);
      throw overCap(rules.maxBytes);
    }
    let failure: AppError | null = null;
    const source = response.body;
    async function* capped(): AsyncGenerator<Buffer> {
      let bytes = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > rules.maxBytes) {
          failure = overCap(rules.maxBytes);
          throw failure;
        }
        yield chunk;
      }
    }
    return {
      url: current,
      size,
      contentType: header(response.headers['content-type']),
      contentDisposition: header(response.headers['content-disposition']),
      body: capped(),
      failure: () => failure,
    };
  }
}

function header(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

import type { ErrorResponse } from '@filestore/contract';
import { useSession } from './session';

/** A failed call, carrying the server's stable error code (see contract errors.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** First server message for a form field, if any. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The response body's type is the caller's type argument, from the contract. It is not checked at
 * run time: the server validates what it sends against the same contract (its serialisers are
 * typed by it), and zod's runtime would be the largest library on every screen.
 */
interface RequestOptions {
  body?: unknown;
  /** Do not mark the session unauthorised on 401 (for calls made while signing in). */
  ignoreUnauthorised?: boolean;
  signal?: AbortSignal;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

async function refreshCsrfCookie(): Promise<void> {
  await fetch('/api/ping', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
}

/** The XSRF token to echo (double-submit CSRF), fetching the cookie first when there is none. */
export async function xsrfToken(): Promise<string> {
  if (!readCookie('XSRF-TOKEN')) await refreshCsrfCookie();
  return readCookie('XSRF-TOKEN') ?? '';
}

let inFlight = 0;

/** Calls to the API not answered yet (see lib/idle.ts: optional chunks wait for a quiet network). */
export function apiCallsInFlight(): number {
  return inFlight;
}

async function send(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  inFlight += 1;
  try {
    return await sendNow(method, path, body, signal);
  } finally {
    inFlight -= 1;
  }
}

async function sendNow(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    // Double-submit CSRF: the server compares this header with its XSRF-TOKEN cookie.
    headers['X-XSRF-TOKEN'] = await xsrfToken();
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  const raw = (await response.json().catch(() => null)) as Partial<ErrorResponse> | null;
  if (raw && typeof raw.code === 'string' && typeof raw.message === 'string') {
    const { code, message, errors, details } = raw;
    return new ApiError(response.status, code, message, errors ?? {}, details ?? {});
  }
  return new ApiError(
    response.status,
    response.status >= 500 ? 'internal' : 'unknown',
    response.statusText || 'Request failed',
  );
}

export async function request<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options.body, options.signal);
  if (response.status === 419) {
    // The CSRF cookie was missing or rotated: a GET refreshes it, then one retry.
    await refreshCsrfCookie();
    response = await send(method, path, options.body, options.signal);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && !options.ignoreUnauthorised) useSession.getState().markUnauthorised();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => undefined)) as T;
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  delete: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

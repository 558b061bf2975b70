import type { AppConfig } from '@filestore/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { vi } from 'vitest';
import { configQueryKey } from '../lib/config';

/** What the server answers each call with, by method and path (without the query string). */
export type Routes = Record<string, (url: URL, init: RequestInit | undefined) => { status: number; body?: unknown }>;

/** Replaces fetch with answers from `routes`; an unknown call is a 404. Returns the calls made. */
export function serve(routes: Routes): { calls: string[] } {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    const answer = routes[key]?.(url, init) ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return { calls };
}

export const testConfig = {
  locale: 'en',
  appName: 'FileStore',
  chunkSize: 64 * 1024 * 1024,
  subscriptionType: 'none',
  uploadLimitFormatted: null,
  isAuthenticated: true,
  legal: [],
  footerContent: '',
  // The human check off (useHumanCheck then gives no token) and no sign-in providers.
  recaptcha: { allowed: false, siteKey: null, scriptUrl: '' },
  socialLogins: {
    facebook: { allowed: false, configured: false },
    google: { allowed: false, configured: false },
    github: { allowed: false, configured: false },
  },
  analytics: { googleTagId: null, scriptUrl: '' },
  adsense: { clientId: null, scriptUrl: '', banner01: null, banner02: null, banner03: null },
} as unknown as AppConfig;

/** Renders `ui` as the app does (StrictMode, a query client holding the configuration). */
export function renderApp(ui: ReactElement): RenderResult & { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(configQueryKey, testConfig);
  const result = render(
    <StrictMode>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, client };
}

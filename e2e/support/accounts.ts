import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { E2E_BASE_URL } from './env.js';
import { ADMIN } from './helpers.js';

/**
 * Accounts for the journeys (ADR 0071). A journey that is not about signing up or signing in gets
 * its account from the administrator (POST /api/admin/users, the same creation and `userCreated`
 * hooks as the sign-up form) and signs in through POST /api/login, as the form does, without the
 * form: the sign-up form allows 5 accounts a minute per address, and the whole suite signs up
 * from 127.0.0.1, so it waited that limit out again and again. The administrator signs in once per
 * worker and every admin context starts from that saved sign-in state (Playwright storageState).
 * The journeys of the sign-up and sign-in screens themselves still go through the forms.
 */

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** The double-submit XSRF header for `cookies` (the XSRF-TOKEN cookie any answer sets, ADR 0002). */
function xsrfHeader(cookies: { name: string; value: string }[]) {
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' };
}

/**
 * Signs in through the API with `request` (its cookies get the session): the password step of the
 * sign-in form, which counts only failed attempts (a success resets the count).
 */
async function signInThroughApi(
  request: APIRequestContext,
  cookies: () => Promise<{ name: string; value: string }[]>,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  // A first answer leaves the XSRF-TOKEN cookie, as the page's first request does in a browser.
  if (!(await cookies()).some((c) => c.name === 'XSRF-TOKEN')) await request.get('/api/ping');
  const response = await request.post('/api/login', {
    data: { email, password },
    headers: { ...xsrfHeader(await cookies()), ...headers },
  });
  expect(response.ok(), `signing ${email} in answered ${response.status()} ${await response.text()}`).toBe(true);
}

let adminState: Promise<StorageState> | undefined;

/** The administrator's sign-in state: one sign-in per worker process, kept for every admin context. */
export function adminStorageState(): Promise<StorageState> {
  adminState ??= (async () => {
    const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
    try {
      await signInThroughApi(api, async () => (await api.storageState()).cookies, ADMIN.email, ADMIN.password);
      return await api.storageState();
    } finally {
      await api.dispose();
    }
  })().catch((error: unknown) => {
    adminState = undefined;
    throw error;
  });
  return adminState;
}

/**
 * A page in a new browser context signed in as the administrator (nothing opened yet: the caller
 * goes where it needs). Close it with `page.context().close()`.
 */
export async function adminPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, storageState: await adminStorageState() });
  return context.newPage();
}

/** Calls the admin API with the administrator's saved sign-in state; answers the JSON body. */
async function asAdmin<T>(method: string, url: string, data: unknown): Promise<T> {
  const state = await adminStorageState();
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, storageState: state });
  try {
    const response = await api.fetch(url, { method, data, headers: xsrfHeader(state.cookies) });
    expect(response.ok(), `${method} ${url} answered ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs `page`'s browser context in as `email` through the API (the browser's own user agent, so
 * the sessions list reads as the browser's), then opens Files, where the sign-up form lands.
 */
export async function signInAs(page: Page, email: string, password: string) {
  const context = page.context();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  await signInThroughApi(page.request, () => context.cookies(), email, password, { 'User-Agent': userAgent });
  await page.goto('/platform/files');
  await expect(page).toHaveURL(/\/platform\/files/);
}

/**
 * A new account made by the administrator, signed in in `page`'s browser context, on Files: what
 * `signUp` leaves, without the sign-up form and its limit. Answers the account's id.
 */
export async function newAccount(page: Page, name: string, email: string, password: string): Promise<string> {
  const made = await asAdmin<{ data: { id: string } }>('POST', '/api/admin/users', {
    name,
    email,
    password,
    password_confirmation: password,
    role: 'user',
  });
  await signInAs(page, email, password);
  return made.data.id;
}

/** A page in a new browser context signed in as `email` (an existing account), on Files. */
export async function signedInPage(
  browser: Browser,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signInAs(page, email, password);
  return page;
}

/** Gives `page`'s browser context the administrator's saved sign-in (its cookies); the page stays where it is. */
export async function useAdminSession(page: Page) {
  await page.context().addCookies((await adminStorageState()).cookies);
}

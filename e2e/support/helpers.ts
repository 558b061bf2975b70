import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { E2E_DATA_DIR } from './env.js';

export const ADMIN = { name: 'Ada Admin', email: 'admin@example.com', password: 'admin-password-1' };

/** Raw .eml files in the server's outbox, oldest first. */
export function outbox(): string[] {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

/** The first link in a mail that contains `needle`, with quoted-printable soft breaks undone. */
export function linkIn(eml: string, needle: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(new RegExp(`https?://[^\\s"<>]*${needle}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${needle} link in mail`);
  return match[0];
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await createAccount(page);
}

/**
 * Submits a filled-in sign-up form. Sign-up allows 5 attempts a minute per address and the suite makes
 * more from 127.0.0.1, so a journey may inherit the attempts of the ones before it: wait as long as the
 * server says and submit again.
 */
export async function createAccount(page: Page) {
  const limited = page.getByText(/Too many attempts\. Please wait (\d+) seconds/);
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.getByRole('button', { name: 'Create account' }).click();
    // Any other outcome (a refusal, a field error) ends both waits and fails on the URL check below.
    const outcome = await Promise.race([
      page.waitForURL(/\/platform\/files/, { timeout: 30_000 }).then(
        () => 'signed-up',
        () => 'gone',
      ),
      limited.waitFor({ timeout: 30_000 }).then(
        () => 'limited',
        () => 'gone',
      ),
    ]);
    if (outcome !== 'limited') break;
    const seconds = Number(/(\d+) seconds/.exec((await limited.textContent()) ?? '')?.[1] ?? 10) + 1;
    test.info().setTimeout(test.info().timeout + seconds * 1000);
    await page.waitForTimeout(seconds * 1000);
  }
  await expect(page).toHaveURL(/\/platform\/files/);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A real drop from the desktop onto the listing (Chromium builds the file-system entries from these
 * paths): at the middle of the content area, or `fromBottom` pixels above its bottom edge where a
 * row in the middle would take the drop into its folder.
 */
export async function dropFromDesktop(page: Page, paths: string[], { fromBottom }: { fromBottom?: number } = {}) {
  const box = await page.locator('main#content').boundingBox();
  if (!box) throw new Error('no content area');
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const at = { x: box.x + box.width / 2, y: fromBottom ? box.y + box.height - fromBottom : box.y + box.height / 2 };
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data });
  for (let i = 0; i < 3; i++) {
    await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
    await page.waitForTimeout(150);
  }
  await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data });
}

/** The entry names of a zip file, sorted. */
export function zipListing(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * Calls the API as the signed-in browser (its cookies, plus the CSRF header read from XSRF-TOKEN)
 * and expects success; answers the JSON body, or null for 204.
 */
export async function apiCall<T = unknown>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, data, headers: await apiHeaders(page) });
  expect(response.ok(), `${method} ${url} answered ${response.status()}`).toBeTruthy();
  return (response.status() === 204 ? null : await response.json()) as T;
}

export async function apiHeaders(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' };
}

/** A folder made through the API; answers its id. */
export async function seedFolder(page: Page, name: string, parentId: string | null = null): Promise<string> {
  return (await apiCall<{ data: { id: string } }>(page, 'POST', '/api/create-folder', { name, parent_id: parentId }))
    .data.id;
}

/** A small text file uploaded in one chunk through the API; answers its id. */
export async function seedFile(
  page: Page,
  name: string,
  text: string,
  parentId: string | null = null,
): Promise<string> {
  const response = await page.request.post('/api/upload/chunks', {
    headers: await apiHeaders(page),
    multipart: {
      name,
      extension: name.split('.').pop() ?? '',
      is_last_chunk: '1',
      ...(parentId ? { parent_id: parentId } : {}),
      chunk: { name, mimeType: 'text/plain', buffer: Buffer.from(text) },
    },
  });
  expect(response.ok(), `upload answered ${response.status()}`).toBeTruthy();
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/**
 * The accessible name of a listing's item called `name`: the name, then what its row shows under it
 * (size or item count, date), as WCAG 2.5.3 label in name asks. Matches that one item, not
 * "name 2" or a longer name starting the same.
 */
export const itemName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `);

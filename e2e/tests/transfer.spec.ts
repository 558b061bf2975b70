import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { dropFromDesktop, uniqueEmail, zipListing, itemName } from '../support/helpers.js';
import { E2E_S3, E2E_S3_SKIPPED } from '../support/env.js';
import { adminPage, newAccount } from '../support/accounts.js';

// The S3 run (E2E_STORAGE=s3) without an S3 server: listed as skipped, with the reason.
test.skip(E2E_S3_SKIPPED !== null, E2E_S3_SKIPPED ?? '');

/**
 * Transfer journeys: chunked upload through the picker, folder drops, downloads and zips, the
 * preview overlay, Ctrl+K search and a quota refusal, all against the real server.
 */

const MiB = 1024 * 1024;

async function call(page: Page, method: string, url: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(response.ok(), `${method} ${url} answered ${response.status()}`).toBeTruthy();
  return response.status() === 204 ? null : ((await response.json()) as unknown);
}

/** A second browser context signed in as the admin, for settings and capacities. */
const asAdmin = (browser: Browser): Promise<Page> => adminPage(browser);

async function newUser(page: Page, prefix: string) {
  await newAccount(page, `${prefix} Transfer`, uniqueEmail(prefix), 'transfer-password-1');
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
}

const row = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const uploads = (page: Page) => page.getByRole('region', { name: 'Uploads' });

/** Chooses files through the header's Upload menu, as a user would. */
async function pick(
  page: Page,
  entry: 'Upload files' | 'Upload a folder',
  files: Parameters<Page['setInputFiles']>[1],
) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('button', { name: /^Upload( files)?$/ })
    .first()
    .click();
  await page.getByRole('menu').getByText(entry, { exact: true }).click();
  await (await chooser).setFiles(files);
}

/** A solid-colour PNG, so thumbnails and previews have a real picture to work on. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) line.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => line));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('transfer', () => {
  // @global: it sets the server's chunk size, which every upload meanwhile would use (ADR 0071).
  test(
    'a 14 MB file goes up in three 6 MB chunks and downloads byte for byte',
    { tag: '@global' },
    async ({ page, browser }) => {
      const admin = await asAdmin(browser);
      const settings = (await call(admin, 'GET', '/api/admin/settings')) as { data: { chunk_size?: unknown } };
      const previous = settings.data.chunk_size ?? 64;
      await call(admin, 'PATCH', '/api/admin/settings', { name: 'chunk_size', value: 6 });
      try {
        await newUser(page, 'chunky');
        const bytes = randomBytes(14 * MiB);
        const chunks: number[] = [];
        page.on('response', (response) => {
          if (response.url().endsWith('/api/upload/chunks')) chunks.push(response.status());
        });

        await pick(page, 'Upload files', {
          name: 'holiday film.bin',
          mimeType: 'application/octet-stream',
          buffer: bytes,
        });

        const panel = uploads(page);
        await expect(panel).toBeVisible();
        await expect(panel.getByText('1 upload complete')).toBeVisible({ timeout: 30_000 });
        await expect(row(page, 'holiday film.bin')).toBeVisible();
        // 14 MiB in 6 MB chunks: two answered "continue" (200), the last created the file (201).
        expect(chunks).toEqual([200, 200, 201]);

        // Download it from the preview (a file without a preview offers the download there).
        await row(page, 'holiday film.bin').dblclick();
        const preview = page.getByRole('dialog', { name: 'holiday film.bin' });
        await expect(preview.getByText('No preview for this file')).toBeVisible();
        const downloading = page.waitForEvent('download');
        await preview.getByRole('button', { name: 'Download' }).last().click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe('holiday film.bin');
        expect(readFileSync((await download.path()) ?? '').equals(bytes)).toBe(true);
        // On S3 the browser followed the redirect to the bucket (S3_DIRECT_DOWNLOADS).
        if (E2E_S3) expect(download.url()).toMatch(new RegExp(`^${E2E_S3.endpoint}/${E2E_S3.bucket}/files/`));
        await page.keyboard.press('Escape');
        await expect(preview).toBeHidden();

        // The storage page counts it.
        await page.goto('/user/settings/storage');
        await expect(page.getByText(/^14\.7 MB of .+ used$/)).toBeVisible();
        await expect(page.getByRole('progressbar', { name: /Storage used/ })).toBeVisible();
      } finally {
        await call(admin, 'PATCH', '/api/admin/settings', { name: 'chunk_size', value: previous });
      }
    },
  );

  test('a folder dropped from the desktop keeps its tree, and comes back as a zip', async ({ page }) => {
    await newUser(page, 'dropper');
    const root = mkdtempSync(path.join(os.tmpdir(), 'filestore-drop-'));
    const trip = path.join(root, 'Trip 2024');
    mkdirSync(path.join(trip, 'Day 1', 'Raw'), { recursive: true });
    mkdirSync(path.join(trip, 'Empty', 'Still empty'), { recursive: true });
    writeFileSync(path.join(trip, 'notes.txt'), 'Pack the tent.\n');
    writeFileSync(path.join(trip, 'Day 1', 'beach.png'), png(320, 200, [14, 165, 233]));
    writeFileSync(path.join(trip, 'Day 1', 'Raw', 'beach.raw'), randomBytes(2048));
    writeFileSync(path.join(root, 'loose.txt'), 'On its own.\n');

    await dropFromDesktop(page, [trip, path.join(root, 'loose.txt')]);
    await expect(uploads(page).getByText('4 uploads complete')).toBeVisible({ timeout: 30_000 });
    await expect(row(page, 'loose.txt')).toBeVisible();

    await row(page, 'Trip 2024').dblclick();
    await expect(page).toHaveURL(/\/platform\/files\/[0-9a-f-]{36}$/);
    for (const name of ['Day 1', 'Empty', 'notes.txt']) await expect(row(page, name)).toBeVisible();
    await row(page, 'Day 1').dblclick();
    for (const name of ['Raw', 'beach.png']) await expect(row(page, name)).toBeVisible();
    await row(page, 'Raw').dblclick();
    await expect(row(page, 'beach.raw')).toBeVisible();

    // Back at the root, the folder downloads as one zip with the same tree.
    await page.goto('/platform/files');
    await row(page, 'Trip 2024').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(await zipListing((await download.path()) ?? '')).toEqual([
      'Trip 2024/Day 1/Raw/beach.raw',
      'Trip 2024/Day 1/beach.png',
      'Trip 2024/Empty/Still empty/',
      'Trip 2024/notes.txt',
    ]);
  });

  test('Ctrl+K finds a file and opens it in its folder', async ({ page }) => {
    await newUser(page, 'seeker');
    const folder = (await call(page, 'POST', '/api/create-folder', { name: 'Recipes' })) as { data: { id: string } };
    await page.goto(`/platform/files/${folder.data.id}`);
    await pick(page, 'Upload files', {
      name: 'lemon-tart.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Lemon tart\n\nZest two lemons.\n'),
    });
    await expect(row(page, 'lemon-tart.md')).toBeVisible();

    await page.goto('/platform/files');
    await expect(row(page, 'Recipes')).toBeVisible();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search' });
    await expect(search).toBeFocused();
    // An extension finds the file; a short query that finds nothing says what short queries match.
    await search.fill('md');
    await expect(page.getByRole('option', { name: /lemon-tart\.md/ })).toBeVisible();
    await search.fill('qz');
    await expect(
      page.getByText('One or two characters find names, and words in them, that start with them'),
    ).toBeVisible();
    await search.fill('lemon');
    const result = page.getByRole('option', { name: /lemon-tart\.md/ });
    await expect(result).toBeVisible();
    await expect(result).toContainText('in Recipes');
    await expect(search).toHaveAttribute('aria-activedescendant', (await result.getAttribute('id')) ?? '');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/platform/files/${folder.data.id}`));
    const preview = page.getByRole('dialog', { name: 'lemon-tart.md' });
    await expect(preview.getByText('Zest two lemons.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row(page, 'lemon-tart.md')).toBeVisible();
  });

  test('an image preview steps to the next and previous picture', async ({ page }) => {
    await newUser(page, 'viewer');
    await pick(page, 'Upload files', [
      { name: 'a-red.png', mimeType: 'image/png', buffer: png(320, 200, [220, 38, 38]) },
      { name: 'b-green.png', mimeType: 'image/png', buffer: png(200, 320, [22, 163, 74]) },
      { name: 'c-blue.png', mimeType: 'image/png', buffer: png(300, 300, [37, 99, 235]) },
    ]);
    await expect(uploads(page).getByText('3 uploads complete')).toBeVisible({ timeout: 30_000 });

    await row(page, 'b-green.png').dblclick();
    const dialog = page.getByRole('dialog');
    const picture = (name: string) => dialog.getByRole('img', { name, exact: true });
    await expect(dialog).toHaveAccessibleName('b-green.png');
    await expect(picture('b-green.png')).toBeVisible();
    // The picture really arrived (a thumbnail or the original), not just an empty frame.
    await expect
      .poll(() => picture('b-green.png').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const position = dialog.getByRole('heading').locator('xpath=following-sibling::p');
    const where = await position.innerText();

    await page.keyboard.press('ArrowRight');
    const next = await dialog.locator('h2').innerText();
    expect(next).not.toBe('b-green.png');
    await expect(picture(next)).toBeVisible();
    await dialog.getByRole('button', { name: 'Previous file' }).click();
    await expect(dialog).toHaveAccessibleName('b-green.png');
    await expect(position).toHaveText(where);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a file over the quota is refused with the exceed-limit popup and nothing is stored', async ({
    page,
    browser,
  }) => {
    await newUser(page, 'tight');
    const me = (await call(page, 'GET', '/api/user')) as { data: { id: string } };
    const admin = await asAdmin(browser);
    await call(admin, 'PATCH', `/api/admin/users/${me.data.id}/capacity`, { capacity: 0.001 });
    await page.reload();

    await pick(page, 'Upload files', {
      name: 'too-big.bin',
      mimeType: 'application/octet-stream',
      buffer: randomBytes(2 * MiB),
    });

    const popup = page.getByRole('alertdialog', { name: 'You’ve run out of storage space' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('There isn’t enough space left in your account');
    await popup.getByRole('button', { name: 'OK, got it' }).click();
    await expect(uploads(page).getByText('1 upload failed')).toBeVisible();
    await expect(uploads(page).getByText('Not enough storage space')).toBeVisible();

    const listing = (await call(page, 'GET', '/api/browse/folders/all')) as { data: unknown[] };
    expect(listing.data).toHaveLength(0);
    const storage = (await call(page, 'GET', '/api/user/storage')) as { data: { attributes: { used: number } } };
    expect(storage.data.attributes.used).toBe(0);
  });
});

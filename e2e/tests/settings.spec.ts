import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPage } from '../support/accounts.js';
import { apiCall } from '../support/helpers.js';

/**
 * The admin's appearance and other settings tabs (issue 16 point 3, ADR 0043): a new name, colour
 * and logo reach a signed-out visitor's sign-in page at once; a lower upload limit refuses a larger
 * file with the limit said. Each journey puts the settings back, as later journeys expect them.
 * E2E_SHOTS=1 saves screenshots of the tabs in light, dark and on a phone.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SHOTS, `settings-${name}.png`), fullPage: true });
}

const signedInAdmin = (browser: Browser) => adminPage(browser, { viewport: { width: 1280, height: 900 } });

type Settings = Record<string, unknown>;
const readSettings = async (page: Page) => (await apiCall<{ data: Settings }>(page, 'GET', '/api/admin/settings')).data;
const writeSetting = (page: Page, name: string, value: unknown) =>
  apiCall(page, 'PATCH', '/api/admin/settings', { name, value });

/** A logo-like picture: a violet rounded square on transparency, wider than tall. */
const logoPng = () =>
  sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" rx="70" fill="#7C3AED"/></svg>',
        ),
        left: 150,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

test('the admin renames the app, recolours it and uploads a logo, and the signed-out sign-in page shows them', async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const before = await readSettings(admin);
  try {
    await admin.goto('/admin/settings/appearance');
    await expect(
      admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Appearance' }),
    ).toHaveAttribute('aria-current', 'page');
    await admin.getByLabel('App name').fill('Northwind Files');
    await admin.getByLabel('Accent colour', { exact: true }).fill('#7C3AED');
    await admin.getByRole('button', { name: 'Save name and colour' }).click();
    await expect(admin.getByText('Saved. The new name and colour show on every page from now on.')).toBeVisible();

    // A wrong colour is said under the field, and nothing is sent.
    await admin.getByLabel('Accent colour', { exact: true }).fill('violet');
    await admin.getByRole('button', { name: 'Save name and colour' }).click();
    await expect(admin.getByText('Enter a colour as # followed by six hex digits, like #00BC7E.')).toBeVisible();
    await admin.getByLabel('Accent colour', { exact: true }).fill('#7C3AED');

    // An SVG is refused before it is sent; a PNG is drawn again and shown.
    let chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: 'Upload: Logo', exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: 'evil.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg onload="alert(1)"/>') });
    await expect(admin.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
    chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: 'Upload: Logo', exact: true }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(admin.getByText('Logo updated.')).toBeVisible();
    await expect(admin.locator('[data-image-setting="app_logo"] img')).toHaveAttribute('src', /\/api\/appearance\//);
    await expect(admin.getByRole('button', { name: 'Remove: Logo' })).toBeVisible();

    chooser = admin.waitForEvent('filechooser');
    await admin.getByRole('button', { name: 'Upload: Favicon', exact: true }).click();
    await (await chooser).setFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(admin.getByText('Favicon updated.')).toBeVisible();
    await shoot(admin, 'appearance');

    // A visitor, signed out, in a browser that never saw the admin's pages.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/sign-in');
    await expect(visitor).toHaveTitle(/Northwind Files/);
    const header = visitor.getByRole('link', { name: 'Northwind Files home' });
    await expect(header).toContainText('Northwind Files');
    const logo = header.locator('img');
    await expect(logo).toHaveAttribute('src', /^\/api\/appearance\/[0-9a-f-]+\.webp$/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/api\/appearance\/[0-9a-f-]+\.png$/);
    expect(
      await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()),
    ).toBe('#7C3AED');
    await visitorContext.close();
  } finally {
    await apiCall(admin, 'DELETE', '/api/admin/settings/images/app_logo');
    await apiCall(admin, 'DELETE', '/api/admin/settings/images/app_favicon');
    await writeSetting(admin, 'app_title', before.app_title);
    await writeSetting(admin, 'app_color', before.app_color);
    await admin.context().close();
  }
});

test('the admin lowers the upload limit and a larger file is refused with the limit said', async ({ browser }) => {
  const admin = await signedInAdmin(browser);
  const before = await readSettings(admin);
  try {
    await admin.goto('/admin/settings/others');
    await admin.getByLabel('Largest file (MB)').fill('1');
    await admin.getByRole('textbox', { name: 'Blocked file types' }).fill('exe');
    await admin.getByRole('textbox', { name: 'Blocked file types' }).press('Enter');
    await expect(admin.getByRole('button', { name: 'Remove exe' })).toBeVisible();
    await admin.getByRole('button', { name: 'Save' }).last().click();
    await expect(admin.getByText('Saved.', { exact: true })).toBeVisible();
    expect(await readSettings(admin)).toMatchObject({ upload_limit: 1, mimetypes_blacklist: ['exe'] });
    await shoot(admin, 'others');

    await admin.goto('/platform/files');
    const chooser = admin.waitForEvent('filechooser');
    await admin
      .getByRole('button', { name: /^Upload( files)?$/ })
      .first()
      .click();
    await admin.getByRole('menu').getByText('Upload files', { exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(2_000_000, 7) });
    const alert = admin.getByRole('alertdialog');
    await expect(alert.getByText('This file is too large')).toBeVisible();
    await expect(alert.getByText('Files can be at most 1 MB on this server.')).toBeVisible();

    // The server says the same to a client that does not check first.
    const xsrf = (await admin.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const refused = await admin.request.post('/api/upload/chunks', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
      multipart: {
        name: 'big.bin',
        is_last_chunk: '1',
        chunk: { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(2_000_000, 7) },
      },
    });
    expect(refused.status()).toBe(413);
    expect((await refused.json()).message).toContain('1 MB');
  } finally {
    await writeSetting(admin, 'upload_limit', before.upload_limit);
    await writeSetting(admin, 'mimetypes_blacklist', before.mimetypes_blacklist);
    await admin.context().close();
  }
});

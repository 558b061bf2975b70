import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, itemName } from '../support/helpers.js';
import { E2E_S3_SKIPPED } from '../support/env.js';
import { newAccount } from '../support/accounts.js';

test.skip(E2E_S3_SKIPPED !== null, E2E_S3_SKIPPED ?? '');

/**
 * Remote upload (issue 13): two links served by a node:http server on loopback (the e2e server runs
 * with REMOTE_UPLOAD_ALLOW_PRIVATE=true, see playwright.config.ts), the popup, the progress bar
 * and the files in the folder, then the batch's notification arriving live over the websocket.
 */

const SHOTS = process.env.REMOTE_SHOTS;
let origin: http.Server;
let base = '';

test.beforeAll(async () => {
  origin = http.createServer((req, res) => {
    // A little slow, so the bar shows its steps.
    setTimeout(() => {
      if (req.url === '/report') {
        res.writeHead(200, {
          'content-type': 'text/plain',
          'content-disposition': 'attachment; filename="Quarterly report.txt"',
        });
        res.end('numbers\n'.repeat(1000));
      } else if (req.url === '/img/cat.png') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(20_000, 7));
      } else {
        res.writeHead(404).end();
      }
    }, 700);
  });
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
});

async function openPopup(page: Page) {
  await page
    .getByRole('button', { name: /^Upload( files)?$/ })
    .first()
    .click();
  await page.getByRole('menu').getByText('Upload from links', { exact: true }).click();
  return page.getByRole('dialog', { name: 'Upload from links' });
}

test('remote upload of two links: the popup, the progress bar and the files in the folder', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newAccount(page, 'Remy Remote', uniqueEmail('remote'), 'remote-password-1');
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/platform\/files/);

  const dialog = await openPopup(page);
  const links = dialog.getByLabel('Links');
  await links.fill('not a link');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Line 1 isn’t a full link');
  await links.fill(`${base}/report\n${base}/img/cat.png`);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/popup-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/popup-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();

  const bar = page.getByRole('region', { name: 'Upload from links' });
  await expect(bar.getByRole('progressbar')).toBeVisible();
  await expect(bar.getByTestId('remote-upload-counts')).toContainText(/[01] of 2 processed/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/progress-light.png` });
  await expect(bar.getByTestId('remote-upload-counts')).toHaveText('2 of 2 processed', { timeout: 20_000 });
  await expect(bar).toContainText('Upload from links finished');
  if (SHOTS) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/done-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await expect(page.getByRole('option', { name: itemName('Quarterly report.txt') })).toBeVisible();
  await expect(page.getByRole('option', { name: itemName('cat.png') })).toBeVisible();

  // The batch leaves one notification, live: the bell counts it without a reload.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await bell.click();
  const center = page.getByRole('dialog', { name: 'Notifications' });
  await expect(center.getByRole('article').filter({ hasText: 'Upload from links finished' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();

  // A link that fails shows in the bar with its reason.
  await page.setViewportSize({ width: 390, height: 844 });
  const again = await (async () => {
    // Phones: the floating "+" button opens the same menu.
    await page.getByRole('button', { name: 'Upload or create' }).click();
    await page.getByRole('menu').getByText('Upload from links', { exact: true }).click();
    return page.getByRole('dialog', { name: 'Upload from links' });
  })();
  await again.getByLabel('Links').fill(`${base}/missing`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/popup-phone-light.png` });
  await again.getByRole('button', { name: 'Upload' }).click();
  const failed = page.getByRole('region', { name: 'Upload from links' }).last();
  await expect(failed.getByTestId('remote-upload-counts')).toHaveText('1 of 1 processed · 1 failed', {
    timeout: 20_000,
  });
  await failed.getByRole('button', { name: 'What failed' }).click();
  await expect(failed).toContainText('The server answered 404.');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/failed-phone-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/failed-phone-dark.png` });
  }
});

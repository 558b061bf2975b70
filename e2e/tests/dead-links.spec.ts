import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/**
 * Links that stopped working say what happened — removed, expired, closed — and nothing about
 * whose they were; only a link that never existed is "not found". E2E_SHOTS=1 saves screenshots.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const dark = (on: boolean) => page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
  await dark(false);
  await page.screenshot({ path: path.join(SHOTS, `${name}-light.png`) });
  await dark(true);
  await page.screenshot({ path: path.join(SHOTS, `${name}-dark.png`) });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await dark(false);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`) });
  if (size) await page.setViewportSize(size);
}

/** Someone with the link only: no session, no cookies. */
async function stranger(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.addInitScript(() =>
    localStorage.setItem(
      'filestore.preferences',
      JSON.stringify({ state: { cookieDisclaimerDismissed: true }, version: 1 }),
    ),
  );
  return page;
}

async function owner(page: Page, name: string) {
  await newAccount(page, name, uniqueEmail(name.split(' ')[0]!.toLowerCase()), 'dead-links-password-1');
  const folder = await apiCall<{ data: { id: string } }>(page, 'POST', '/api/create-folder', {
    name: 'Quarterly figures',
  });
  return folder.data.id;
}

test('a share link its owner removed says so, and names no one', async ({ page, browser }) => {
  const folderId = await owner(page, 'Mira Owner');
  const created = await apiCall<{ data: { attributes: { token: string } } }>(page, 'POST', '/api/share', {
    id: folderId,
    type: 'folder',
    permission: 'visitor',
  });
  const { token } = created.data.attributes;
  const guest = await stranger(browser);
  await guest.goto(`/share/${token}`);
  await expect(guest.getByRole('heading', { name: 'Quarterly figures' })).toBeVisible();

  await apiCall(page, 'POST', '/api/share/revoke', { tokens: [token] });
  await guest.goto(`/share/${token}`);
  await expect(guest.getByRole('heading', { name: 'This link was removed' })).toBeVisible();
  await expect(guest.getByText('Whoever shared it has stopped sharing.')).toBeVisible();
  await expect(guest.locator('body')).not.toContainText(/Mira|Quarterly/);
  await expect(guest.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await shoot(guest, 'dead-share-removed');

  // The password page of a removed link says the same.
  await guest.goto(`/share/${token}/authenticate`);
  await expect(guest.getByRole('heading', { name: 'This link was removed' })).toBeVisible();

  // A link that never was is simply not found.
  await guest.goto('/share/never-was-a-link-0000000000');
  await expect(guest.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await guest.context().close();
});

test('an expired share link says it expired', async ({ page, browser }) => {
  const folderId = await owner(page, 'Eli Owner');
  const created = await apiCall<{ data: { attributes: { token: string } } }>(page, 'POST', '/api/share', {
    id: folderId,
    type: 'folder',
    permission: 'visitor',
    expiration: 1,
  });
  const { token } = created.data.attributes;
  const guest = await stranger(browser);
  // An hour cannot pass in a test: the server's answer for an expired link (its own tests check it
  // gives it) stands in for the real one.
  await guest.route(`**/api/sharing/${token}`, (route) =>
    route.fulfill({ status: 410, json: { code: 'share.expired', message: 'This link has expired.' } }),
  );
  await guest.goto(`/share/${token}`);
  await expect(guest.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await shoot(guest, 'dead-share-expired');
  await guest.context().close();
});

test('a closed upload request says it is complete, an expired one that it expired', async ({ page, browser }) => {
  await newAccount(page, 'Nadia Owner', uniqueEmail('nadia'), 'dead-links-password-1');
  const make = () =>
    apiCall<{ data: { attributes: { token: string } } }>(page, 'POST', '/api/file-request', { name: 'Receipts' });
  const closed = (await make()).data.attributes.token;
  const expired = (await make()).data.attributes.token;

  // Closed: the guest pressed Done; the link takes nothing more and says so.
  const guest = await stranger(browser);
  await guest.goto(`/request/${closed}/upload`);
  await expect(guest.getByRole('heading', { name: /asks you to upload files/ })).toBeVisible();
  await apiCall(guest, 'DELETE', `/api/file-request/${closed}`);
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Thanks, this request is complete' })).toBeVisible();
  await shoot(guest, 'dead-request-closed');

  // Expired (72 hours unused): the server's own answer with the status it then gives.
  await guest.route(`**/api/file-request/${expired}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { attributes: { status: string } } };
    body.data.attributes.status = 'expired';
    await route.fulfill({ response, json: body });
  });
  await guest.goto(`/request/${expired}/upload`);
  await expect(guest.getByRole('heading', { name: 'This request has expired' })).toBeVisible();
  await shoot(guest, 'dead-request-expired');
  await guest.context().close();
});

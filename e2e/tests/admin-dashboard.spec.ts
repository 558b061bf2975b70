import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, signedInPage } from '../support/accounts.js';
import { apiCall, seedFile, uniqueEmail } from '../support/helpers.js';

/**
 * The admin dashboard and the server tab (issue 16, ADR 0042): after a user uploads and downloads
 * a file, the admin sees the traffic of the day, the user among the newest, and the server's
 * health; the server tab shows the checks, the jobs' heartbeats and the configuration.
 * E2E_SHOTS=dir saves screenshots there in light, dark and on a phone.
 */

const SHOTS = process.env.E2E_SHOTS ?? null;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const DESKTOP = { viewport: { width: 1440, height: 900 } };

interface Dashboard {
  data: { traffic: { days: { day: string; upload: number; download: number }[] } };
}

const todayLabel = () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());

test('the admin sees a user’s upload and download on the dashboard, and the server’s status', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser, DESKTOP);
  const before = (await apiCall<Dashboard>(admin, 'GET', '/api/admin/dashboard')).data.traffic.days.at(-1);

  const email = uniqueEmail('dana');
  await apiCall(admin, 'POST', '/api/admin/users', {
    name: 'Dana Dashboard',
    email,
    password: 'dana-password-1',
    password_confirmation: 'dana-password-1',
    role: 'user',
  });
  const user = await signedInPage(browser, email, 'dana-password-1', DESKTOP);
  const id = await seedFile(user, 'report.txt', 'x'.repeat(12_345));
  const download = await user.request.get(`/api/files/${id}/download`);
  expect(download.status()).toBe(200);
  expect((await download.body()).length).toBe(12_345);

  // The counts reach the table within about a second.
  await expect
    .poll(async () => (await apiCall<Dashboard>(admin, 'GET', '/api/admin/dashboard')).data.traffic.days.at(-1))
    .toEqual({
      day: new Date().toISOString().slice(0, 10),
      upload: (before?.upload ?? 0) + 12_345,
      download: (before?.download ?? 0) + 12_345,
    });

  await admin.goto('/admin/dashboard');
  await expect(admin.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(admin.getByRole('img', { name: /^Traffic per day from/ })).toBeVisible();
  await admin.getByText('Show the numbers').click();
  const today = admin.getByRole('row', { name: new RegExp(`^${todayLabel()}`) });
  await expect(today).toBeVisible();
  await expect(today.getByRole('cell').first()).not.toHaveText('0 B');
  const newest = admin.getByRole('list', { name: 'Newest users' });
  await expect(newest.getByRole('link').first()).toContainText('Dana Dashboard');
  const health = admin.getByRole('list', { name: 'Server health' });
  await expect(health.getByRole('listitem').filter({ hasText: 'Database' })).toContainText('OK');
  await expect(health.getByRole('listitem').filter({ hasText: 'Storage' })).toContainText('OK');
  await expect(health.getByRole('listitem').filter({ hasText: 'Background jobs' })).toBeVisible();
  await shoot(admin, 'dashboard-light');

  await newest.getByRole('link').first().click();
  await expect(admin).toHaveURL(/\/admin\/user\/[0-9a-f-]+\/details$/);
  await expect(admin.getByRole('heading', { name: 'Dana Dashboard' })).toBeVisible();

  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: 'Server details' }).click();
  await expect(admin).toHaveURL(/\/admin\/settings\/server$/);
  await expect(admin.getByRole('heading', { name: 'Health', exact: true })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Background jobs' }).getByRole('row', { name: /user-deletions/ }),
  ).toBeVisible();
  const config = admin.getByRole('table', { name: 'Running configuration' });
  await expect(config.getByRole('row', { name: /^DATA_DIR/ })).toBeVisible();
  await expect(config.getByRole('row', { name: /^storage\.driver/ })).toContainText(/local|s3/);
  await admin.getByRole('button', { name: 'Check again' }).click();
  await expect(admin.getByRole('list', { name: 'Health' }).getByRole('listitem').first()).toContainText('OK');
  await shoot(admin, 'server-light');

  if (SHOTS) {
    for (const [name, options] of [
      // Tall windows: the admin area scrolls inside its own pane, which a full-page shot misses.
      ['tall', { viewport: { width: 1440, height: 2000 } }],
      ['dark', { colorScheme: 'dark' as const, viewport: { width: 1440, height: 2000 } }],
      ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
      ['phone-tall-dark', { colorScheme: 'dark' as const, viewport: { width: 390, height: 3000 }, isMobile: true }],
    ] as const) {
      const page = await adminPage(browser, { ...DESKTOP, ...options });
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
      await shoot(page, `dashboard-${name}`);
      await page.goto('/admin/settings/server');
      await expect(page.getByRole('heading', { name: 'Health', exact: true })).toBeVisible();
      await shoot(page, `server-${name}`);
      await page.context().close();
    }
  }
});

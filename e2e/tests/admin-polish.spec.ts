import { expect, test } from '@playwright/test';
import { adminPage, signedInPage } from '../support/accounts.js';
import { apiCall, seedFile, uniqueEmail } from '../support/helpers.js';

/**
 * Small things of the admin area (issue 41 point 15): the "Add a language" dialog keeps its
 * content off its edges, Payments is headed by its name, and the dashboard's traffic card fills
 * the height its row gives it instead of leaving a blank under the chart. None changes a setting.
 */

const DESKTOP = { viewport: { width: 1440, height: 900 } };

interface Dashboard {
  data: { traffic: { upload_total: number } };
}

test('the “Add a language” dialog keeps its content off its edges', async ({ browser }) => {
  const admin = await adminPage(browser, DESKTOP);
  await admin.goto('/admin/language');
  await admin.getByRole('button', { name: 'Add a language' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a language' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const title = (await dialog.getByRole('heading', { name: 'Add a language' }).boundingBox())!;
  const add = (await dialog.getByRole('button', { name: 'Add a language' }).boundingBox())!;
  expect(title.x - box.x, 'space left of the title').toBeGreaterThanOrEqual(16);
  expect(title.y - box.y, 'space above the title').toBeGreaterThanOrEqual(16);
  expect(box.x + box.width - (add.x + add.width), 'space right of the button').toBeGreaterThanOrEqual(16);
  expect(box.y + box.height - (add.y + add.height), 'space under the button').toBeGreaterThanOrEqual(16);
  // The language offered first shows in the select (the form's empty default used to blank it).
  const choice = dialog.getByLabel('Language', { exact: true });
  expect(await choice.evaluate((select: HTMLSelectElement) => select.selectedIndex)).toBeGreaterThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Admin → Payments is headed “Payments”, its first tab “Seller details”', async ({ browser }) => {
  const admin = await adminPage(browser, DESKTOP);
  await admin.goto('/admin/payments');
  await expect(admin).toHaveURL(/\/admin\/payments\/billings$/);
  await expect(admin.getByRole('heading', { name: 'Seller details' })).toBeVisible();
  const tabs = admin.getByRole('navigation', { name: 'Payment settings' });
  await expect(tabs.getByRole('link', { name: 'Seller details' })).toBeVisible();
  await expect(admin.getByText('Billings', { exact: true })).toHaveCount(0);
  await expect(admin).toHaveTitle(/^Payments/);
});

test('the dashboard’s traffic card fills its row, with no blank under the chart', async ({ browser }) => {
  const admin = await adminPage(browser, DESKTOP);
  // Some traffic, so the card shows its chart (an upload counts at once, or within a second).
  const email = uniqueEmail('tess');
  await apiCall(admin, 'POST', '/api/admin/users', {
    name: 'Tess Traffic',
    email,
    password: 'tess-password-1',
    password_confirmation: 'tess-password-1',
    role: 'user',
  });
  const user = await signedInPage(browser, email, 'tess-password-1', DESKTOP);
  await seedFile(user, 'traffic.txt', 'x'.repeat(4096));
  await expect
    .poll(async () => (await apiCall<Dashboard>(admin, 'GET', '/api/admin/dashboard')).data.traffic.upload_total)
    .toBeGreaterThan(0);

  await admin.goto('/admin/dashboard');
  const card = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Traffic', exact: true }) });
  await expect(card.getByRole('img', { name: /^Traffic per day from/ })).toBeVisible();
  const health = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Server health' }) });
  await expect(health.getByRole('listitem').first()).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  const healthBox = (await health.boundingBox())!;
  const last = (await card.locator('details').boundingBox())!;
  // Side by side in one row, and under the chart's last line only the card's own padding (24 px).
  expect(Math.abs(cardBox.y - healthBox.y)).toBeLessThan(2);
  expect(cardBox.y + cardBox.height - (last.y + last.height)).toBeLessThanOrEqual(32);
});

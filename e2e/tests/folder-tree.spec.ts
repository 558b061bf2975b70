import { expect, test } from '@playwright/test';
import { seedFolder, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/** The navigator's folder tree (spec §8, ADR 0072). */
test('a folder tree that fails to load shows an error and a retry, not the empty account text', async ({ page }) => {
  test.setTimeout(90_000);
  await newAccount(page, 'Tina Tree', uniqueEmail('tina'), 'tree-password-1');
  await seedFolder(page, 'Quarterly reports');
  await page.route('**/api/browse/navigation/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"x"}' }),
  );
  await page.goto('/platform/files');
  const nav = page.getByRole('navigation').filter({ hasText: 'Folders' }).first();
  // The query retries a few times before it gives up.
  await expect(nav.getByText('Your folders could not be loaded.')).toBeVisible({ timeout: 30_000 });
  await expect(nav.getByText('Folders you create show up here.')).toHaveCount(0);

  await page.unroute('**/api/browse/navigation/**');
  await nav.getByRole('button', { name: 'Try again' }).click();
  await expect(nav.getByText('Quarterly reports')).toBeVisible();
  await expect(nav.getByText('Your folders could not be loaded.')).toHaveCount(0);
});

test('the tree loads one level when it is opened, and keeps the path to the open folder open', async ({ page }) => {
  test.setTimeout(90_000);
  await newAccount(page, 'Lena Lazy', uniqueEmail('lena'), 'tree-password-1');
  const outer = await seedFolder(page, 'Outer');
  const middle = await seedFolder(page, 'Middle', outer);
  const inner = await seedFolder(page, 'Inner', middle);
  await seedFolder(page, 'Empty');
  // Which tree calls were made (a refresh on connecting may repeat one: each counted once).
  const seen = new Set<string>();
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/browse/navigation')) seen.add(pathname);
  });
  const calls = () => [...seen];
  await page.goto('/platform/files');
  const nav = page.getByRole('navigation').filter({ hasText: 'Folders' }).first();
  await expect(nav.getByRole('link', { name: 'Outer' })).toBeVisible();
  // The top level only: no whole tree, nothing below Outer yet.
  expect(calls()).toEqual(['/api/browse/navigation/all']);
  await expect(nav.getByText('Middle')).toHaveCount(0);
  // Outer holds a folder: an expander; Empty holds none: no expander.
  await expect(nav.getByRole('button', { name: 'Show folders in Empty' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Show folders in Outer' }).click();
  await expect(nav.getByRole('link', { name: 'Middle' })).toBeVisible();
  expect(calls()).toEqual(['/api/browse/navigation/all', `/api/browse/navigation/${outer}`]);
  await expect(nav.getByText('Inner')).toHaveCount(0);

  // Opening a folder from the tree keeps the branch open.
  await nav.getByRole('link', { name: 'Middle' }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${middle}$`));
  await expect(nav.getByRole('link', { name: 'Middle' })).toBeVisible();
  // Opening a deep folder anew opens the path to it, one level per folder on the path.
  await page.goto(`/platform/files/${inner}`);
  await expect(nav.getByRole('link', { name: 'Inner' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Middle' })).toBeVisible();
  expect(calls()).not.toContain(`/api/browse/navigation/${inner}`);
  expect(calls()).not.toContain('/api/browse/navigation');
});

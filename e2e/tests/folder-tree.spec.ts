import { expect, test } from '@playwright/test';
import { seedFolder, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/** The navigator's folder tree (spec §8): a failed load says so and offers to try again. */
test('a folder tree that fails to load shows an error and a retry, not the empty account text', async ({ page }) => {
  test.setTimeout(90_000);
  await newAccount(page, 'Tina Tree', uniqueEmail('tina'), 'tree-password-1');
  await seedFolder(page, 'Quarterly reports');
  await page.route('**/api/browse/navigation*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"unavailable","message":"x"}' }),
  );
  await page.goto('/platform/files');
  const nav = page.getByRole('navigation').filter({ hasText: 'Folders' }).first();
  // The query retries a few times before it gives up.
  await expect(nav.getByText('Your folders could not be loaded.')).toBeVisible({ timeout: 30_000 });
  await expect(nav.getByText('Folders you create show up here.')).toHaveCount(0);

  await page.unroute('**/api/browse/navigation*');
  await nav.getByRole('button', { name: 'Try again' }).click();
  await expect(nav.getByText('Quarterly reports')).toBeVisible();
  await expect(nav.getByText('Your folders could not be loaded.')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from '../support/helpers.js';

/** Spec §9: a sign-out that takes more than 300 ms shows the progress popup until the next page. */

async function signedIn(page: import('@playwright/test').Page) {
  await page.goto('/sign-in');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'My Files' }).first()).toBeVisible();
}

test('a slow sign-out shows the progress popup, then leaves the app', async ({ page }) => {
  await signedIn(page);
  await page.route('**/api/logout', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  const popup = page.getByRole('alertdialog', { name: 'Signing out…' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Please wait while we end your session.');
  await expect(page).toHaveURL(/\/(sign-in)?$/);
  await expect(popup).toBeHidden();
  // Signed out for real: the app sends the visitor to sign in.
  await page.goto('/platform/files');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a failed sign-out closes the popup, says so, and keeps the user where they were', async ({ page }) => {
  await signedIn(page);
  await page.route('**/api/logout', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal","message":"x"}' });
  });
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Signing out…' })).toBeVisible();
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Signing out…' })).toBeHidden();
  await expect(page).toHaveURL(/\/platform\/files/);
});

import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

test('changes the password in account settings; only the new one signs in afterwards', async ({ page }) => {
  const email = uniqueEmail('pat');
  await newAccount(page, 'Pat Password', email, 'old-password-1');

  await page.goto('/user/settings/password');
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm new password');

  // A wrong current password is flagged on its field and nothing changes.
  await current.fill('not-my-password');
  await next.fill('new-password-2');
  await confirmation.fill('new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill('old-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirmation).toHaveValue('');

  // This session survived the change.
  await page.reload();
  await expect(page.getByLabel('Current password')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/(sign-in)?(\?.*)?$/);
  await page.goto('/sign-in');
  await signIn(page, email, 'old-password-1');
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await page.goto('/sign-in');
  await signIn(page, email, 'new-password-2');
  await expect(page).toHaveURL(/\/platform\/files/);
});

test('the cookie notice links to the cookie policy and stays away once dismissed', async ({ page }) => {
  await page.goto('/sign-in');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();

  await notice.getByRole('link', { name: 'cookie policy' }).click();
  await expect(page).toHaveURL(/\/page\/cookie-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();

  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  await expect(notice).toBeHidden();
});

test('an unknown page slug shows the not-found screen', async ({ page }) => {
  await page.goto('/page/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

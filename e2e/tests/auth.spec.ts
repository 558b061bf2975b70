import { expect, test } from '@playwright/test';
import { newAccount } from '../support/accounts.js';
import { ADMIN, linkIn, outbox, signIn, signUp, uniqueEmail } from '../support/helpers.js';

test('signs up, signs out, and signs back in with the two-step form', async ({ page }) => {
  const email = uniqueEmail('sam');
  await signUp(page, 'Sam Sample', email, 'sam-password-1');
  await expect(page.getByRole('heading', { name: 'My Files' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/(sign-in)?(\?.*)?$/);
  await page.goto('/sign-in');
  await signIn(page, email, 'sam-password-1');
  await expect(page).toHaveURL(/\/platform\/files/);
});

test('flags an empty Confirm password at once, even while the password is still too short', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill('Cora Confirm');
  await page.getByLabel('Email').fill(uniqueEmail('cora'));
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  const confirmation = page.getByLabel('Confirm password');
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up/);
});

test('shows a clear error for a wrong password and stays on the sign-in screen', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, ADMIN.email, 'not-the-password');
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('answers an unknown email like a known one: the password step, then the same error', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(uniqueEmail('ghost'));
  await page.getByRole('button', { name: 'Continue' }).click();
  // The first step does not say whether the account exists (no name, no avatar, no "not found").
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('any-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
});

test('sends a signed-out visitor to sign in with ?redirect and back to the page afterwards', async ({ page }) => {
  await page.goto('/platform/trash?sort=name');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fplatform%2Ftrash%3Fsort%3Dname$/);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/platform\/trash\?sort=name$/);
  await expect(page.getByRole('heading', { name: 'Trash' }).first()).toBeVisible();
});

test('resets a forgotten password through the mail outbox', async ({ page }) => {
  const email = uniqueEmail('rita');
  await newAccount(page, 'Rita Reset', email, 'old-password-1');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  // Signing out reloads the page; a navigation started before that lands would be cancelled.
  await expect(page).not.toHaveURL(/\/platform/);

  await page.goto('/forgotten-password');
  // Other journeys mail at the same time (two workers): only this account's mail counts.
  const mine = () =>
    outbox().filter(
      (mail) => mail.includes(`To: ${email}`) && mail.replace(/=\r?\n/g, '').includes('create-new-password'),
    );
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/successfully-send/);
  await expect.poll(() => mine().length).toBe(1);
  const link = new URL(linkIn(mine()[0]!, 'create-new-password'));

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm new password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password was changed. You can sign in now.')).toBeVisible();

  await page.goto('/sign-in');
  await signIn(page, email, 'old-password-1');
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await page.goto('/sign-in');
  await signIn(page, email, 'new-password-2');
  await expect(page).toHaveURL(/\/platform\/files/);
});

test('keeps the chosen theme after a reload because it is saved on the server', async ({ page, context }) => {
  await newAccount(page, 'Theo Theme', uniqueEmail('theo'), 'theo-password-1');
  const html = page.locator('html');
  const wasDark = ((await html.getAttribute('class')) ?? '').includes('dark');
  const saved = page.waitForResponse((r) => r.url().includes('/api/user/settings') && r.ok());
  await page.getByRole('button', { name: 'Toggle dark mode' }).first().click();
  await saved;
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  // A fresh tab without local storage still gets the theme from the server.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  const other = await context.newPage();
  await other.goto('/platform/files');
  await expect(other.locator('html')).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});

test('refuses a user from the admin area', async ({ page }) => {
  await newAccount(page, 'Una User', uniqueEmail('una'), 'una-password-1');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page.getByText(/don’t have access/i).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
});

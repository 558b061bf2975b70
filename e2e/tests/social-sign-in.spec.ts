import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakeOAuthProvider, type FakeProvider } from '../../apps/server/test/fake-oauth-provider.js';
import { E2E_OAUTH_PORT } from '../support/env.js';
import { useAdminSession } from '../support/accounts.js';
import { apiCall, signIn, uniqueEmail } from '../support/helpers.js';

/**
 * Social sign-in (issue 15 point 6, ADR 0035): the administrator points GitHub at a fake provider
 * on loopback, a visitor signs in with it, lands in Files, and sets a password.
 * E2E_SHOTS=1 saves screenshots, light, dark and at phone width.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
  const dark = async (on: boolean) => {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
    await page.waitForTimeout(300);
  };
  const snap = async (file: string) => {
    if (target) await target.screenshot({ path: path.join(SHOTS, `${file}.png`) });
    else await page.screenshot({ path: path.join(SHOTS, `${file}.png`) });
  };
  const size = page.viewportSize();
  await dark(false);
  await snap(`${name}-light`);
  await dark(true);
  await snap(`${name}-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(`${name}-phone`);
  await dark(false);
  if (size) await page.setViewportSize(size);
}

let fake: FakeProvider;
test.beforeAll(async () => {
  fake = await startFakeOAuthProvider({
    port: E2E_OAUTH_PORT,
    clientId: 'e2e-github-client',
    clientSecret: 'e2e-github-secret',
  });
});
test.afterAll(() => fake?.close());

test('an admin sets up GitHub, a visitor signs in with it and sets a password', async ({ page, browser }) => {
  test.setTimeout(360_000);
  await useAdminSession(page);
  await page.goto('/admin/settings/sign-in');
  const github = page.getByRole('form', { name: 'GitHub' });
  await expect(github.getByLabel('Callback URL')).toHaveValue(/\/socialite\/github\/callback$/);
  await github.getByLabel('Client ID').fill('e2e-github-client');
  await github.getByLabel('Client secret').fill('e2e-github-secret');
  await github.getByRole('button', { name: 'Save GitHub' }).click();
  await expect(page.getByText('GitHub settings saved.')).toBeVisible();
  await expect(github.getByText('A secret is stored. Type a new one to replace it.')).toBeVisible();
  await github.getByRole('switch', { name: 'Allow sign-in with GitHub' }).check();
  await expect(github.getByText('Its button is on the sign-in and sign-up pages.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Allow sign-in with GitHub' })).toBeChecked();
  await shoot(page, 'social-admin', page.locator('section').first());

  const context = await browser.newContext();
  const visitor = await context.newPage();
  const email = uniqueEmail('octo');
  fake.person = { id: String(Date.now()), name: 'Octo Visitor', email, verified: true };
  await visitor.goto('/sign-in');
  const button = visitor.getByRole('button', { name: 'Continue with GitHub' });
  await expect(button).toBeVisible();
  await shoot(visitor, 'social-sign-in');
  await button.click();
  await expect(visitor).toHaveURL(/\/platform\/files/);

  await visitor.goto('/user/settings/password');
  await expect(visitor.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await expect(visitor.getByLabel('Current password')).toHaveCount(0);
  await shoot(visitor, 'social-set-password');
  await visitor.getByLabel('New password', { exact: true }).fill('octo-password-1');
  await visitor.getByLabel('Confirm new password').fill('octo-password-1');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await expect(visitor.getByText('Your password was set. You can now sign in with it too.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await context.close();

  // The password works now, from a new browser.
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto('/sign-in');
  await signIn(again, email, 'octo-password-1');
  await expect(again).toHaveURL(/\/platform\/files/);
  await later.close();

  // Other journeys meet a sign-in page without the button again.
  await apiCall(page, 'PATCH', '/api/admin/settings', { name: 'allowed_github_login', value: false });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { signIn, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/**
 * Two-factor sign-in and the sessions list on the password page (issue 15, ADR 0031).
 * E2E_SHOTS=1 saves screenshots of the screens, light, dark and at phone width.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

/** Pictures of `target` (a card; the page's content scrolls inside its own box) or the whole viewport. */
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
  await snap(`${name}-phone-dark`);
  await dark(false);
  await snap(`${name}-phone`);
  if (size) await page.setViewportSize(size);
}

const card = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** A code is accepted once per 30-second step: waits for the next step to begin. */
async function nextStep(page: Page) {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
}

test('turns on two-factor with the key shown and a code, then signs in with a code', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('tfa');
  const password = 'two-factor-password-1';
  await newAccount(page, 'Tia Twofactor', email, password);
  await page.goto('/user/settings/password');
  const twoFactor = card(page, 'Two-factor authentication');
  await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();

  // Turning on needs the password: a wrong one is flagged and nothing starts.
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  const confirmPassword = twoFactor.getByLabel('Current password');
  await expect(confirmPassword).toBeFocused();
  await confirmPassword.fill('not-my-password');
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  await expect(twoFactor.getByText('The current password is incorrect.')).toBeVisible();
  await confirmPassword.fill(password);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();

  // The QR code and the key, read as a person would type it into an app.
  await expect(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await twoFactor.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shoot(page, 'two-factor-scan', twoFactor);

  const codeField = twoFactor.getByLabel('Code from the app');
  await codeField.fill('000000');
  await twoFactor.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(twoFactor.getByText('That code is wrong or was already used.')).toBeVisible();
  await codeField.fill(await generate({ secret }));
  await expect(twoFactor.getByText('That code is wrong or was already used.')).toBeHidden();
  await twoFactor.getByRole('button', { name: 'Confirm and turn on' }).click();

  const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  await expect(twoFactor.getByRole('button', { name: 'Download' })).toBeVisible();
  await shoot(page, 'two-factor-codes', twoFactor);
  await twoFactor.getByRole('button', { name: 'I’ve saved them' }).click();
  await expect(codes).toHaveCount(0);
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  await expect(twoFactor.getByText('10 recovery codes left.', { exact: false })).toBeVisible();
  await shoot(page, 'two-factor-on', twoFactor);

  // Sign out, then in: the password alone does not open the account.
  await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
  await expect(page).toHaveURL(/\/(sign-in)?(\?.*)?$/);
  await page.goto('/sign-in');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeFocused();
  await shoot(page, 'two-factor-sign-in');

  // The recovery-code toggle and back, then a wrong code, whose message goes once typing starts.
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  await page.getByRole('button', { name: 'Use the code from your app instead' }).click();
  await code.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is wrong or was already used. Wait for the next one')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill('1');
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  // The code that confirmed the setup is used up; the next step's code signs in.
  await nextStep(page);
  await code.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/platform\/files/);
});

test('lists the sessions of two browsers and signs the other one out', async ({ browser }) => {
  const email = uniqueEmail('ses');
  const password = 'sessions-password-1';
  const here = await browser.newContext();
  const there = await browser.newContext();
  try {
    const page = await here.newPage();
    await newAccount(page, 'Sol Sessions', email, password);
    const other = await there.newPage();
    await other.goto('/sign-in');
    await signIn(other, email, password);
    await expect(other).toHaveURL(/\/platform\/files/);

    await page.goto('/user/settings/password');
    const sessions = card(page, 'Where you’re signed in');
    const rows = sessions.getByTestId('session');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(rows.first()).toContainText(/Chrom(e|ium) \d+ on Linux/);
    await expect(rows.first()).toContainText('127.0.0.1');
    await shoot(page, 'sessions', sessions);

    const otherRow = rows.filter({ hasNotText: 'This device' });
    await otherRow.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText('That session was signed out.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(sessions.getByText('You’re signed in only here.')).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

    // The other browser is signed out; this one is not.
    await other.reload();
    await expect(other).toHaveURL(/\/sign-in/);
    await page.reload();
    await expect(rows).toHaveCount(1);

    // "Sign out everywhere else" ends any number of others.
    await other.goto('/sign-in');
    await signIn(other, email, password);
    await expect(other).toHaveURL(/\/platform\/files/);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Signed out of 1 other session.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await other.reload();
    await expect(other).toHaveURL(/\/sign-in/);
  } finally {
    await here.close();
    await there.close();
  }
});

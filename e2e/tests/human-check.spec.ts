import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { startFakeRecaptcha, type FakeRecaptcha } from '../support/fake-recaptcha.js';
import { useAdminSession } from '../support/accounts.js';
import { apiCall, createAccount, signIn, uniqueEmail } from '../support/helpers.js';

/**
 * The human check (reCAPTCHA v3, issue 15 point 7, ADR 0036) against a fake of Google's script and
 * siteverify on loopback. E2E_SHOTS=1 saves the sign-in page with the check on and the admin
 * section, light, dark and at phone width.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;
const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-secret-key';
const REFUSED = /couldn’t confirm that you’re a person/;

async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
  await target?.scrollIntoViewIfNeeded();
  const dark = async (on: boolean) => {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
    await page.waitForTimeout(300);
  };
  const snap = async (file: string) => {
    await target?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${file}.png`) });
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

async function stranger(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

let fake: FakeRecaptcha;
let admin: Page;

test.beforeAll(async ({ browser }) => {
  fake = await startFakeRecaptcha(SECRET);
  admin = await stranger(browser);
});

// Every other journey signs in without a check: it goes off whatever happened here.
test.afterAll(async () => {
  fake.score = 0.9;
  if ((await admin.context().cookies()).some((c) => c.name === 'XSRF-TOKEN')) {
    await apiCall(admin, 'PATCH', '/api/admin/settings', { name: 'allowed_recaptcha', value: false }).catch(() => {});
  }
  await admin.context().close();
  await fake.close();
});

test('an administrator turns the check on; people with a good score get in, a low score is told why', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await useAdminSession(admin);

  // Off: the sign-in page loads no script.
  const before = await stranger(browser);
  await before.goto('/sign-in');
  await expect(before.getByLabel('Email')).toBeVisible();
  await before.context().close();
  expect(fake.scriptLoads).toEqual([]);

  await admin.goto('/admin/settings/sign-in');
  const section = admin.locator('section', { has: admin.getByRole('heading', { name: 'Human check', exact: true }) });
  await expect(section.getByText('Off: the forms don’t ask for a check.')).toBeVisible();
  await section.getByRole('switch', { name: 'Check that a person is filling in the forms' }).check();
  await section.getByLabel('Site key').fill(SITE_KEY);
  await section.getByLabel('Secret key').fill(SECRET);
  await section.getByLabel('Lowest score let through').fill('0.5');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('On: the forms ask for a reCAPTCHA token.')).toBeVisible();
  // The secret is write-only: the page says it is saved and shows no value.
  await expect(section.getByText('A secret key is saved. Type a new one to replace it.')).toBeVisible();
  await expect(section.getByLabel('Secret key')).toHaveValue('');
  await expect(admin.getByText('Human check settings saved.')).toBeHidden({ timeout: 15_000 });
  await shoot(admin, 'human-check-admin', section);

  // Sign-up with a good score.
  const newcomer = await stranger(browser);
  const email = uniqueEmail('human');
  await newcomer.goto('/sign-up');
  await expect(newcomer.getByText(/protected by reCAPTCHA/)).toBeVisible();
  await expect.poll(() => fake.scriptLoads).toContain(SITE_KEY);
  // Google's badge is replaced by the notice under the form.
  await expect(newcomer.locator('.grecaptcha-badge')).toBeHidden();
  await newcomer.getByLabel('Name').fill('Hugo Human');
  await newcomer.getByLabel('Email').fill(email);
  await newcomer.getByLabel('Password', { exact: true }).fill('human-password-1');
  await newcomer.getByLabel('Confirm password').fill('human-password-1');
  await createAccount(newcomer);
  await expect(newcomer).toHaveURL(/\/platform\/files/);
  expect(fake.verified.at(-1)).toEqual({ action: 'register', secret: SECRET });
  await newcomer.context().close();

  // Sign-in with a good score.
  const returning = await stranger(browser);
  await returning.goto('/sign-in');
  await signIn(returning, email, 'human-password-1');
  await expect(returning).toHaveURL(/\/platform\/files/);
  expect(fake.verified.at(-1)?.action).toBe('login');
  await returning.context().close();

  // A low score: the right password is not enough, and the page says why.
  fake.score = 0.2;
  const bot = await stranger(browser);
  await bot.goto('/sign-in');
  await signIn(bot, email, 'human-password-1');
  await expect(bot.getByText(REFUSED)).toBeVisible();
  await expect(bot).toHaveURL(/\/sign-in/);
  await shoot(bot, 'human-check-sign-in');
  await bot.goto('/forgotten-password');
  await bot.getByLabel('Email').fill(email);
  await bot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(bot.getByText(REFUSED)).toBeVisible();
  expect(fake.verified.at(-1)?.action).toBe('password_reset');
  await bot.context().close();
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakePaypal, type FakePaypal } from '../../apps/server/test/fake-paypal.js';
import { startFakePaystack, type FakePaystack } from '../../apps/server/test/fake-paystack.js';
import { E2E_BASE_URL, E2E_PAYPAL_PORT, E2E_PAYSTACK_PORT } from '../support/env.js';
import { apiCall, uniqueEmail } from '../support/helpers.js';
import { restoreSettingsAfterAll } from '../support/settings.js';
import { newAccount, useAdminSession } from '../support/accounts.js';

/**
 * Payments (issue 17, ADR 0047): the administrator types PayPal's and Paystack's keys on the payments
 * screen (each tested with the fake provider before it is saved) and sees the webhook addresses; a
 * user tops up their balance through the fake PayPal's approval page and the balance grows.
 * E2E_SHOTS=1 saves screenshots, light, dark and at phone width.
 */

restoreSettingsAfterAll(
  ['subscription_type', 'allowed_payments', 'allowed_paypal', 'allowed_paystack'],
  ['paypal', 'paystack'],
);

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

let paypal: FakePaypal;
let paystack: FakePaystack;
test.beforeAll(async () => {
  paypal = await startFakePaypal({ port: E2E_PAYPAL_PORT });
  paypal.webhookUrl = `${E2E_BASE_URL}/api/subscriptions/paypal/webhooks`;
  paystack = await startFakePaystack({ port: E2E_PAYSTACK_PORT });
  paystack.webhookUrl = `${E2E_BASE_URL}/api/subscriptions/paystack/webhooks`;
});
test.afterAll(async () => {
  await paypal?.close();
  await paystack?.close();
});

test('an admin sets up PayPal and Paystack; a user tops up through PayPal', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await useAdminSession(page);
  await page.goto('/admin/payments/payments');
  const pp = page.getByRole('form', { name: 'PayPal' });
  await expect(pp.getByLabel('Webhook address for PayPal')).toHaveValue(
    `${E2E_BASE_URL}/api/subscriptions/paypal/webhooks`,
  );
  await pp.getByLabel('Client ID').fill(paypal.clientId);
  await pp.getByLabel('Client secret').fill('not-the-secret');
  await pp.getByLabel('Webhook ID').fill(paypal.webhookId);
  await pp.getByRole('button', { name: 'Test keys and save' }).click();
  // Refused by PayPal: said so, nothing saved.
  await expect(pp.getByText(/Client Authentication failed/)).toBeVisible();
  await expect(pp.getByText('PayPal is not set up yet', { exact: false })).toBeVisible();
  await pp.getByLabel('Client secret').fill(paypal.clientSecret);
  await pp.getByRole('button', { name: 'Test keys and save' }).click();
  await expect(pp.getByText('All keys of PayPal are saved', { exact: false })).toBeVisible();
  await expect(pp.getByLabel('Client secret')).toHaveValue('');
  await pp.getByRole('switch', { name: 'Offer PayPal' }).or(pp.getByLabel('Offer PayPal')).check();

  const ps = page.getByRole('form', { name: 'Paystack' });
  await expect(ps.getByLabel('Webhook address for Paystack')).toHaveValue(
    `${E2E_BASE_URL}/api/subscriptions/paystack/webhooks`,
  );
  await ps.getByLabel('Public key').fill(paystack.publicKey);
  await ps.getByLabel('Secret key').fill(paystack.secretKey);
  await ps.getByRole('button', { name: 'Test keys and save' }).click();
  await expect(ps.getByText('All keys of Paystack are saved', { exact: false })).toBeVisible();
  await page.getByLabel('Accept payments').check();

  const config = await apiCall<{ payments: Record<string, unknown> }>(page, 'GET', '/api/config');
  expect(config.payments).toMatchObject({
    allowed: true,
    paypal: { allowed: true, configured: true, clientId: paypal.clientId },
    paystack: { configured: true, publicKey: paystack.publicKey },
  });
  expect(JSON.stringify(config)).not.toContain(paypal.clientSecret);
  await shoot(page, 'admin-payments');
  await shoot(page, 'admin-payments-paypal', pp);

  await page.goto('/admin/payments/billings');
  await page.getByLabel('Company name').fill('Filestore Ltd.');
  await page.getByLabel('Country').selectOption('SK');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible();
  await shoot(page, 'admin-billings');

  // A metered plan gives the balance its currency.
  await apiCall(page, 'POST', '/api/subscriptions/admin/plans', {
    type: 'metered',
    name: 'Pay as you go',
    currency: 'EUR',
    meters: [{ key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 100 }] }],
  });

  const context = await browser.newContext();
  const user = await context.newPage();
  await newAccount(user, 'Tom Topup', uniqueEmail('topup'), 'topup-password-1');
  const { url } = await apiCall<{ url: string }>(user, 'POST', '/api/paypal/top-up', { amount: 1500 });
  await user.goto(url);
  await user.getByRole('button', { name: 'Approve' }).click();
  await expect(user).toHaveURL(/\/user\/settings\/billing/);
  await expect
    .poll(
      async () => (await apiCall<{ data: { amount: number } | null }>(user, 'GET', '/api/subscriptions/balance')).data,
    )
    .toEqual({ amount: 1500, currency: 'EUR' });
  await context.close();
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakePaystack, type FakePaystack } from '../../apps/server/test/fake-paystack.js';
import { E2E_BASE_URL, E2E_PAYSTACK_PORT } from '../support/env.js';
import { apiCall, apiHeaders, seedFile, uniqueEmail } from '../support/helpers.js';
import { adminPage, newAccount } from '../support/accounts.js';

/**
 * Metered billing (issue 17): the admin switches to metered and makes a plan; a new user is put on
 * it, uploads, and as the test clock moves and the daily job runs their estimate on Billing grows;
 * dunning reaches its third reminder and the restriction bar appears with its reason; the user tops
 * up on Billing through the fake Paystack's payment page, the balance grows and the bar is gone.
 * E2E_SHOTS=1 saves the Billing page in light, dark and on a phone.
 */

let paystack: FakePaystack;
test.beforeAll(async () => {
  paystack = await startFakePaystack({ port: E2E_PAYSTACK_PORT });
  paystack.webhookUrl = `${E2E_BASE_URL}/api/subscriptions/paystack/webhooks`;
});
test.afterAll(() => paystack?.close());

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

const setting = (page: Page, name: string, value: unknown) =>
  apiCall(page, 'PATCH', '/api/admin/settings', { name, value });
const runDay = (admin: Page, days: number) =>
  apiCall(admin, 'POST', '/api/admin/testing/clock', { advance_days: days });

test('metered: the estimate grows, dunning restricts, a Paystack top-up lifts it', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser, { viewport: { width: 1440, height: 900 } });
  const before = (await apiCall<{ data: Record<string, unknown> }>(admin, 'GET', '/api/admin/settings')).data;
  await apiCall(admin, 'PUT', '/api/admin/payments/paystack', {
    values: { paystack_public_key: paystack.publicKey, paystack_secret_key: paystack.secretKey },
  });
  await setting(admin, 'allowed_payments', true);
  await setting(admin, 'allowed_paystack', true);
  await setting(admin, 'subscription_type', 'metered');
  await setting(admin, 'storage_limitation', false);
  await setting(admin, 'allowed_registration_bonus', false);
  await setting(admin, 'usage_bigger_than_balance', false);
  await setting(admin, 'limit_usage_in_new_accounts', true);
  await setting(admin, 'limit_usage_in_new_accounts_amount', 100);
  await apiCall(admin, 'POST', '/api/subscriptions/admin/plans', {
    type: 'metered',
    name: 'E2E usage',
    currency: 'EUR',
    meters: [
      { key: 'storage', tiers: [{ first_unit: 1, last_unit: null, per_unit: 2.9, flat_fee: null }] },
      { key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 250 }] },
    ],
  });

  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const user = await context.newPage();
    const email = uniqueEmail('metered');
    await newAccount(user, 'Mia Metered', email, 'user-password-1');
    await seedFile(user, 'notes.txt', 'metered usage');

    await user.goto('/user/settings/billing');
    await expect(user.getByTestId('metered-estimate')).toHaveText(/0[.,]00/);

    // Day 0's usage is recorded: the flat fee (2.50 €) is in the estimate; reminder 1 goes out.
    await runDay(admin, 0);
    await user.reload();
    await expect(user.getByTestId('metered-estimate')).toHaveText(/2[.,]50/);
    await expect(user.getByRole('cell', { name: 'Flat fee' })).toBeVisible();

    // The billing alert: none at first (no error), then set, changed and removed.
    const amount = user.getByLabel(/^Alert amount/);
    await expect(amount).toBeVisible();
    await expect(user.getByText(/^Alert at/)).toHaveCount(0);
    await amount.fill('10');
    await user.getByRole('button', { name: 'Set alert' }).click();
    await expect(user.getByText(/^Alert at .*10[.,]00/)).toBeVisible();
    await amount.fill('25');
    await user.getByRole('button', { name: 'Change alert' }).click();
    await expect(user.getByText(/^Alert at .*25[.,]00/)).toBeVisible();
    await user.getByRole('button', { name: 'Remove alert' }).click();
    await expect(user.getByText(/^Alert at/)).toHaveCount(0);
    await expect(user.getByRole('button', { name: 'Set alert' })).toBeVisible();

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      for (const [name, options] of [
        ['light', { colorScheme: 'light' as const }],
        ['dark', { colorScheme: 'dark' as const }],
        ['phone', { colorScheme: 'light' as const, viewport: { width: 390, height: 844 }, isMobile: true }],
      ] as const) {
        const shotContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
        await shotContext.addCookies(await context.cookies());
        const shot = await shotContext.newPage();
        await shot.goto('/user/settings/billing');
        await expect(shot.getByTestId('metered-estimate')).toHaveText(/2[.,]50/);
        await shot.waitForTimeout(600);
        await shot.screenshot({ path: path.join(SHOTS, `billing-metered-${name}.png`), fullPage: true });
        await shotContext.close();
      }
    }

    // Reminders 2 and 3, two days apart: the account is restricted.
    await runDay(admin, 2);
    await runDay(admin, 2);
    await user.goto('/platform/files');
    const bar = user.getByRole('status').filter({ hasText: 'Please make your first payment to cover your usage.' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/user/settings/billing');

    // The user tops up on Billing through Paystack's payment page: the payment removes the dunning.
    await bar.getByRole('link', { name: 'Go to Billing' }).click();
    await expect(user).toHaveURL(/\/user\/settings\/billing$/);
    await expect(user.getByTestId('metered-balance')).toHaveText(/0[.,]00/);
    await user.getByLabel('Amount (EUR)', { exact: true }).fill('10');
    await user.getByRole('button', { name: 'Pay with Paystack' }).click();
    await expect(user).toHaveURL(new RegExp(`^${paystack.origin}`));
    await user.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(user).toHaveURL(/\/user\/settings\/billing/);
    await expect
      .poll(async () => (await apiCall<{ data: unknown }>(user, 'GET', '/api/subscriptions/balance')).data)
      .toEqual({ amount: 1000, currency: 'EUR' });
    await user.reload();
    await expect(user.getByTestId('metered-balance')).toHaveText(/10[.,]00/);
    await user.goto('/platform/files');
    await expect(user.getByRole('heading').first()).toBeVisible();
    await expect(user.getByText('Please make your first payment to cover your usage.')).toHaveCount(0);
    const after = await apiCall<{
      data: { meta: { restrictions: { reasonCode: string | null; canUpload: boolean } } };
    }>(user, 'GET', '/api/user');
    expect(after.data.meta.restrictions).toMatchObject({ reasonCode: null, canUpload: true });
    await context.close();
  } finally {
    // The other journeys run on a server as it was: no billing, Paystack not offered.
    for (const key of [
      'subscription_type',
      'storage_limitation',
      'allowed_registration_bonus',
      'usage_bigger_than_balance',
      'limit_usage_in_new_accounts',
      'limit_usage_in_new_accounts_amount',
      'allowed_payments',
      'allowed_paystack',
    ]) {
      const res = await admin.request.fetch('/api/admin/settings', {
        method: 'PATCH',
        data: { name: key, value: before[key] },
        headers: await apiHeaders(admin),
      });
      expect.soft(res.ok(), `restoring ${key}: ${res.status()}`).toBe(true);
    }
    await apiCall(admin, 'DELETE', '/api/admin/payments/paystack');
    // Back to the real time: the days this journey moved on would run out other journeys' links.
    await apiCall(admin, 'POST', '/api/admin/testing/clock', { reset: true, run_jobs: false });
  }
});

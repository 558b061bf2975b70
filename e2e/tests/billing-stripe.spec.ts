import { expect, test } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../../apps/server/test/fake-stripe.js';
import { E2E_BASE_URL, E2E_STRIPE_PORT } from '../support/env.js';
import { apiCall, apiHeaders, uniqueEmail } from '../support/helpers.js';
import { newAccount, useAdminSession } from '../support/accounts.js';

/**
 * Issue 17's Stripe journey, through the screens: the administrator sets Stripe's keys (API) and
 * makes a fixed plan on the plan form; a user opens Billing, picks the plan in the select-plan
 * popup, pays on Stripe's hosted checkout (the fake on loopback, which POSTs the signed webhooks
 * to the running server), comes back, and sees the plan active with its renewal date, the plan's
 * storage on the storage page, and the payment among their transactions with its invoice.
 */

test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

let fake: FakeStripe;
test.beforeAll(async () => {
  fake = await startFakeStripe({ port: E2E_STRIPE_PORT });
  fake.webhookUrl = `${E2E_BASE_URL}/api/subscriptions/stripe/webhooks`;
});
test.afterAll(() => fake?.close());

const setting = (name: string, value: unknown) => ({ name, value });

test('a user picks a fixed plan on Billing, pays on Stripe’s checkout page and gets its storage', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await useAdminSession(page);
  const before = (await apiCall<{ data: Record<string, unknown> }>(page, 'GET', '/api/admin/settings')).data;
  const restore = ['subscription_type', 'allowed_payments', 'allowed_stripe', 'storage_limitation'] as const;
  const name = `Stripe Pro ${Date.now()}`;
  try {
    // The keys go through the payments screen's call, which tests them against (the fake) Stripe.
    await apiCall(page, 'PUT', '/api/admin/payments/stripe', {
      values: {
        stripe_public_key: fake.publicKey,
        stripe_secret_key: fake.secretKey,
        stripe_webhook_secret: fake.webhookSecret,
      },
    });
    for (const [key, value] of [
      ['subscription_type', 'fixed'],
      ['allowed_payments', true],
      ['allowed_stripe', true],
      ['storage_limitation', true],
    ] as const) {
      await apiCall(page, 'PATCH', '/api/admin/settings', setting(key, value));
    }

    // The plan, on the admin's form; with Stripe's keys set it is made at Stripe as well.
    await page.goto('/admin/plan/create/fixed');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Plenty of room');
    await page.getByLabel('Price').fill('12.99');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Storage (GB)').fill('321');
    await page.getByLabel('Team members').fill('3');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await expect(page).toHaveURL(/\/admin\/plan\/[0-9a-f-]+\/fixed\/subscribers$/);
    const planId = /\/admin\/plan\/([0-9a-f-]+)\//.exec(page.url())![1]!;
    const plan = await apiCall<{ data: { drivers: { driver: string }[] } }>(
      page,
      'GET',
      `/api/subscriptions/admin/plans/${planId}`,
    );
    expect(plan.data.drivers.map((d) => d.driver)).toContain('stripe');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const user = await context.newPage();
    await newAccount(user, 'Stripe Buyer', uniqueEmail('stripe-buyer'), 'buyer-password-1');
    await user.goto('/user/settings/billing');
    await user.getByRole('button', { name: 'Choose a plan' }).click();
    const dialog = user.getByRole('dialog');
    await dialog.getByRole('radio', { name: new RegExp(name) }).click();
    const stripe = dialog.getByText('Stripe', { exact: true });
    await expect(stripe).toBeVisible();
    await stripe.locator('xpath=../..').getByRole('button', { name: 'Continue' }).click();

    await expect(user).toHaveURL(new RegExp(`^${fake.origin}`));
    await expect(user.getByText(name)).toBeVisible();
    await user.getByRole('button', { name: 'Pay' }).click();
    await expect(user).toHaveURL(/\/user\/settings\/billing\?checkout=success$/);

    // The plan in force, with its renewal date.
    const current = user.getByRole('region', { name: 'Subscription' }).or(user.locator('main'));
    await expect(current.getByText(name).first()).toBeVisible();
    await expect(current.getByText('Active').first()).toBeVisible();
    const renews = await apiCall<{ data: { status: string; renews_at: string | null } }>(
      user,
      'GET',
      '/api/subscriptions/detail',
    );
    expect(renews.data.status).toBe('active');
    expect(renews.data.renews_at).not.toBeNull();
    const renewsOn = user.locator('dt', { hasText: 'Renews on' }).locator('xpath=following-sibling::dd[1]');
    await expect(renewsOn).toHaveText(/\d/);

    // The payment, with its invoice.
    const row = user.getByRole('listitem').filter({ hasText: '€12.99' });
    await expect(row).toBeVisible();
    const [invoice] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('link', { name: /Invoice/ }).click(),
    ]);
    await invoice.waitForLoadState();
    await expect(invoice.getByText(name).first()).toBeVisible();
    await expect(invoice.getByText(/12[.,]99/).first()).toBeVisible();

    // The plan's storage.
    await user.goto('/user/settings/storage');
    await expect(user.getByText(/of 321 GB used/)).toBeVisible();
    await context.close();
  } finally {
    // The other journeys run on a server as it was: no billing, no Stripe keys.
    for (const [key, value] of restore.map((key) => [key, before[key]] as const)) {
      const res = await page.request.fetch('/api/admin/settings', {
        method: 'PATCH',
        data: setting(key, value),
        headers: await apiHeaders(page),
      });
      expect.soft(res.ok(), `restoring ${key}: ${res.status()} ${await res.text()}`).toBe(true);
    }
    await apiCall(page, 'DELETE', '/api/admin/payments/stripe');
  }
});

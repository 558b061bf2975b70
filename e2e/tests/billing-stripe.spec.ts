import { expect, test } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../../apps/server/test/fake-stripe.js';
import { E2E_BASE_URL, E2E_STRIPE_PORT } from '../support/env.js';
import { ADMIN, apiCall, signIn, signUp, uniqueEmail } from '../support/helpers.js';

/**
 * Paying for a fixed plan with Stripe (issue 17): the administrator sets Stripe's keys and makes
 * a plan (through the API: the plan screens are another piece of work), a user goes to Stripe's
 * hosted checkout (the fake on loopback), pays, comes back to the billing page, and the plan's
 * storage is theirs. The fake POSTs the signed webhooks to the running server.
 */

let fake: FakeStripe;
test.beforeAll(async () => {
  fake = await startFakeStripe({ port: E2E_STRIPE_PORT });
  fake.webhookUrl = `${E2E_BASE_URL}/api/subscriptions/stripe/webhooks`;
});
test.afterAll(() => fake?.close());

const setting = (name: string, value: unknown) => ({ name, value });

test('a user buys a fixed plan on Stripe’s checkout page and gets its storage', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/sign-in');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/platform\/files/);
  for (const [name, value] of [
    ['stripe_public_key', fake.publicKey],
    ['stripe_secret_key', fake.secretKey],
    ['stripe_webhook_secret', fake.webhookSecret],
    ['subscription_type', 'fixed'],
  ] as const) {
    await apiCall(page, 'PATCH', '/api/admin/settings', setting(name, value));
  }
  const name = `Stripe Pro ${Date.now()}`;
  const plan = (
    await apiCall<{ data: { id: string; drivers: { driver: string; plan_id: string }[] } }>(
      page,
      'POST',
      '/api/subscriptions/admin/plans',
      {
        type: 'fixed',
        name,
        description: 'Plenty of room',
        amount: 1299,
        currency: 'EUR',
        interval: 'month',
        features: { max_storage_amount: 321, max_team_members: 3 },
        visible: true,
      },
    )
  ).data;
  expect(plan.drivers.map((d) => d.driver)).toContain('stripe');

  try {
    const context = await browser.newContext();
    const user = await context.newPage();
    await signUp(user, 'Stripe Buyer', uniqueEmail('stripe-buyer'), 'buyer-password-1');
    await user.goto('/user/settings/billing');
    // The plan screens call this; until they exist, the page's own session calls it.
    const { url } = await apiCall<{ url: string }>(user, 'POST', '/api/stripe/checkout', { plan_id: plan.id });
    expect(url.startsWith(fake.origin)).toBe(true);
    await user.goto(url);
    await expect(user.getByText(name)).toBeVisible();
    await user.getByRole('button', { name: 'Pay' }).click();
    await expect(user).toHaveURL(/\/user\/settings\/billing\?checkout=success$/);

    const subscription = await apiCall<{ data: { status: string; plan_id: string; driver: string } }>(
      user,
      'GET',
      '/api/subscriptions/detail',
    );
    expect(subscription.data).toMatchObject({ status: 'active', plan_id: plan.id, driver: 'stripe' });
    await user.goto('/user/settings/storage');
    await expect(user.getByText(/of 321 GB used/)).toBeVisible();
    await context.close();
  } finally {
    // The other journeys run on a server without billing.
    await apiCall(page, 'PATCH', '/api/admin/settings', setting('subscription_type', 'none'));
    for (const key of ['stripe_public_key', 'stripe_secret_key', 'stripe_webhook_secret']) {
      await apiCall(page, 'PATCH', '/api/admin/settings', setting(key, null));
    }
  }
});

import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../../apps/server/test/fake-stripe.js';
import { adminPage, newAccount } from '../support/accounts.js';
import { E2E_BASE_URL, E2E_STRIPE_PORT } from '../support/env.js';
import { apiCall, uniqueEmail } from '../support/helpers.js';
import { restoreSettingsAfterAll } from '../support/settings.js';

/**
 * Issue 41 point 11: billing offers only what the server can do, decided from its real state (the
 * public configuration's providers, the plans they sell). With no payment provider ready, the
 * homepage shows no pricing, Billing offers neither a plan nor a card, and the administrator who
 * switches to fixed plans is told what is missing. Once Stripe is ready, the pricing table shows
 * each plan's storage, members and a button in a centred grid, and the plan picker's radio cards
 * carry no list items without a list (axe `listitem`, point 13). Billing without a subscription asks
 * nothing that answers 404 (point 15).
 */

restoreSettingsAfterAll(
  ['subscription_type', 'allowed_payments', 'allowed_stripe', 'section_pricing_content'],
  ['stripe'],
);

test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

let fake: FakeStripe;
test.beforeAll(async () => {
  fake = await startFakeStripe({ port: E2E_STRIPE_PORT });
  fake.webhookUrl = `${E2E_BASE_URL}/api/subscriptions/stripe/webhooks`;
});
test.afterAll(() => fake?.close());

const setting = (page: Page, name: string, value: unknown) =>
  apiCall(page, 'PATCH', '/api/admin/settings', { name, value });

/** Every answer of the server's API in 400–599 while `run` goes on. */
async function failedCalls(page: Page, run: () => Promise<void>): Promise<string[]> {
  const failed: string[] = [];
  const seen = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${url.pathname}`);
  };
  page.on('response', seen);
  try {
    await run();
  } finally {
    page.off('response', seen);
  }
  return failed;
}

/** Each row of cards is centred in its list: as much room on its left as on its right. */
async function expectRowsCentred(list: Locator) {
  const box = (await list.boundingBox())!;
  const cards = await list.locator(':scope > li').evaluateAll((items) =>
    items.map((item) => {
      const r = item.getBoundingClientRect();
      return { top: Math.round(r.top + window.scrollY), left: r.left, right: r.right };
    }),
  );
  const rows = new Map<number, { left: number; right: number }>();
  for (const c of cards) {
    const row = rows.get(c.top);
    rows.set(c.top, row ? { left: Math.min(row.left, c.left), right: Math.max(row.right, c.right) } : c);
  }
  for (const row of rows.values()) {
    expect(Math.abs(row.left - box.x - (box.x + box.width - row.right))).toBeLessThan(3);
  }
}

test('billing offers no plan, card or pricing without a provider, and warns the admin who switches @global', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser, { viewport: { width: 1280, height: 900 } });
  await apiCall(admin, 'DELETE', '/api/admin/payments/stripe');
  await setting(admin, 'subscription_type', 'none');
  await setting(admin, 'allowed_payments', false);
  await setting(admin, 'allowed_stripe', false);
  await setting(admin, 'section_pricing_content', true);
  const tag = Date.now().toString(36);
  // An active, visible plan no provider can sell.
  const unsold = await apiCall<{ data: { id: string } }>(admin, 'POST', '/api/subscriptions/admin/plans', {
    type: 'fixed',
    name: `Nowhere ${tag}`,
    amount: 500,
    currency: 'EUR',
    interval: 'month',
    features: { max_storage_amount: 50, max_team_members: 2 },
  });

  // The switch to fixed plans says what is missing, and the warning stays on the card after it.
  await admin.goto('/admin/settings/others');
  await admin.getByRole('radio', { name: /^Fixed/ }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm.getByText('Fixed plans can’t be sold yet')).toBeVisible();
  await expect(confirm.getByText(/No payment provider is ready/)).toBeVisible();
  await expect(confirm.getByRole('link', { name: 'Set up payments' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Change' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('Fixed plans can’t be sold yet')).toBeVisible();

  // The homepage advertises no plan nobody can buy.
  const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await guest.goto('/');
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await guest.waitForLoadState('networkidle');
  await expect(guest.locator('#home-pricing')).toHaveCount(0);

  // Billing offers neither a plan nor a card, says why, and nothing it asks answers 404.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const user = await context.newPage();
  await newAccount(user, 'Offer Reader', uniqueEmail('offers'), 'offers-password-1');
  const failed = await failedCalls(user, async () => {
    await user.goto('/user/settings/billing');
    await expect(user.getByText(/Plans can’t be bought on this server at the moment/)).toBeVisible();
    await user.waitForLoadState('networkidle');
  });
  expect(failed).toEqual([]);
  await expect(user.getByRole('button', { name: 'Choose a plan' })).toHaveCount(0);
  await expect(user.getByRole('button', { name: 'Add a card' })).toHaveCount(0);

  // Stripe ready (keys tested against the fake, switched on) and a plan made there.
  await apiCall(admin, 'PUT', '/api/admin/payments/stripe', {
    values: {
      stripe_public_key: fake.publicKey,
      stripe_secret_key: fake.secretKey,
      stripe_webhook_secret: fake.webhookSecret,
    },
  });
  await setting(admin, 'allowed_payments', true);
  await setting(admin, 'allowed_stripe', true);
  const name = `Team ${tag}`;
  const sold = await apiCall<{ data: { id: string } }>(admin, 'POST', '/api/subscriptions/admin/plans', {
    type: 'fixed',
    name,
    description: 'Room for a small team',
    amount: 1200,
    currency: 'EUR',
    interval: 'month',
    features: { max_storage_amount: 100, max_team_members: 5 },
  });
  await admin.reload();
  await expect(admin.getByRole('radio', { name: /^Fixed/ })).toBeChecked();
  await expect(admin.getByText('Fixed plans can’t be sold yet')).toHaveCount(0);

  // The pricing table: the plan Stripe sells, its storage, members and button, in a centred grid.
  await guest.reload();
  const pricing = guest.locator('section[aria-labelledby="home-pricing"]');
  const card = pricing.locator(`[data-plan="${sold.data.id}"]`);
  await expect(card).toBeVisible();
  await expect(pricing.locator(`[data-plan="${unsold.data.id}"]`)).toHaveCount(0);
  await expect(card.getByText('100 GB of storage')).toBeVisible();
  await expect(card.getByText('5 team members')).toBeVisible();
  await expect(card.getByRole('link', { name: `Get started with ${name}` })).toBeVisible();
  await expectRowsCentred(pricing.locator('ul').first());
  await guest.setViewportSize({ width: 800, height: 900 });
  await expectRowsCentred(pricing.locator('ul').first());
  await guest.context().close();

  // Billing offers the plan and a card now; the picker shows storage and members, with sound semantics.
  await user.reload();
  await expect(user.getByRole('button', { name: 'Add a card' })).toBeVisible();
  await user.getByRole('button', { name: 'Choose a plan' }).click();
  const picker = user.getByRole('dialog', { name: 'Choose a plan' });
  const option = picker.getByRole('radio', { name: new RegExp(name) });
  await expect(option).toContainText('100 GB of storage');
  await expect(option).toContainText('5 team members');
  await expect(picker.getByRole('radio', { name: new RegExp(`Nowhere ${tag}`) })).toHaveCount(0);
  await option.click();
  await expect(picker.getByText('Stripe', { exact: true })).toBeVisible();
  const { violations } = await new AxeBuilder({ page: user }).include('[role="dialog"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await context.close();

  // The plans go, so the journeys after this one see the server as it was.
  for (const id of [sold.data.id, unsold.data.id])
    await apiCall(admin, 'DELETE', `/api/subscriptions/admin/plans/${id}`);
  await admin.context().close();
});

import { expect, test } from '@playwright/test';
import { apiCall, uniqueEmail } from '../support/helpers.js';
import { restoreSettingsAfterAll } from '../support/settings.js';
import { adminPage, newAccount } from '../support/accounts.js';

/**
 * Issue 17's screens: the administrator makes a fixed and a metered plan through the forms, edits
 * and deletes plans, credits a user; the user is offered no plan (no provider is configured here,
 * and the page says so), both see the credit, and its invoice opens for its owner.
 */

restoreSettingsAfterAll(['subscription_type']);

test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

test('admin makes plans, a user picks one and gets a credit with its invoice', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const fixedName = `Pro ${tag}`;
  const meteredName = `Pay as you go ${tag}`;
  const admin = await adminPage(browser, { viewport: { width: 1280, height: 900 } });
  await apiCall(admin, 'PATCH', '/api/admin/settings', { name: 'subscription_type', value: 'fixed' });

  // A fixed plan through the form, price typed in major units.
  await admin.goto('/admin/plans');
  await admin.getByRole('link', { name: 'Create fixed plan' }).click();
  await admin.getByLabel('Name').fill(fixedName);
  await admin.getByLabel('Description').fill('For professionals');
  await admin.getByLabel('Price').fill('9.99');
  await admin.getByLabel('Currency').selectOption('EUR');
  await admin.getByLabel('Storage (GB)').fill('100');
  await admin.getByLabel('Team members').fill('5');
  await admin.getByRole('button', { name: 'Create plan' }).click();
  await expect(admin).toHaveURL(/\/admin\/plan\/[0-9a-f-]+\/fixed\/subscribers$/);
  await expect(admin.getByRole('heading', { name: fixedName })).toBeVisible();
  await expect(admin.getByText('€9.99 / month')).toBeVisible();

  // A metered plan with two storage tiers and a flat fee.
  await admin.goto('/admin/plan/create/metered');
  await admin.getByLabel('Name').fill(meteredName);
  await admin.getByLabel('Currency').selectOption('EUR');
  await admin.getByRole('button', { name: 'Add a tier to Storage' }).click();
  const tier1 = admin.getByRole('group', { name: 'Tier 1 of Storage' });
  await tier1.getByLabel('Last unit').fill('10');
  await tier1.getByLabel('Price per unit').fill('0.029');
  await admin.getByRole('button', { name: 'Add a tier to Storage' }).click();
  const tier2 = admin.getByRole('group', { name: 'Tier 2 of Storage' });
  await expect(tier2.getByLabel('First unit')).toHaveValue('11');
  await tier2.getByLabel('First unit').fill('12');
  await tier2.getByLabel('Price per unit').fill('0.015');
  await admin.getByRole('button', { name: 'Create plan' }).click();
  // The gap between the tiers is refused in the form.
  await expect(tier2.getByText('Starts right after the previous tier ends.')).toBeVisible();
  await tier2.getByLabel('First unit').fill('11');
  await admin.getByRole('button', { name: 'Add a tier to Flat fee' }).click();
  await admin.getByRole('group', { name: 'Tier 1 of Flat fee' }).getByLabel('Flat fee', { exact: true }).fill('2.50');
  await admin.getByRole('button', { name: 'Create plan' }).click();
  await expect(admin).toHaveURL(/\/admin\/plan\/[0-9a-f-]+\/metered\/subscribers$/);

  // Both listed; one edited; a third deleted.
  await admin.goto('/admin/plans');
  await expect(admin.getByRole('link', { name: fixedName })).toBeVisible();
  const meteredRow = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: meteredName }) });
  await expect(meteredRow.getByText('Flat fee, Storage')).toBeVisible();
  await admin.getByRole('link', { name: fixedName }).click();
  await admin.getByRole('navigation', { name: 'Plan pages' }).getByRole('link', { name: 'Settings' }).click();
  await admin.getByLabel('Description').fill('For busy professionals');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Plan saved.')).toBeVisible();

  const doomed = await apiCall<{ data: { id: string } }>(admin, 'POST', '/api/subscriptions/admin/plans', {
    type: 'fixed',
    name: `Old ${tag}`,
    amount: 100,
    currency: 'EUR',
    interval: 'year',
    features: { max_storage_amount: 1, max_team_members: 1 },
  });
  await admin.goto(`/admin/plan/${doomed.data.id}/fixed/delete`);
  await expect(admin.getByText('Nobody subscribes to this plan: it will be deleted for good.')).toBeVisible();
  await admin.getByRole('button', { name: 'Delete plan' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete plan' }).click();
  await expect(admin).toHaveURL(/\/admin\/plans$/);
  await expect(admin.getByRole('link', { name: fixedName })).toBeVisible();
  await expect(admin.getByRole('link', { name: `Old ${tag}` })).toHaveCount(0);

  // No provider is configured here: the user is told so, and offered no plan they could not pay for (issue 41).
  const email = uniqueEmail('billing');
  await newAccount(page, 'Bill Payer', email, 'bill-password-1');
  await page.goto('/user/settings/billing');
  await expect(page.getByText(/Plans can’t be bought on this server at the moment/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a plan' })).toHaveCount(0);

  // The administrator credits the user; both see the transaction.
  const me = await apiCall<{ data: { id: string } }>(page, 'GET', '/api/user');
  await admin.goto(`/admin/user/${me.data.id}/subscription`);
  await expect(admin.getByText('This user has no subscription.')).toBeVisible();
  await admin.getByLabel('Amount').fill('12.50');
  await admin.getByRole('button', { name: 'Add credit' }).click();
  await expect(admin.getByText('Credit added.')).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Bonus' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: '+€12.50' })).toBeVisible();

  await page.reload();
  const mine = page.getByRole('listitem').filter({ hasText: 'Bonus' });
  await expect(mine.getByText('+€12.50')).toBeVisible();
  const invoiceLink = mine.getByRole('link', { name: /^Invoice of/ });
  const href = await invoiceLink.getAttribute('href');
  expect(href).toMatch(/^\/invoices\/[0-9a-f-]+$/);
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(page.getByText('Bill Payer')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Bonus' })).toBeVisible();

  // The administrator's transactions list shows it too, with its user.
  await admin.goto('/admin/invoices');
  await expect(admin.getByRole('link', { name: email })).toBeVisible();
  await admin.context().close();
});

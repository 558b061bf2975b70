import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, signedInPage } from '../support/accounts.js';
import { apiCall, signIn, uniqueEmail } from '../support/helpers.js';

/**
 * The administrator's users back office (issue 16, ADR 0040): an admin creates a user, changes
 * their capacity and the user sees it on their storage page; the admin suspends them and their
 * open page is signed out; then deletes the account and watches the job's progress to the end.
 * E2E_SHOTS=1 saves screenshots in light, dark and on a phone.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(SHOTS, `admin-users-${name}.png`), fullPage: true });
}

const DESKTOP = { viewport: { width: 1440, height: 900 } };

test('an admin creates a user, changes their capacity, suspends and deletes them', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser, DESKTOP);
  const email = uniqueEmail('casey');
  const password = 'casey-password-1';

  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await admin.getByRole('link', { name: 'Create user' }).click();
  await admin.getByLabel('Full name').fill('Casey Jones');
  await admin.getByLabel('Email').fill(email);
  await admin.getByLabel('Password', { exact: true }).fill(password);
  await admin.getByLabel('Repeat the password').fill(password);
  await admin.getByRole('button', { name: 'Create user' }).click();
  await expect(admin).toHaveURL(/\/admin\/user\/[0-9a-f-]+\/details$/);
  await expect(admin.getByRole('heading', { name: 'Casey Jones' })).toBeVisible();
  await expect(admin.getByText(/^Verified on/)).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Activity' }).getByText(`Created ${email}`)).toBeVisible();
  const userUrl = admin.url();

  await admin.getByRole('link', { name: 'Storage', exact: true }).click();
  await admin.getByLabel('Storage capacity (GB)').fill('3');
  await admin.getByRole('button', { name: 'Save capacity' }).click();
  await expect(admin.getByText('of 3 GB used')).toBeVisible();

  const user = await signedInPage(browser, email, password, DESKTOP);
  await user.goto('/user/settings/storage');
  await expect(user.getByText('3 GB').first()).toBeVisible();

  // Suspend: confirmed in a dialog; the user's open page loses its session at once.
  await admin.goto(userUrl);
  await admin.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Suspend Casey Jones?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.getByText(/^Suspended since/)).toBeVisible();
  await expect(admin.getByText('Suspended', { exact: true }).first()).toBeVisible();
  await user.reload();
  await expect(user).toHaveURL(/\/sign-in/);
  await signIn(user, email, password);
  await expect(user.getByText('This account is suspended. Contact the administrator.')).toBeVisible();

  // The list finds them by the filter and the search.
  await admin.goto('/admin/users?status=suspended');
  await expect(admin.getByRole('link', { name: 'Casey Jones' })).toBeVisible();
  await shoot(admin, 'list-light');

  // Delete: type the email, then the job's progress to the end.
  await admin.goto(userUrl.replace(/details$/, 'delete'));
  const submit = admin.getByRole('button', { name: 'Delete account' });
  await expect(submit).toBeDisabled();
  await admin.getByLabel(`Type ${email} to confirm`).fill(email);
  await submit.click();
  // A small account may be gone before the first look: the bar, or already the end.
  await expect(
    admin.getByRole('progressbar', { name: 'Deletion progress' }).or(admin.getByText('The account was deleted.')),
  ).toBeVisible();
  await expect(admin.getByText('The account was deleted.')).toBeVisible({ timeout: 60_000 });
  await shoot(admin, 'deleted-light');
  await admin.goto('/admin/users?query=' + encodeURIComponent(email));
  await expect(admin.getByText('No one matches these filters.')).toBeVisible();
  await admin.goto('/admin/dashboard');
  await expect(admin.getByText(`Deleted ${email}`)).toBeVisible();
  await shoot(admin, 'dashboard-light');
  await user.context().close();
  await admin.context().close();
});

test('the subscription tab of a user without one answers without an error (issue 41)', async ({ browser }) => {
  const admin = await adminPage(browser, DESKTOP);
  const made = await apiCall<{ data: { id: string } }>(admin, 'POST', '/api/admin/users', {
    name: 'Nora Noplan',
    email: uniqueEmail('noplan'),
    password: 'noplan-password-1',
    password_confirmation: 'noplan-password-1',
    role: 'user',
    max_storage_amount: 2,
  });
  const failed: string[] = [];
  admin.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const subscription = admin.waitForResponse((r) => r.url().endsWith(`/admin/users/${made.data.id}/subscription`));
  await admin.goto(`/admin/user/${made.data.id}/details`);
  await admin.getByRole('navigation', { name: 'User sections' }).getByRole('link', { name: 'Subscription' }).click();
  expect((await subscription).status()).toBe(200);
  await expect(admin.getByText('This user has no subscription.')).toBeVisible();
  await expect(admin.getByText('No transactions yet.')).toBeVisible();
  expect(failed).toEqual([]);
  await admin.context().close();
});

test('screens in light, dark and on a phone', async ({ browser }) => {
  test.skip(!SHOTS, 'screenshots only');
  test.setTimeout(420_000);
  for (const [name, options] of [
    ['light', { colorScheme: 'light' }],
    ['dark', { colorScheme: 'dark' }],
    ['phone', { colorScheme: 'light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const) {
    const admin = await adminPage(browser, { ...DESKTOP, ...options });
    const made = await apiCall<{ data: { id: string } }>(admin, 'POST', '/api/admin/users', {
      name: `Shot ${name}`,
      email: uniqueEmail(`shot-${name}`),
      password: 'shot-password-1',
      password_confirmation: 'shot-password-1',
      role: 'user',
      max_storage_amount: 2,
    });
    await admin.goto('/admin/users');
    // The table on a desktop, the cards on a phone: only the one shown is in the accessibility tree.
    await expect(admin.getByRole('link', { name: `Shot ${name}` }).first()).toBeVisible({ timeout: 30_000 });
    await shoot(admin, `list-${name}`);
    await admin.goto(`/admin/user/${made.data.id}/details`);
    await expect(admin.getByRole('heading', { name: `Shot ${name}` })).toBeVisible();
    await shoot(admin, `details-${name}`);
    await admin.goto(`/admin/user/${made.data.id}/storage`);
    await expect(admin.getByText(/of 2 GB used/)).toBeVisible();
    await shoot(admin, `storage-${name}`);
    await admin.goto(`/admin/user/${made.data.id}/subscription`);
    await expect(admin.getByText('This user has no subscription.')).toBeVisible();
    await shoot(admin, `subscription-${name}`);
    await admin.goto('/admin/user/create');
    await shoot(admin, `create-${name}`);
    await admin.goto('/admin/dashboard');
    await expect(admin.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    await shoot(admin, `dashboard-${name}`);
    await admin.context().close();
  }
});

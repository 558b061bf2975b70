import { expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E_BASE_URL } from '../support/env.js';
import { ADMIN, uniqueEmail } from '../support/helpers.js';
import { newAccount, useAdminSession } from '../support/accounts.js';

const SHOTS = process.env.E2E_SHOTS;

test('a token made in settings calls the API without cookies, and stops working once revoked', async ({ page }) => {
  const email = uniqueEmail('tia');
  await newAccount(page, 'Tia Token', email, 'token-password-1');

  await page.goto('/user/settings/tokens');
  await expect(page.getByRole('heading', { name: 'Create an API token' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/api/docs');
  // Only administrators are offered the admin scope.
  await expect(page.getByRole('switch', { name: 'Allow the admin API' })).toHaveCount(0);
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();

  await page.getByLabel('Token name').fill('ab');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Enter at least 3 characters.')).toBeVisible();

  // A token outlives the session: it asks for the password again (ADR 0062).
  await page.getByLabel('Token name').fill('Backup script');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill('token-password-1');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Copy it now: you won’t be able to see it again.')).toBeVisible();
  const field = page.getByLabel('Token', { exact: true });
  const secret = await field.inputValue();
  expect(secret).toMatch(/^fst_[A-Za-z0-9_-]{43}$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tokens-created.png`, fullPage: true });

  await page.getByRole('button', { name: 'I’ve copied it' }).click();
  await expect(field).toHaveCount(0);
  const row = page.getByRole('list', { name: 'Your tokens' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Backup script');
  await expect(row).toContainText('never used');
  // The secret is never on the page again.
  await expect(page.locator('body')).not.toContainText(secret);

  // A client of its own: no cookie from the page, no XSRF header.
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    const auth = { Authorization: `Bearer ${secret}` };
    const me = await api.get('/api/user', { headers: auth });
    expect(me.status()).toBe(200);
    expect((await me.json()).data.attributes.email).toBe(email);
    expect(me.headers()['set-cookie']).toBeUndefined();
    const folder = await api.post('/api/create-folder', {
      headers: auth,
      data: { name: 'Made by a script', parent_id: null },
    });
    expect(folder.status()).toBe(201);

    await page.reload();
    await expect(row).toContainText('last used');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tokens-list.png`, fullPage: true });

    await row.getByRole('button', { name: 'Revoke Backup script' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “Backup script”?' });
    await expect(dialog).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tokens-revoke.png` });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('You have no API tokens yet.')).toBeVisible();

    const after = await api.get('/api/user', { headers: auth });
    expect(after.status()).toBe(401);
    expect((await after.json()).code).toBe('auth.invalid_token');
  } finally {
    await api.dispose();
  }

  await page.goto('/platform/files');
  await expect(page.getByText('Made by a script').first()).toBeVisible();
});

test('an administrator can give a token the admin scope; the reference page loads offline under its CSP', async ({
  page,
}) => {
  // The API reference renders the whole API in the browser: a minute alone on a loaded machine.
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(E2E_BASE_URL) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  await useAdminSession(page);
  await page.goto('/user/settings/tokens');
  await page.getByLabel('Token name').fill('Admin robot');
  await page.getByRole('switch', { name: 'Allow the admin API' }).check();
  await page.getByLabel('Current password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = await page.getByLabel('Token', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'I’ve copied it' }).click();
  await expect(page.getByRole('list', { name: 'Your tokens' })).toContainText('Admin robot');
  await expect(page.getByRole('list', { name: 'Your tokens' })).toContainText('Admin');

  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect((await api.get('/api/admin/settings', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(
      200,
    );
  } finally {
    await api.dispose();
  }

  await page.goto('/api/docs');
  // The reference renders the whole API in the browser: well over 10 s beside another worker at a load average of 30.
  await expect(page.getByRole('heading', { name: /File storage API/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('heading', { name: /^API tokens/ }).click();
  await expect(page.getByText('/api/user/tokens').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-docs.png` });
  expect(outside).toEqual([]);
  expect(violations.filter((v) => /Content Security Policy|Refused/i.test(v))).toEqual([]);
});

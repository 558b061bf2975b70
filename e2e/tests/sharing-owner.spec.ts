import { expect, test, type Page } from '@playwright/test';
import { apiCall, linkIn, outbox, seedFile, seedFolder, uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

interface ShareAnswer {
  data: { attributes: { token: string; permission: string; protected: boolean; expires_at: string | null } };
}

const item = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const sharedMark = (page: Page, name: string) => item(page, name).locator('svg[aria-label="Shared by link"]');

// The desktop the design was drawn for: the details panel shows from 1280 px.
test.use({ viewport: { width: 1440, height: 900 } });

async function newUser(page: Page, prefix: string) {
  await newAccount(page, `${prefix} Tester`, uniqueEmail(prefix), 'sharing-password-1');
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
}

test('shares a folder as editor with a password and an expiry, edits it, and stops sharing it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await newUser(page, 'sharon');
  await seedFolder(page, 'Client work');
  await page.reload();

  await item(page, 'Client work').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const popup = page.getByRole('dialog', { name: 'Share “Client work”' });
  await popup.getByRole('radio', { name: /Can edit, upload and delete/ }).check();
  await popup.getByRole('switch', { name: 'Protect with a password' }).check();
  const password = popup.getByLabel('Password for the link');
  await password.fill('open-sesame-1');
  await expect(password).toHaveAttribute('type', 'password');
  await popup.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await popup.getByLabel('Link expires').selectOption({ label: 'After 1 day' });
  // A wrong address is refused under the field, before any call.
  const emails = popup.getByLabel('Send the link by email (optional)');
  await emails.fill('not-an-address');
  await emails.press('Enter');
  await expect(popup.getByText('“not-an-address” isn’t a valid email address.')).toBeVisible();
  await emails.fill('');
  await popup.getByRole('button', { name: 'Create link' }).click();

  // The same popup now shows the link, its QR code and what was set.
  const created = page.getByRole('dialog', { name: '“Client work” is shared' });
  const linkField = created.getByRole('textbox', { name: 'Link' });
  await expect(linkField).toHaveValue(/\/share\/[A-Za-z0-9_-]{22,}$/);
  const link = await linkField.inputValue();
  const token = link.split('/share/')[1]!;
  const qr = created.getByRole('img', { name: 'QR code of the link' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;utf8,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(created.getByText('Can edit, upload and delete')).toBeVisible();
  await expect(created.getByText('Protected with a password')).toBeVisible();
  await expect(created.getByText(/^Expires /)).toBeVisible();

  await created.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await created.getByRole('button', { name: 'Done' }).click();

  // The server has it as asked: editor, protected, about a day.
  const stored = await apiCall<ShareAnswer>(page, 'GET', `/api/share/${token}`);
  expect(stored.data.attributes.permission).toBe('editor');
  expect(stored.data.attributes.protected).toBe(true);
  const hours = (Date.parse(stored.data.attributes.expires_at!) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23);
  expect(hours).toBeLessThanOrEqual(24);

  // The listing marks it, and the details panel has its "Shared" section.
  await expect(sharedMark(page, 'Client work')).toBeVisible();
  await expect(item(page, 'Client work')).toHaveAccessibleDescription('Shared by link');
  await item(page, 'Client work').click();
  const details = page.getByRole('button', { name: 'File details' });
  if ((await details.getAttribute('aria-pressed')) !== 'true') await details.click();
  const panel = page.getByRole('complementary', { name: 'File details' });
  await expect(panel.getByText('Can edit, upload and delete')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Link' })).toHaveValue(link);
  await expect(panel.getByRole('img', { name: 'Protected with a password' })).toBeVisible();

  // Edit it to visitor from the panel's pencil.
  await panel.getByRole('button', { name: 'Edit sharing of Client work' }).click();
  const edit = page.getByRole('dialog', { name: 'Sharing “Client work”' });
  await expect(edit.getByRole('radio', { name: /Can edit, upload and delete/ })).toBeChecked();
  await expect(edit.getByText(/^Expires /)).toBeVisible();
  await edit.getByRole('radio', { name: /Can view and download/ }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Sharing of “Client work” updated')).toBeVisible();
  await expect(panel.getByText('Can view and download')).toBeVisible();
  const changed = await apiCall<ShareAnswer>(page, 'GET', `/api/share/${token}`);
  expect(changed.data.attributes.permission).toBe('visitor');
  expect(changed.data.attributes.protected).toBe(true);

  // My shared items lists it with what it allows; stopping it there removes it.
  await page.getByRole('link', { name: 'Publicly Shared' }).click();
  await expect(page).toHaveURL(/\/platform\/my-shared-items$/);
  const row = page.getByRole('listitem').filter({ hasText: 'Client work' });
  await expect(row.getByText('View only')).toBeVisible();
  await expect(row.getByText('Password')).toBeVisible();
  await expect(row.getByText(/^Expires /)).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Client work' }).click();
  await page.getByRole('menuitem', { name: 'Stop sharing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop sharing “Client work”?' });
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('Stopped sharing “Client work”')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing shared yet' })).toBeVisible();

  // The link is dead for everyone (it says it was removed, ADR 0019), and the folder no longer shows the mark.
  const visitor = await page.request.get(`/api/sharing/${token}`);
  expect(visitor.status()).toBe(410);
  expect(await visitor.json()).toMatchObject({ code: 'share.revoked' });
  await page.getByRole('link', { name: 'My Files' }).first().click();
  await expect(item(page, 'Client work')).toBeVisible();
  await expect(sharedMark(page, 'Client work')).toHaveCount(0);
  await expect(item(page, 'Client work')).toHaveAccessibleDescription('');
});

test('a file is shared view-only, and a selection of links stops at once', async ({ page }) => {
  await newUser(page, 'vera');
  await seedFile(page, 'price list.txt', 'apples 3');
  const folder = await seedFolder(page, 'Brochures');
  await apiCall(page, 'POST', '/api/share', { id: folder, type: 'folder', permission: 'visitor' });
  await page.reload();
  await expect(sharedMark(page, 'Brochures')).toBeVisible();

  // The item's menu says "Edit sharing" once shared, "Share" before.
  await item(page, 'price list.txt').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const popup = page.getByRole('dialog', { name: 'Share “price list.txt”' });
  await expect(popup.getByText('Files are shared view-only')).toBeVisible();
  await expect(popup.getByRole('radio')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog', { name: '“price list.txt” is shared' });
  await expect(created.getByText('Can view and download')).toBeVisible();
  await expect(created.getByText('No password')).toBeVisible();
  await expect(created.getByText('Never expires')).toBeVisible();
  await created.getByRole('button', { name: 'Done' }).click();
  await item(page, 'price list.txt').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Edit sharing' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/platform/my-shared-items');
  await expect(page.getByText('2 shared items')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all shared items' }).check();
  await expect(page.getByText('2 items selected')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Shared items' }).getByRole('button', { name: 'Stop sharing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop sharing 2 items?' });
  await confirm.getByRole('button', { name: 'Stop sharing 2 items' }).click();
  await expect(page.getByText('Stopped sharing 2 items')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing shared yet' })).toBeVisible();
  const left = await apiCall<{ data: unknown[] }>(page, 'GET', '/api/browse/share');
  expect(left.data).toHaveLength(0);
});

test('requests files into a folder and mails the link; the new folder appears', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await newUser(page, 'reggie');
  const contracts = await seedFolder(page, 'Contracts');
  await page.reload();
  await item(page, 'Contracts').dblclick();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${contracts}$`));

  // From the upload menu of the open folder: uploads go there by default.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Request files' }).click();
  const popup = page.getByRole('dialog', { name: 'Request files' });
  await expect(popup.getByRole('button', { name: /Contracts/ })).toBeVisible();
  await expect(popup.getByLabel('Name of the new folder (optional)')).toHaveAttribute(
    'placeholder',
    /^Upload request /,
  );
  await popup.getByLabel('Name of the new folder (optional)').fill('Signed contracts');
  await popup.getByLabel('Message for the guest (optional)').fill('Please upload the signed copies by Friday.');
  const guest = uniqueEmail('guest');
  await popup.getByLabel('Email the link to (optional)').fill(guest);
  await popup.getByRole('button', { name: 'Create request link' }).click();

  const created = page.getByRole('dialog', { name: 'Your upload link is ready' });
  const linkField = created.getByRole('textbox', { name: 'Upload link' });
  await expect(linkField).toHaveValue(/\/request\/[A-Za-z0-9_-]{22,}\/upload$/);
  const link = await linkField.inputValue();
  await expect(created.getByText(`We emailed it to ${guest}.`)).toBeVisible();
  await created.getByRole('button', { name: 'Copy', exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The guest's mail carries the same link and the message.
  await expect.poll(() => outbox().filter((m) => m.includes(guest)).length).toBeGreaterThan(0);
  const mail = outbox().find((m) => m.includes(guest))!;
  expect(linkIn(mail, '/request/')).toBe(link);
  expect(mail.replace(/=\r?\n/g, '')).toContain('Please upload the signed copies by Friday.');

  await created.getByRole('button', { name: 'Done' }).click();
  await expect(item(page, 'Signed contracts')).toBeVisible();
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/**
 * The notification center (spec §2, §4): a guest fills an upload request in their own browser;
 * the owner's bell counts it live (the websocket), opening the center reads it, and its button
 * opens the request's folder. E2E_SHOTS=1 saves screenshots.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(1300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a guest fills an upload request; the owner’s bell shows it, opening reads it, its button opens the folder', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await newAccount(page, 'Nora Owner', uniqueEmail('nora'), 'notify-password-1');
  const created = await apiCall<{ data: { attributes: { token: string; folder_id: string } } }>(
    page,
    'POST',
    '/api/file-request',
    { name: 'Receipts 2026' },
  );
  const { token, folder_id: folderId } = created.data.attributes;
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');

  // The guest, in a browser of their own, uploads a file and presses Done.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/request/${token}/upload`);
  const chooser = guest.waitForEvent('filechooser');
  await guest.getByRole('button', { name: 'Upload files' }).first().click();
  await (await chooser).setFiles({ name: 'taxi.txt', mimeType: 'text/plain', buffer: Buffer.from('12.50\n') });
  await expect(guest.getByText('taxi.txt').first()).toBeVisible({ timeout: 20_000 });
  await guest.getByRole('button', { name: 'I’m done' }).click();
  await guest.getByRole('button', { name: 'Yes, I’m done' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await guestContext.close();

  // Two notifications arrived live over the websocket: the first upload and the request complete.
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(bell).toContainText('2');
  await shoot(page, 'notifications-bell');

  // The highlight of what was unread lasts one second: a loaded machine can miss it between two looks
  // (seen at a load average of 25 with two workers), so the page itself notes every highlighted title.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { highlighted: string[] }).highlighted = seen;
    const note = () => {
      for (const article of document.querySelectorAll('article[data-unread="true"]')) {
        const title = article.querySelector('h3')?.textContent ?? '';
        if (!seen.includes(title)) seen.push(title);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-unread'],
    });
  });
  await bell.click();
  const center = page.getByRole('dialog', { name: 'Notifications' });
  await expect(center).toBeVisible();
  const complete = center.getByRole('article').filter({ hasText: 'Upload request “Receipts 2026” is complete' });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { highlighted: string[] }).highlighted))
    .toContain('Upload request “Receipts 2026” is complete');
  await expect(complete).toContainText('1 file arrived');
  await expect(center.getByRole('article').filter({ hasText: 'Files are arriving in “Receipts 2026”' })).toBeVisible();
  await shoot(page, 'notifications-open');
  // Opening read them: the badge goes, the server agrees after a reload.
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(complete).not.toHaveAttribute('data-unread');

  // Its button closes the center, then opens the request's folder.
  await complete.getByRole('link', { name: 'Show files' }).click();
  await expect(center).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${folderId}$`));
  await expect(page.getByRole('option', { name: itemName('taxi.txt') })).toBeVisible();

  await page.reload();
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');

  // Clear all leaves the empty state; Escape closes.
  await bellOf(page).click();
  await center.getByRole('button', { name: 'Clear all' }).click();
  await expect(center.getByText('No notifications yet')).toBeVisible();
  await shoot(page, 'notifications-empty');
  await page.keyboard.press('Escape');
  await expect(center).toBeHidden();
});

test('the mail switch on the profile is on by default and saved when turned off', async ({ page }) => {
  await newAccount(page, 'Mia Mail', uniqueEmail('mia'), 'notify-password-1');
  await page.goto('/user/profile');
  const toggle = page.getByRole('switch', { name: 'Email me my notifications' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(async () => {
      const user = await apiCall<{
        data: { relationships: { settings: { data: { attributes: Record<string, unknown> } } } };
      }>(page, 'GET', '/api/user');
      return user.data.relationships.settings.data.attributes.mail_notifications;
    })
    .toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me my notifications' })).not.toBeChecked();
  await shoot(page, 'notifications-profile-switch');
});

test('an upload request sent to someone with an account rings their bell; its button opens the upload page in a new tab', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const recipientEmail = uniqueEmail('rhea');
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  await newAccount(recipient, 'Rhea Recipient', recipientEmail, 'notify-password-2');
  await expect(bellOf(recipient)).toHaveAccessibleName('Notifications');

  await newAccount(page, 'Olga Owner', uniqueEmail('olga'), 'notify-password-3');
  const created = await apiCall<{ data: { attributes: { token: string } } }>(page, 'POST', '/api/file-request', {
    name: 'Signed contract',
    email: recipientEmail,
    notes: 'The signed copy, please',
  });
  const { token } = created.data.attributes;

  // It arrives live; the center shows who asks, their message, and the upload page's button.
  await expect(bellOf(recipient)).toHaveAccessibleName('Notifications, 1 unread');
  await bellOf(recipient).click();
  const center = recipient.getByRole('dialog', { name: 'Notifications' });
  const asked = center.getByRole('article').filter({ hasText: 'Olga asks you to upload files' });
  await expect(asked).toContainText('Their message: “The signed copy, please”');
  const opened = recipientContext.waitForEvent('page');
  await asked.getByRole('link', { name: 'Upload files' }).click();
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/request/${token}/upload$`));
  await expect(tab.getByRole('button', { name: 'Upload files' }).first()).toBeVisible();
  await expect(center).toBeHidden();
  await recipientContext.close();
});

test('a notification written while the page’s socket is still connecting still rings the bell', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const recipientEmail = uniqueEmail('nadia');
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  await newAccount(recipient, 'Nadia Recipient', recipientEmail, 'notify-password-4');
  await newAccount(page, 'Oskar Owner', uniqueEmail('oskar'), 'notify-password-5');

  // The recipient's next page load keeps its socket waiting, as a slow link or a busy machine does.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await recipient.routeWebSocket(/\/socket\.io\//, async (socket) => {
    held++;
    await released;
    socket.connectToServer();
  });
  // Polling is the socket's fallback: hold it the same way.
  await recipient.route(/\/socket\.io\//, async (route) => {
    await released;
    await route.continue();
  });
  await recipient.reload();
  await expect(bellOf(recipient)).toHaveAccessibleName('Notifications');
  await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);

  await apiCall(page, 'POST', '/api/file-request', { name: 'Tax papers', email: recipientEmail });
  release();
  // Nothing fetches the user again: only the socket's first connection can bring it.
  await expect(bellOf(recipient)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  await recipientContext.close();
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/**
 * Issue 14: the owner makes a team folder and invites a second account, which accepts from its
 * notification, uploads as can_edit and sees the owner's rename live; switched to can_view it finds
 * upload and rename gone (and the server refuses them); once the owner dissolves the team, the
 * member's Shared with Me is empty. E2E_SHOTS=1 saves screenshots.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(SHOTS, `teams-${name}.png`) });
}

const item = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const socketOpened = (page: Page) =>
  page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 30_000 });
const dismissTips = (page: Page) =>
  page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);

/** The API as the signed-in page, answering the status (for calls expected to be refused). */
async function statusOf(page: Page, method: string, url: string, data: unknown): Promise<number> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  return response.status();
}

test('a team folder from invitation to dissolution, with can_edit and can_view enforced live', async ({ browser }) => {
  test.setTimeout(180_000);
  const memberEmail = uniqueEmail('mark');

  // The member has an account first, so the invitation also arrives as a notification.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await newAccount(member, 'Mark Member', memberEmail, 'team-member-password-1');
  await dismissTips(member);
  const memberSocket = socketOpened(member);
  await member.goto('/platform/files');
  await memberSocket;

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await newAccount(owner, 'Olga Owner', uniqueEmail('olga'), 'team-owner-password-1');
  await dismissTips(owner);
  const ownerSocket = socketOpened(owner);
  await owner.goto('/platform/team-folders');
  await expect(owner.getByRole('heading', { name: 'No team folders yet' })).toBeVisible();
  await ownerSocket;
  await shoot(owner, 'empty');

  // The owner creates the team folder with one invitation (can_edit is the default).
  await owner.getByRole('button', { name: 'New team folder' }).first().click();
  const create = owner.getByRole('dialog', { name: 'New team folder' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Launch plan');
  await create.getByRole('textbox', { name: 'Email of the person to invite' }).fill(memberEmail);
  await create.getByRole('button', { name: 'Add' }).click();
  await expect(create.getByRole('list', { name: 'New invitations' })).toContainText(memberEmail);
  await shoot(owner, 'create-popup');
  await create.getByRole('button', { name: 'Create team folder' }).click();
  await expect(create).toBeHidden();
  await expect(owner).toHaveURL(/\/platform\/team-folders\/[0-9a-f-]{36}$/);
  const teamId = owner.url().split('/').pop()!;
  await expect(owner.getByRole('heading', { name: 'Launch plan' })).toBeVisible();
  await expect(owner.getByText('You own this team')).toBeVisible();

  // The member accepts from the notification, live, and lands in Shared with Me.
  const bell = member.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await bell.click();
  const center = member.getByRole('dialog', { name: 'Notifications' });
  await shoot(member, 'notification');
  await center.getByRole('button', { name: 'Accept' }).click();
  await expect(center.getByRole('button', { name: 'Accept' })).toBeHidden();
  await expect(member).toHaveURL(/\/platform\/shared-with-me$/);
  await member.keyboard.press('Escape');
  await expect(item(member, 'Launch plan')).toBeVisible();
  await item(member, 'Launch plan').dblclick();
  await expect(member).toHaveURL(new RegExp(`/platform/shared-with-me/${teamId}$`));
  await expect(member.getByText('You can edit')).toBeVisible();

  // As can_edit the member uploads; the owner's open folder shows it without reloading.
  const chooser = member.waitForEvent('filechooser');
  await member
    .getByRole('button', { name: /^Upload( files)?$/ })
    .first()
    .click();
  await member.getByRole('menu').getByText('Upload files', { exact: true }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('agenda\n') });
  await expect(item(member, 'notes.txt')).toBeVisible({ timeout: 30_000 });
  await expect(item(owner, 'notes.txt')).toBeVisible({ timeout: 15_000 });
  await shoot(member, 'member-can-edit');

  // The owner renames it; the member sees the new name live.
  const listing = await apiCall<{ data: { data: { id: string; attributes: { name: string } } }[] }>(
    owner,
    'GET',
    `/api/teams/folders/${teamId}`,
  );
  const fileId = listing.data.find((r) => r.data.attributes.name === 'notes.txt')!.data.id;
  await apiCall(owner, 'POST', `/api/rename/${fileId}`, { name: 'agenda.txt', type: 'file', _method: 'patch' });
  await expect(item(member, 'agenda.txt')).toBeVisible({ timeout: 15_000 });
  await expect(item(member, 'notes.txt')).toBeHidden();

  // The owner makes the member can_view in the update popup.
  await owner.getByRole('button', { name: 'Manage team' }).click();
  const manage = owner.getByRole('dialog', { name: 'Manage “Launch plan”' });
  await manage.getByRole('combobox', { name: 'Permission of Mark Member' }).selectOption('can_view');
  await shoot(owner, 'update-popup');
  await manage.getByRole('button', { name: 'Save changes' }).click();
  await expect(manage).toBeHidden();

  // The member's screen follows: upload and rename are gone...
  await expect(member.getByText('You can view only')).toBeVisible({ timeout: 15_000 });
  await expect(member.getByRole('button', { name: /^Upload( files)?$/ })).toHaveCount(0);
  await item(member, 'agenda.txt').click({ button: 'right' });
  const menu = member.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Download/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Rename/ })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /Move to trash/ })).toHaveCount(0);
  await shoot(member, 'member-can-view');
  await member.keyboard.press('Escape');
  // ...and the server refuses them anyway.
  expect(
    await statusOf(member, 'POST', `/api/rename/${fileId}`, { name: 'x.txt', type: 'file', _method: 'patch' }),
  ).toBe(403);
  expect(await statusOf(member, 'POST', '/api/create-folder', { name: 'Sneaky', parent_id: teamId })).toBe(403);
  const xsrf = (await memberContext.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const upload = await member.request.post('/api/upload/chunks', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    multipart: {
      name: 'sneaky.txt',
      extension: 'txt',
      is_last_chunk: '1',
      parent_id: teamId,
      chunk: { name: 'sneaky.txt', mimeType: 'text/plain', buffer: Buffer.from('no') },
    },
  });
  expect(upload.status()).toBe(403);

  // The owner dissolves; the member's open team folder closes and Shared with Me is empty.
  await owner.getByRole('button', { name: 'Manage team' }).click();
  await owner
    .getByRole('dialog', { name: 'Manage “Launch plan”' })
    .getByRole('button', { name: 'Dissolve team' })
    .click();
  const confirm = owner.getByRole('dialog', { name: 'Really dissolve the team “Launch plan”?' });
  await shoot(owner, 'dissolve-confirm');
  await confirm.getByRole('button', { name: 'Dissolve team' }).click();
  await expect(owner).toHaveURL(new RegExp(`/platform/files/${teamId}$`));
  await expect(member).toHaveURL(/\/platform\/shared-with-me$/, { timeout: 15_000 });
  await expect(member.getByRole('heading', { name: 'Nothing is shared with you yet' })).toBeVisible();
  await member.reload();
  await expect(member.getByRole('heading', { name: 'Nothing is shared with you yet' })).toBeVisible();

  await memberContext.close();
  await ownerContext.close();
});

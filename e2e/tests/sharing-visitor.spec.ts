import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { dropFromDesktop, linkIn, outbox, uniqueEmail, zipListing, itemName } from '../support/helpers.js';
import { E2E_S3_SKIPPED } from '../support/env.js';
import { newAccount } from '../support/accounts.js';

// The S3 run (E2E_STORAGE=s3) without an S3 server: listed as skipped, with the reason.
test.skip(E2E_S3_SKIPPED !== null, E2E_S3_SKIPPED ?? '');

/**
 * What someone holding a link sees and does, without an account: share links (password, editor
 * and visitor permissions, zips, revocation) and upload requests (upload, organise, Done). The
 * owner's side is set up through the API as the signed-in owner.
 */

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(DESKTOP);

async function call<T = unknown>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(response.ok(), `${method} ${url} answered ${response.status()}`).toBeTruthy();
  return (response.status() === 204 ? null : await response.json()) as T;
}

interface Created {
  data: { id: string };
}

async function seedFolder(page: Page, name: string, parentId: string | null = null): Promise<string> {
  return (await call<Created>(page, 'POST', '/api/create-folder', { name, parent_id: parentId })).data.id;
}

async function seedFile(page: Page, name: string, text: string, parentId: string): Promise<string> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/upload/chunks', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    multipart: {
      name,
      extension: name.split('.').pop() ?? '',
      is_last_chunk: '1',
      parent_id: parentId,
      chunk: { name, mimeType: 'text/plain', buffer: Buffer.from(text) },
    },
  });
  expect(response.ok(), `upload answered ${response.status()}`).toBeTruthy();
  return ((await response.json()) as Created).data.id;
}

interface ShareCreated {
  data: { attributes: { token: string; link: string } };
}

async function share(page: Page, body: Record<string, unknown>): Promise<string> {
  return (await call<ShareCreated>(page, 'POST', '/api/share', body)).data.attributes.token;
}

/** An owner with "Team offsite" (agenda.txt, and Photos/beach.txt inside). */
async function ownerWithFolder(page: Page, prefix: string) {
  const name = `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Owner`;
  const email = uniqueEmail(prefix);
  await newAccount(page, name, email, 'sharing-password-1');
  const folderId = await seedFolder(page, 'Team offsite');
  const photosId = await seedFolder(page, 'Photos', folderId);
  await seedFile(page, 'agenda.txt', 'Day 1: arrive. Day 2: hike.\n', folderId);
  await seedFile(page, 'beach.txt', 'Sand.\n', photosId);
  return { name, email, folderId, photosId };
}

/** Someone with the link only: a fresh browser context, no session, no cookies. */
async function stranger(browser: Browser, device: typeof DESKTOP | typeof PHONE = DESKTOP): Promise<Page> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await page.addInitScript(() =>
    localStorage.setItem(
      'filestore.preferences',
      JSON.stringify({ state: { cookieDisclaimerDismissed: true }, version: 1 }),
    ),
  );
  return page;
}

const row = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const uploads = (page: Page) => page.getByRole('region', { name: 'Uploads' });

test.describe('share links', () => {
  test('an editor link with a password: wrong then right password, upload, rename, zip of everything', async ({
    page,
    browser,
  }) => {
    const owner = await ownerWithFolder(page, 'erin');
    const token = await share(page, {
      id: owner.folderId,
      type: 'folder',
      permission: 'editor',
      isPassword: true,
      password: 'open-sesame-1',
      expiration: 24,
    });

    const guest = await stranger(browser);
    expect((await guest.request.get('/api/user')).status()).toBe(401);
    await guest.goto(`/share/${token}`);
    await expect(guest).toHaveURL(new RegExp(`/share/${token}/authenticate$`));
    await expect(guest.getByText(owner.name, { exact: true })).toBeVisible();

    await guest.getByLabel('Password').fill('not-the-password');
    await guest.getByRole('button', { name: 'Open' }).click();
    await expect(guest.getByText('That password isn’t right. Check it and try again.')).toBeVisible();
    await expect(guest).toHaveURL(/\/authenticate$/);

    await guest.getByLabel('Password').fill('open-sesame-1');
    await guest.getByRole('button', { name: 'Open' }).click();
    await expect(guest).toHaveURL(new RegExp(`/share/${token}/files$`));
    await expect(guest.getByRole('heading', { name: 'Team offsite' })).toBeVisible();
    await expect(guest.getByText(`Shared by ${owner.name}`)).toBeVisible();
    await expect(row(guest, 'agenda.txt')).toBeVisible();
    await expect(row(guest, 'Photos')).toBeVisible();

    // Upload through the Upload menu: the chunks go to the link's own upload call.
    const chunkCalls: string[] = [];
    guest.on('request', (request) => {
      if (/\/upload\/(chunks|bulk)\//.test(request.url())) chunkCalls.push(new URL(request.url()).pathname);
    });
    const chooser = guest.waitForEvent('filechooser');
    await guest.getByRole('button', { name: 'Upload', exact: true }).click();
    await guest.getByRole('menuitem', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('We met.\n') });
    await expect(uploads(guest).getByText('1 upload complete')).toBeVisible({ timeout: 20_000 });
    await expect(row(guest, 'minutes.txt')).toBeVisible();
    // A small file goes in one bulk request (issue 42), through the link's own route.
    expect(chunkCalls).toEqual([`/api/sharing/upload/bulk/${token}`]);
    chunkCalls.length = 0;

    // Rename it with F2, as in the owner's own Files screen.
    await row(guest, 'minutes.txt').click();
    await guest.keyboard.press('F2');
    const rename = guest.getByRole('dialog', { name: 'Rename file' });
    await rename.getByLabel('Name').fill('minutes-final.txt');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(row(guest, 'minutes-final.txt')).toBeVisible();
    await expect(row(guest, 'minutes.txt')).toBeHidden();

    // The owner has it, under its new name.
    const listing = await call<{ data: { data: { attributes: { name: string } } }[] }>(
      page,
      'GET',
      `/api/browse/folders/${owner.folderId}`,
    );
    expect(listing.data.map((r) => r.data.attributes.name)).toContain('minutes-final.txt');

    // A folder dropped from the desktop keeps its tree: its folders are made through the link too.
    const desk = mkdtempSync(path.join(os.tmpdir(), 'filestore-share-drop-'));
    mkdirSync(path.join(desk, 'Maps', 'Empty'), { recursive: true });
    writeFileSync(path.join(desk, 'Maps', 'trail.txt'), 'Left at the lake.\n');
    await dropFromDesktop(guest, [path.join(desk, 'Maps')], { fromBottom: 80 });
    await expect(uploads(guest).getByRole('listitem').filter({ hasText: 'trail.txt' })).toContainText('Uploaded', {
      timeout: 20_000,
    });
    await expect(row(guest, 'Maps')).toBeVisible();

    // With nothing selected, "Download all" zips the shared folder through the link.
    await row(guest, 'minutes-final.txt').press('Escape');
    const downloading = guest.waitForEvent('download');
    await guest.getByRole('button', { name: 'Download all' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const saved = path.join(mkdtempSync(path.join(os.tmpdir(), 'filestore-share-zip-')), 'all.zip');
    await download.saveAs(saved);
    expect(await zipListing(saved)).toEqual([
      'Team offsite/Maps/Empty/',
      'Team offsite/Maps/trail.txt',
      'Team offsite/Photos/beach.txt',
      'Team offsite/agenda.txt',
      'Team offsite/minutes-final.txt',
    ]);
    await guest.context().close();
  });

  test('a visitor link lists and opens folders, and offers no upload, rename, move or remove', async ({
    page,
    browser,
  }) => {
    const owner = await ownerWithFolder(page, 'vera');
    const token = await share(page, { id: owner.folderId, type: 'folder', permission: 'visitor' });

    const guest = await stranger(browser);
    await guest.goto(`/share/${token}`);
    await expect(guest).toHaveURL(new RegExp(`/share/${token}/files$`));
    await expect(guest.getByRole('heading', { name: 'Team offsite' })).toBeVisible();
    await expect(guest.getByText('View and download')).toBeVisible();
    await expect(row(guest, 'agenda.txt')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'New folder' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // The item's menu: open and download only.
    await guest.getByTitle('Actions for agenda.txt', { exact: true }).click();
    const menu = guest.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([/^Preview/, /^Download/]);
    await guest.keyboard.press('Escape');

    // F2 and Delete do nothing here.
    await row(guest, 'agenda.txt').click();
    await guest.keyboard.press('F2');
    await guest.keyboard.press('Delete');
    await expect(guest.getByRole('dialog')).toHaveCount(0);

    // Subfolders open, with a breadcrumb that starts at the shared folder; the tree shows them.
    await row(guest, 'Photos').dblclick();
    await expect(guest).toHaveURL(new RegExp(`/share/${token}/files/${owner.photosId}$`));
    await expect(row(guest, 'beach.txt')).toBeVisible();
    const crumbs = guest.getByRole('navigation', { name: 'Folder path' });
    await expect(crumbs.getByRole('link', { name: 'Team offsite' })).toBeVisible();
    await guest
      .getByRole('navigation', { name: 'Folders of this link' })
      .getByRole('link', { name: 'Team offsite' })
      .click();
    await expect(row(guest, 'agenda.txt')).toBeVisible();

    // The server refuses a write through this link, whatever the page shows.
    const xsrf = (await guest.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const refused = await guest.request.post(`/api/sharing/create-folder/${token}`, {
      data: { name: 'Sneaky' },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    });
    expect(refused.status()).toBe(403);
    await guest.context().close();
  });

  test('a revoked link says it was removed; an unknown one is not found', async ({ page, browser }) => {
    const owner = await ownerWithFolder(page, 'rory');
    const token = await share(page, { id: owner.folderId, type: 'folder', permission: 'visitor' });
    const guest = await stranger(browser);
    await guest.goto(`/share/${token}`);
    await expect(row(guest, 'agenda.txt')).toBeVisible();

    await call(page, 'POST', '/api/share/revoke', { tokens: [token] });
    await guest.reload();
    await expect(guest.getByRole('heading', { name: 'This link was removed' })).toBeVisible();
    await guest.goto('/share/no-such-link-at-all');
    await expect(guest.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await guest.context().close();
  });
});

interface RequestCreated {
  data: { attributes: { token: string; status: string; folder_id: string } };
}

test.describe('upload requests', () => {
  test('from the owner asking to the guest uploading, organising and pressing Done, with the owner mailed', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('quinn');
    await newAccount(page, 'Quinn Owner', email, 'sharing-password-1');
    const created = await call<RequestCreated>(page, 'POST', '/api/file-request', {
      name: 'Receipts from Sam',
      notes: 'Hi Sam!\nThe receipts of March, please. <b>Not bold</b>',
    });
    const { token, folder_id: folderId } = created.data.attributes;
    expect(created.data.attributes.status).toBe('active');

    // The guest is on a phone.
    const guest = await stranger(browser, PHONE);
    await guest.goto(`/request/${token}/upload`);
    // The guest is told who asks by the owner's first name.
    await expect(guest.getByRole('heading', { name: 'Quinn asks you to upload files' })).toBeVisible();
    // The message is text: its markup shows as typed, never as HTML.
    await expect(guest.getByText('The receipts of March, please. <b>Not bold</b>')).toBeVisible();
    await expect(guest.locator('blockquote b')).toHaveCount(0);
    await expect(guest.getByRole('heading', { name: 'Nothing uploaded yet' })).toBeVisible();

    const chooser = guest.waitForEvent('filechooser');
    await guest.getByRole('button', { name: 'Upload files', exact: true }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'taxi.txt', mimeType: 'text/plain', buffer: Buffer.from('Taxi: 23 EUR\n') },
      { name: 'hotel.txt', mimeType: 'text/plain', buffer: Buffer.from('Hotel: 180 EUR\n') },
    ]);
    await expect(uploads(guest).getByText('2 uploads complete')).toBeVisible({ timeout: 20_000 });
    await expect(row(guest, 'taxi.txt')).toBeVisible();
    await expect(row(guest, 'hotel.txt')).toBeVisible();

    // A folder of their own, and the hotel receipt moved into it.
    await guest.getByRole('button', { name: 'New folder' }).click();
    const create = guest.getByRole('dialog', { name: 'New folder' });
    await create.getByLabel('Name').fill('March');
    await create.getByRole('button', { name: 'Create folder' }).click();
    await expect(row(guest, 'March')).toBeVisible();
    await guest.getByTitle('Actions for hotel.txt', { exact: true }).click();
    await guest.getByRole('menuitem', { name: 'Move', exact: true }).click();
    const move = guest.getByRole('dialog', { name: /Move/ });
    await move.getByRole('treeitem', { name: 'March' }).click();
    await move.getByRole('button', { name: 'Move to March' }).click();
    await expect(row(guest, 'hotel.txt')).toBeHidden();
    await row(guest, 'March').tap();
    await expect(guest).toHaveURL(new RegExp(`/request/${token}/upload/[0-9a-f-]{36}$`));
    await expect(row(guest, 'hotel.txt')).toBeVisible();

    // Done: confirmed, then thanked; the link takes nothing more, and says so.
    await guest.getByRole('button', { name: 'I’m done' }).click();
    await guest
      .getByRole('dialog', { name: 'Finished uploading?' })
      .getByRole('button', { name: 'Yes, I’m done' })
      .click();
    await expect(guest.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await guest.goto(`/request/${token}/upload`);
    await expect(guest.getByRole('heading', { name: 'Thanks, this request is complete' })).toBeVisible();

    // The owner has the files in the request's folder and a mail saying the request is complete.
    const listing = await call<{ data: { data: { attributes: { name: string } } }[] }>(
      page,
      'GET',
      `/api/browse/folders/${folderId}`,
    );
    expect(listing.data.map((r) => r.data.attributes.name).sort()).toEqual(['March', 'taxi.txt']);
    await expect
      .poll(() => outbox().find((mail) => mail.includes(`To: ${email}`) && mail.includes('is complete')))
      .toBeTruthy();
    const mail = outbox().find((m) => m.includes(`To: ${email}`) && m.includes('is complete'))!;
    expect(linkIn(mail, `/platform/files/${folderId}`)).toContain(folderId);
    await guest.context().close();
  });
});

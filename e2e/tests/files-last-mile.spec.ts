import { expect, test, type Page } from '@playwright/test';
import { newAccount } from '../support/accounts.js';
import { apiCall, itemName, seedFolder, uniqueEmail } from '../support/helpers.js';

/*
 * Issue 41, the Files screen's last mile: an item menu whose code is still on its way opens at
 * once or not at all once the user has moved on (point 9).
 */

const SHOTS = process.env.FILES_LAST_MILE_SHOTS;
const MENU_CHUNK = /\/assets\/MenuParts-[^/]+\.js$/;

/** Holds the menus' chunk until `release()`: a slow link or a busy machine, on demand. */
async function holdMenuChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(MENU_CHUNK, async (route) => {
    asked++;
    await released;
    await route.continue().catch(() => {}); // a request of a page left meanwhile is gone
  });
  return { release, asked: () => asked };
}

const NAVIGATOR = 'Files navigation';
const more = (page: Page, name: string) => page.getByTitle(`Actions for ${name}`, { exact: true });
const row = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });

async function filesWithTwoFolders(page: Page, prefix: string) {
  const hold = await holdMenuChunk(page);
  await newAccount(page, 'Mena', uniqueEmail(prefix), 'menu-password-1');
  await seedFolder(page, 'Alpha');
  await seedFolder(page, 'Beta');
  await page.goto('/platform/files');
  await expect(row(page, 'Alpha')).toBeVisible();
  return hold;
}

/** The menu stays shut for a while after its code arrived (it would have opened by then). */
async function staysShut(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /MenuParts-[^/]+\.js$/.test(e.name)),
  );
  await page.waitForTimeout(600);
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('a ⋯ menu asked for before its code arrived is given up by Escape, and the next one opens at once', async ({
  page,
}) => {
  const hold = await filesWithTwoFolders(page, 'menu-esc');
  await more(page, 'Alpha').click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.keyboard.press('Escape');
  hold.release();
  await staysShut(page);

  // Once the code is in, a press opens the menu at once.
  await more(page, 'Alpha').click();
  await expect(page.getByRole('menu')).toBeVisible({ timeout: 1000 });
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
});

test('a right-click menu waiting for its code is given up once the user clicks elsewhere', async ({ page }) => {
  const hold = await filesWithTwoFolders(page, 'menu-click');
  await row(page, 'Alpha').click({ button: 'right' });
  await row(page, 'Beta').click();
  await expect(row(page, 'Beta')).toHaveAttribute('aria-selected', 'true');
  hold.release();
  await staysShut(page);
});

test('Shift+F10 waits for the menu code and opens the menu when nothing else happened', async ({ page }) => {
  const hold = await filesWithTwoFolders(page, 'menu-wait');
  await row(page, 'Alpha').click();
  await page.keyboard.press('Shift+F10');
  await page.waitForTimeout(500);
  await expect(page.getByRole('menu')).toHaveCount(0);
  hold.release();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
});

test('on a phone a tap on ⋯ then on the menu button never opens the item menu later over it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const hold = await filesWithTwoFolders(page, 'menu-tap');
  await more(page, 'Alpha').tap();
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  hold.release();
  await staysShut(page);
  await expect(page.getByRole('dialog')).toBeVisible();
  await context.close();
});

test('the owner’s team folder is listed once in the navigator: under Team Folders, not again under Folders', async ({
  page,
}) => {
  await newAccount(page, 'Tess', uniqueEmail('team-once'), 'team-once-password-1');
  await seedFolder(page, 'Plain');
  await apiCall(page, 'POST', '/api/teams/folders', { name: 'Crew' });
  await page.goto('/platform/files');
  const navigator = page.getByRole('navigation', { name: NAVIGATOR });
  const folders = navigator.getByRole('heading', { name: 'Folders', exact: true }).locator('xpath=..');
  await expect(folders.getByRole('link', { name: 'Plain', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team Folders' }).getByRole('link', { name: 'Crew' })).toBeVisible();
  await expect(navigator.getByRole('link', { name: 'Crew', exact: true })).toHaveCount(1);
  await expect(folders.getByRole('link', { name: 'Crew', exact: true })).toHaveCount(0);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/navigator-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/navigator-dark.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.screenshot({ path: `${SHOTS}/navigator-phone-dark.png` });
  }
});

/** Every navigation call the page makes: the whole tree (`/api/browse/navigation`) or a level. */
function navigationCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/browse/navigation')) calls.push(path);
  });
  return calls;
}

test('the move popup and the upload request’s folder picker load one level per opened folder, never the whole tree', async ({
  page,
}) => {
  await newAccount(page, 'Pia', uniqueEmail('picker'), 'picker-password-1');
  const projects = await seedFolder(page, 'Projects');
  const archive = await seedFolder(page, 'Archive', projects);
  await seedFolder(page, 'Old', archive);
  await seedFolder(page, 'Inbox');
  const calls = navigationCalls(page);
  await page.goto(`/platform/files/${projects}`);
  await expect(row(page, 'Archive')).toBeVisible();

  // The move popup opens on the path to the folder on screen: the top, then Projects' level.
  await row(page, 'Archive').click();
  await page
    .getByRole('toolbar', { name: 'Actions for the selection' })
    .getByRole('button', { name: 'Move', exact: true })
    .click();
  const popup = page.getByRole('dialog', { name: 'Move “Archive”' });
  const tree = popup.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: 'Inbox' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/move-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/move-dark.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/move-phone-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `${SHOTS}/move-phone.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  expect(calls).not.toContain('/api/browse/navigation');
  expect(calls).toContain(`/api/browse/navigation/${projects}`);
  await popup.getByRole('button', { name: 'Cancel' }).click();

  // The request popup's picker: opening a folder asks for its level alone.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Request files' }).click();
  const request = page.getByRole('dialog', { name: 'Request files' });
  await request.getByRole('button', { name: /Projects/ }).click();
  const picker = request.getByRole('tree', { name: 'Uploads go to' });
  await expect(picker.getByRole('treeitem', { name: 'Archive' })).toBeVisible();
  await expect(picker.getByRole('treeitem', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  const before = calls.length;
  await picker.getByRole('treeitem', { name: 'Archive' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(picker.getByRole('treeitem', { name: 'Old' })).toBeVisible();
  expect(calls.slice(before)).toEqual([`/api/browse/navigation/${archive}`]);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/request-picker-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/request-picker-dark.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/request-picker-phone-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  expect(calls).not.toContain('/api/browse/navigation');
});

test('a folder whose level fails to load in the move popup shows closed, not spinning, and opens when asked again', async ({
  page,
}) => {
  await newAccount(page, 'Flo', uniqueEmail('picker-fail'), 'picker-password-1');
  const projects = await seedFolder(page, 'Projects');
  await seedFolder(page, 'Archive', projects);
  await seedFolder(page, 'Inbox');
  let failing = true;
  await page.route(`**/api/browse/navigation/${projects}`, (route) =>
    failing
      ? route.fulfill({ status: 500, json: { code: 'server.error', message: 'Something went wrong.' } })
      : route.continue(),
  );
  await page.goto('/platform/files');
  await row(page, 'Inbox').click();
  await page
    .getByRole('toolbar', { name: 'Actions for the selection' })
    .getByRole('button', { name: 'Move', exact: true })
    .click();
  const tree = page.getByRole('dialog', { name: 'Move “Inbox”' }).getByRole('tree');
  const folder = tree.getByRole('treeitem', { name: 'Projects' });
  await folder.focus();
  await page.keyboard.press('ArrowRight');
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByRole('status')).toHaveCount(0);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/move-level-failed-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/move-level-failed-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  failing = false;
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: 'Archive' })).toBeVisible();
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
});

import { expect, test, type Page } from '@playwright/test';
import { seedFile, seedFolder, uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/*
 * Issue 18: the file screens worked by keyboard as a demanding user does: renaming keeps the
 * extension, focus never falls to the page body, Ctrl/Cmd+A selects items (not page text), the
 * keyboard's context menu opens the item's menu, and the tab's title names the folder.
 */

const item = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const listing = (page: Page) => page.getByRole('listbox');

test.use({ viewport: { width: 1440, height: 900 } });

async function newUser(page: Page, prefix: string) {
  await newAccount(page, `${prefix} Tester`, uniqueEmail(prefix), 'keys-password-1');
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
}

/**
 * The item the list's keyboard cursor is on (its aria-activedescendant), by name: the part of its
 * accessible name before the size and date (these journeys' names hold no comma).
 */
const activeItem = (page: Page) =>
  page.evaluate(() => {
    const list = document.activeElement;
    const id = list?.getAttribute('aria-activedescendant');
    return list?.getAttribute('role') === 'listbox' && id
      ? (document.getElementById(id)?.getAttribute('aria-label')?.split(', ')[0] ?? null)
      : null;
  });

test('F2 on a file selects its base name, and changing the extension asks first', async ({ page }) => {
  await newUser(page, 'rena');
  await seedFile(page, 'expenses-2024.csv', 'a,b\n1,2\n');
  await page.reload();

  const dialog = page.getByRole('dialog', { name: 'Rename file' });
  const name = dialog.getByLabel('Name');
  const selection = () => name.evaluate((i: HTMLInputElement) => [i.selectionStart, i.selectionEnd]);

  // By F2, and from the menus (whose closing hands focus back to the field, which used to select it all).
  await item(page, 'expenses-2024.csv').click();
  await page.keyboard.press('F2');
  await expect(name).toBeFocused();
  expect(await selection()).toEqual([0, 13]);
  // The dialog's focus trap selects a whole field whenever it puts focus there itself: when Tab
  // wraps round from the last control to the first, and when focus strays out of the dialog (a
  // closing menu hands it to its trigger) and is pulled back. The base name stays the selection.
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(name).toBeFocused();
  expect(await selection()).toEqual([0, 13]);
  await page.evaluate(() => document.querySelector<HTMLElement>('header button')?.focus());
  await expect(name).toBeFocused();
  expect(await selection()).toEqual([0, 13]);
  await page.keyboard.press('Escape');
  // The ⋯ button sits beside the option, for pointers (assistive technology uses Shift+F10).
  await page.getByTitle('Actions for expenses-2024.csv', { exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(name).toBeFocused();
  await expect.poll(selection).toEqual([0, 13]);
  await page.keyboard.press('Escape');
  await item(page, 'expenses-2024.csv').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(name).toBeFocused();
  await expect.poll(selection).toEqual([0, 13]);

  // Typing replaces the base name only: the extension stays.
  await page.keyboard.type('expenses-2025');
  await expect(name).toHaveValue('expenses-2025.csv');

  // A new extension is asked about; keeping the old one saves the new base name with .csv.
  await name.fill('expenses-2025.txt');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Change the extension to .txt?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep .csv' }).click();
  await expect(page.getByText('Saved “expenses-2025.csv”')).toBeVisible();
  await expect(item(page, 'expenses-2025.csv')).toBeVisible();

  // Confirming the change saves it.
  await item(page, 'expenses-2025.csv').click();
  await page.keyboard.press('F2');
  await page.getByRole('dialog', { name: 'Rename file' }).getByLabel('Name').fill('expenses-2025.txt');
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: 'Change the extension to .txt?' })
    .getByRole('button', { name: 'Use .txt' })
    .click();
  await expect(item(page, 'expenses-2025.txt')).toBeVisible();
});

test('focus returns to what opened a dialog, and lands on the list after navigation', async ({ page }) => {
  await newUser(page, 'fox');
  const parent = await seedFolder(page, 'Projects');
  await seedFolder(page, 'Archive');
  await seedFile(page, 'notes.txt', 'hello', null);
  await seedFile(page, 'inside.txt', 'inside', parent);
  await page.reload();
  await expect(item(page, 'notes.txt')).toBeVisible();

  // New folder from the toolbar: Escape gives focus back to the button.
  const newFolder = page.getByRole('banner').getByRole('button', { name: 'New folder' });
  await newFolder.click();
  await expect(page.getByRole('dialog', { name: 'New folder' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(newFolder).toBeFocused();

  // Rename by F2 from the list: back on the list, on the same item.
  await item(page, 'notes.txt').click();
  await page.keyboard.press('F2');
  await expect(page.getByRole('dialog', { name: 'Rename file' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listing(page)).toBeFocused();
  expect(await activeItem(page)).toBe('notes.txt');

  // Rename and Move from the right-click menu: back on the list too.
  for (const [entry, title] of [
    ['Rename F2', 'Rename file'],
    ['Move', 'Move “notes.txt”'],
  ]) {
    await item(page, 'notes.txt').click({ button: 'right' });
    await page.getByRole('menuitem', { name: entry, exact: true }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(listing(page)).toBeFocused();
  }

  // Preview by Enter: Escape goes back to the list.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'notes.txt' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(listing(page)).toBeFocused();

  // Enter opens a folder: the list of the new folder has focus, on its first item.
  await page.keyboard.press('Home');
  expect(await activeItem(page)).toBe('Archive');
  await page.keyboard.press('ArrowDown');
  expect(await activeItem(page)).toBe('Projects');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(parent));
  await expect(item(page, 'inside.txt')).toBeVisible();
  await expect(listing(page)).toBeFocused();
  expect(await activeItem(page)).toBe('inside.txt');

  // Back up: the list has focus on the folder just left.
  await page.goBack();
  await expect(item(page, 'Projects')).toBeVisible();
  await expect(listing(page)).toBeFocused();
  expect(await activeItem(page)).toBe('Projects');
});

test('a skip link leads straight to the list', async ({ page }) => {
  await newUser(page, 'skip');
  await seedFile(page, 'first.txt', 'one');
  await page.reload();
  await expect(item(page, 'first.txt')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to files' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(listing(page)).toBeFocused();
  // The keys work at once.
  await page.keyboard.press('ArrowDown');
  await expect(item(page, 'first.txt')).toHaveAttribute('aria-selected', 'true');
});

test('Ctrl/Cmd+A selects items, never page text, but stays in text fields', async ({ page }) => {
  await newUser(page, 'alla');
  await seedFolder(page, 'Alpha');
  await seedFile(page, 'beta.txt', 'b');
  await seedFile(page, 'gamma.txt', 'g');
  await page.reload();
  await expect(item(page, 'gamma.txt')).toBeVisible();
  const textSelected = () => page.evaluate(() => window.getSelection()?.toString() ?? '');

  // From a toolbar button.
  await page.getByRole('banner').getByRole('button', { name: 'New folder' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  expect(await textSelected()).toBe('');
  for (const name of ['Alpha', 'beta.txt', 'gamma.txt'])
    await expect(item(page, name)).toHaveAttribute('aria-selected', 'true');

  // Escape clears the selection (and no highlight is left behind).
  await page.keyboard.press('Escape');
  await expect(item(page, 'beta.txt')).toHaveAttribute('aria-selected', 'false');
  expect(await textSelected()).toBe('');

  // A highlight made by hand (a triple click on the title) goes with Escape too.
  await page.getByRole('heading', { name: 'My Files' }).click({ clickCount: 3 });
  expect(await textSelected()).not.toBe('');
  await page.keyboard.press('Escape');
  expect(await textSelected()).toBe('');

  // From a link of the navigator.
  await page.getByRole('navigation').getByRole('link').first().focus();
  await page.keyboard.press('ControlOrMeta+A');
  expect(await textSelected()).toBe('');
  await expect(item(page, 'Alpha')).toHaveAttribute('aria-selected', 'true');

  // In a text field it selects the field's text, not the items.
  await page.keyboard.press('Escape');
  await item(page, 'beta.txt').click();
  await page.keyboard.press('F2');
  const name = page.getByRole('dialog', { name: 'Rename file' }).getByLabel('Name');
  await expect(name).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  expect(await name.evaluate((i: HTMLInputElement) => [i.selectionStart, i.selectionEnd])).toEqual([0, 8]);
  await page.keyboard.press('Escape');
  await expect(item(page, 'Alpha')).toHaveAttribute('aria-selected', 'false');
});

test('Shift+F10 and the ContextMenu key open the focused item’s menu at the item', async ({ page }) => {
  await newUser(page, 'menu');
  await seedFile(page, 'alpha.txt', 'a');
  await seedFile(page, 'report.txt', 'r');
  await page.reload();

  for (const key of ['Shift+F10', 'ContextMenu']) {
    await item(page, 'report.txt').click();
    await page.keyboard.press(key);
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'New folder' })).toHaveCount(0);
    // At the item: its top edge within the item's row or just under it.
    const row = (await item(page, 'report.txt').boundingBox())!;
    const box = (await menu.boundingBox())!;
    expect(Math.abs(box.y - (row.y + row.height / 2))).toBeLessThan(row.height);
    expect(box.x).toBeGreaterThanOrEqual(row.x);
    expect(box.x).toBeLessThan(row.x + row.width);
    // The menu has focus: the arrows go through its entries.
    expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(listing(page)).toBeFocused();
  }

  // With nothing selected, the cursor's item gets the menu too.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the tab’s title names the folder or the screen', async ({ page }) => {
  await newUser(page, 'tito');
  const id = await seedFolder(page, 'Tax returns');
  await page.reload();
  await expect(page).toHaveTitle('My Files – Acme Files');
  await page.goto(`/platform/files/${id}`);
  await expect(page).toHaveTitle('Tax returns – Acme Files');
  await page.getByRole('navigation').getByRole('link', { name: 'Trash' }).first().click();
  await expect(page).toHaveTitle('Trash – Acme Files');
  await page.goto('/user/settings');
  await expect(page).toHaveTitle(/^[^–]+ – Acme Files$/);
  await expect(page).not.toHaveTitle(/Trash/);
});

test('a cold load paints the app’s frame from the page before any script runs', async ({ page, browser }) => {
  await newUser(page, 'cold');
  const id = await seedFolder(page, 'Invoices');
  // The slowest connection there is: the app's scripts never arrive.
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.goto(`/platform/files/${id}`);
  const boot = page.locator('#boot');
  await expect(boot).toBeVisible();
  const frame = (await boot.boundingBox())!;
  expect(frame.width).toBe(1440);
  expect(frame.height).toBe(900);
  // The shell: the header's bar and the list's placeholder rows, not a blank page with a spinner.
  await expect(boot.locator('.h-\\[72px\\]')).toHaveCount(1);
  await expect(boot.locator('.h-16')).toHaveCount(10);
  // The tab says the app's name while the folder is unknown, never "Files".
  await expect(page).toHaveTitle('Acme Files');

  // Signed out, the sign-in page paints its frame with the app's name.
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.route('**/assets/**/*.js', (route) => route.abort());
  await visitor.goto('/sign-in');
  await expect(visitor.locator('#boot #boot-name')).toHaveText('Acme Files');
  await expect(visitor.locator('#boot .min-h-11')).not.toHaveCount(0);
  await visitor.close();
});

test('a folder being opened is named at once, never "Files"', async ({ page }) => {
  await newUser(page, 'tina');
  const id = await seedFolder(page, 'Receipts 2024');
  await page.reload();
  // Hold the folder's own listing: what the header and the tab say meanwhile is what a slow
  // connection shows.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/browse/folders/${id}**`, async (route) => {
    await held;
    await route.continue();
  });
  await item(page, 'Receipts 2024').dblclick();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipts 2024');
  await expect(page).toHaveTitle('Receipts 2024 – Acme Files');
  release();
  await expect(page.getByText('This folder is empty')).toBeVisible();

  // Opened from its address, nothing has listed it yet: a placeholder, not the screen's name.
  const again = new Promise<void>((resolve) => (release = resolve));
  await page.unroute(`**/api/browse/folders/${id}**`);
  await page.route(`**/api/browse/folders/${id}**`, async (route) => {
    await again;
    await route.continue();
  });
  await page.reload();
  // The app is up (its navigator drawn), the folder's listing still held.
  await expect(page.getByRole('navigation', { name: 'Files navigation' })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByRole('heading', { level: 1, name: /Files/ })).toHaveCount(0);
  await expect(page).not.toHaveTitle(/Files –/);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipts 2024');
  await expect(page).toHaveTitle('Receipts 2024 – Acme Files');
});

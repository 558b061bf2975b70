import { expect, test, type Page } from '@playwright/test';
import { seedFile, seedFolder, uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

const item = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const listing = (page: Page) => page.getByRole('listbox');

// The desktop the design was drawn for: rail, navigator, the full toolbar and the details panel.
test.use({ viewport: { width: 1440, height: 900 } });

async function newUser(page: Page, prefix: string) {
  await newAccount(page, `${prefix} Tester`, uniqueEmail(prefix), 'files-password-1');
  // The cookie notice sits over the bottom of the list; dismiss it once.
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
}

test('creates a folder with an emoji and a colour, then renames it', async ({ page }) => {
  await newUser(page, 'fiona');
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();

  await page.getByRole('button', { name: 'New folder' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill('Holiday plans');
  await dialog.getByRole('button', { name: 'Choose an emoji' }).click();
  await page.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket');
  await page.getByRole('button', { name: 'rocket', exact: true }).click();
  await dialog.getByRole('radio', { name: 'Sky blue' }).check();
  await dialog.getByRole('button', { name: 'Create folder' }).click();

  await expect(page.getByText('Created the folder “Holiday plans”')).toBeVisible();
  const folder = item(page, 'Holiday plans');
  await expect(folder).toBeVisible();
  // The folder shows its emoji (a Twemoji picture served by our server) on its colour.
  await expect(folder.locator('img[src="/emoji/1f680.svg"]')).toBeVisible();
  await expect(folder.locator('svg[style*="rgb(14, 165, 233)"]')).toBeVisible();

  // F2 renames the selected item; emoji and colour can change at the same time.
  await folder.click();
  await page.keyboard.press('F2');
  const edit = page.getByRole('dialog', { name: 'Edit folder' });
  await expect(edit.getByLabel('Name')).toHaveValue('Holiday plans');
  await edit.getByLabel('Name').fill('Summer 2025');
  await edit.getByRole('radio', { name: 'Amber' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved “Summer 2025”')).toBeVisible();
  await expect(item(page, 'Summer 2025')).toBeVisible();
  await expect(item(page, 'Holiday plans')).toHaveCount(0);

  await page.reload();
  const renamed = item(page, 'Summer 2025');
  await expect(renamed.locator('img[src="/emoji/1f680.svg"]')).toBeVisible();
  await expect(renamed.locator('svg[style*="rgb(245, 158, 11)"]')).toBeVisible();

  // A second folder with the same name is kept apart by the server's " (1)", and the toast says so.
  await page.getByRole('button', { name: 'New folder' }).first().click();
  await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('Summer 2025');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByText('so the new one is called “Summer 2025 (1)”')).toBeVisible();
  await expect(item(page, 'Summer 2025 (1)')).toBeVisible();
});

test('moves folders by drag and drop, onto the breadcrumb, and with the move popup', async ({ page }) => {
  await newUser(page, 'mo');
  const inbox = await seedFolder(page, 'Inbox');
  await seedFolder(page, 'Drafts');
  await seedFolder(page, 'Letters');
  await page.reload();

  // Drag "Drafts" onto "Inbox".
  await item(page, 'Drafts').dragTo(item(page, 'Inbox'));
  await expect(page.getByText('Moved “Drafts” to Inbox')).toBeVisible();
  await expect(item(page, 'Drafts')).toHaveCount(0);
  await expect(item(page, 'Inbox')).toContainText('1 item');

  // A folder can't be dropped onto itself: nothing happens.
  await item(page, 'Letters').dragTo(item(page, 'Letters'));
  await expect(item(page, 'Letters')).toBeVisible();

  // The move popup: the tree has the root and every folder; "Letters" can't go into itself.
  await item(page, 'Letters').click();
  await page
    .getByRole('toolbar', { name: 'Actions for the selection' })
    .getByRole('button', { name: 'Move', exact: true })
    .click();
  const popup = page.getByRole('dialog', { name: 'Move “Letters”' });
  const tree = popup.getByRole('tree');
  await expect(tree.getByRole('treeitem', { name: 'Letters' })).toHaveAttribute('aria-disabled', 'true');
  await tree.getByRole('treeitem', { name: 'Inbox' }).click();
  await popup.getByRole('button', { name: 'Move to Inbox' }).click();
  await expect(page.getByText('Moved “Letters” to Inbox')).toBeVisible();
  await expect(item(page, 'Letters')).toHaveCount(0);

  // Inside Inbox both arrived; dragging one onto the "My Files" breadcrumb moves it back to the root.
  await item(page, 'Inbox').dblclick();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${inbox}$`));
  const crumbs = page.getByRole('navigation', { name: 'Folder path' });
  await expect(crumbs.getByText('Inbox')).toHaveAttribute('aria-current', 'page');
  await expect(item(page, 'Drafts')).toBeVisible();
  await item(page, 'Drafts').dragTo(crumbs.getByRole('link', { name: 'My Files' }));
  await expect(page.getByText('Moved “Drafts” to My Files')).toBeVisible();
  await expect(item(page, 'Drafts')).toHaveCount(0);
  await crumbs.getByRole('link', { name: 'My Files' }).click();
  await expect(item(page, 'Drafts')).toBeVisible();
  await expect(item(page, 'Inbox')).toContainText('1 item');
});

test('stars a folder: it shows in the navigator, opens from there and can be unstarred', async ({ page }) => {
  await newUser(page, 'stella');
  const id = await seedFolder(page, 'Taxes');
  await seedFile(page, 'receipt.txt', 'paid', id);
  await page.reload();

  await item(page, 'Taxes').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add to favourites' }).click();
  await expect(page.getByText('Added “Taxes” to your favourites')).toBeVisible();
  await expect(item(page, 'Taxes').getByLabel('Favourite')).toBeVisible();

  const navigator = page.getByRole('navigation', { name: 'Files navigation' });
  const favourite = navigator
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Remove Taxes from favourites' }) });
  await favourite.getByRole('link', { name: 'Taxes' }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${id}$`));
  await expect(item(page, 'receipt.txt')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Taxes' })).toBeVisible();

  await navigator.getByRole('button', { name: 'Remove Taxes from favourites' }).click();
  await expect(page.getByText('Removed “Taxes” from your favourites')).toBeVisible();
  await expect(navigator.getByText('Star a folder to keep it here.')).toBeVisible();
});

test('trashes a selection, restores one item, and empties the trash', async ({ page }) => {
  await newUser(page, 'trudy');
  const old = await seedFolder(page, 'Old stuff');
  await seedFile(page, 'inside.txt', 'still here', old);
  await seedFile(page, 'notes.txt', 'hello');
  await seedFolder(page, 'Keep me');
  await page.reload();

  // Ctrl/Cmd+click builds a selection; Delete moves all of it to the trash.
  await item(page, 'Old stuff').click();
  await item(page, 'notes.txt').click({ modifiers: ['ControlOrMeta'] });
  await page.keyboard.press('Delete');
  await expect(page.getByText('Moved 2 items to the trash')).toBeVisible();
  await expect(item(page, 'Old stuff')).toHaveCount(0);
  await expect(item(page, 'notes.txt')).toHaveCount(0);
  await expect(item(page, 'Keep me')).toBeVisible();

  await page.getByRole('link', { name: 'Trash' }).first().click();
  await expect(page).toHaveURL(/\/platform\/trash$/);
  await expect(item(page, 'Old stuff')).toBeVisible();
  await expect(item(page, 'notes.txt')).toBeVisible();

  // A trashed folder opens inside the trash, with what was trashed with it.
  await item(page, 'Old stuff').dblclick();
  await expect(page).toHaveURL(new RegExp(`/platform/trash/${old}$`));
  await expect(item(page, 'inside.txt')).toBeVisible();
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Trash' }).click();

  await item(page, 'Old stuff').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText('Restored “Old stuff”')).toBeVisible();
  await expect(item(page, 'Old stuff')).toHaveCount(0);

  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Empty the trash?' });
  await confirm.getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByText('Your trash was successfully cleared.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trash is empty' })).toBeVisible();

  // The restored folder is back in My Files with its content.
  await page.getByRole('link', { name: 'My Files' }).first().click();
  await item(page, 'Old stuff').dblclick();
  await expect(item(page, 'inside.txt')).toBeVisible();
});

test('files dropped from the desktop onto a folder upload into that folder', async ({ page }) => {
  await newUser(page, 'dora');
  const id = await seedFolder(page, 'Scans');
  await page.reload();

  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['scanned page'], 'page-1.txt', { type: 'text/plain' }));
    return dt;
  });
  const target = item(page, 'Scans');
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  // The overlay names where a drop would go: the folder under the pointer.
  await expect(page.getByText('Drop to upload into Scans')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop to upload into Scans')).toBeHidden();

  await expect(item(page, 'Scans')).toContainText('1 item');
  await expect(item(page, 'page-1.txt')).toHaveCount(0);
  await item(page, 'Scans').dblclick();
  await expect(page).toHaveURL(new RegExp(`/platform/files/${id}$`));
  await expect(item(page, 'page-1.txt')).toBeVisible();
});

test('the grid or list view is remembered, and a missing folder says so', async ({ page }) => {
  await newUser(page, 'gina');
  await seedFolder(page, 'Photos');
  await page.reload();

  await page.getByRole('button', { name: 'Show as grid' }).click();
  await expect(page.getByRole('button', { name: 'Show as list' })).toBeVisible();
  // After a reload the row is drawn a moment after the toolbar: wait for its size, don't sample it once.
  const height = () =>
    item(page, 'Photos')
      .boundingBox()
      .then((box) => box?.height ?? 0);
  await expect.poll(height).toBeGreaterThan(150);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Show as list' })).toBeVisible();
  await expect.poll(height).toBeGreaterThan(150);

  await page.getByRole('button', { name: 'Show as list' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show as grid' })).toBeVisible();
  await expect(item(page, 'Photos')).toBeVisible();
  await expect.poll(height).toBeLessThan(80);

  await page.goto('/platform/files/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'This folder doesn’t exist or was moved' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Files' }).click();
  await expect(listing(page)).toBeVisible();
  await expect(item(page, 'Photos')).toBeVisible();
});

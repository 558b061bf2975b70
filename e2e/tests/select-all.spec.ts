import { expect, test, type Page } from '@playwright/test';
import { apiCall, uniqueEmail, zipListing, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/*
 * "Select all" is the whole folder (issue 18, ADR 0018): the listing loads 100 items a page, and
 * Ctrl+A with a bulk action must reach the items not loaded yet, in one request.
 */

const ITEMS = 130;
const SHOTS = process.env.SELECT_ALL_SHOTS;

/** A folder holding `count` folders, made through the API ten at a time. */
async function bigFolder(page: Page, name: string, count: number): Promise<string> {
  const { data } = await apiCall<{ data: { id: string } }>(page, 'POST', '/api/create-folder', { name });
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, (_, j) =>
        apiCall(page, 'POST', '/api/create-folder', {
          name: `Item ${String(i + j + 1).padStart(3, '0')}`,
          parent_id: data.id,
        }),
      ),
    );
  }
  return data.id;
}

const trashTotal = async (page: Page) =>
  (await apiCall<{ meta: { paginate: { total: number } } }>(page, 'GET', '/api/browse/trash/all?per_page=1')).meta
    .paginate.total;
const folderTotal = async (page: Page, id: string) =>
  (await apiCall<{ meta: { paginate: { total: number } } }>(page, 'GET', `/api/browse/folders/${id}?per_page=1`)).meta
    .paginate.total;

const item = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });

async function openBigFolder(page: Page, prefix: string) {
  await newAccount(page, 'Selma', uniqueEmail(prefix), 'select-all-password-1');
  const id = await bigFolder(page, 'Bulk', ITEMS);
  await page.goto(`/platform/files/${id}`);
  // Newest first: the last ones made are on the first page, and the first ones made are not loaded.
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(item(page, 'Item 001')).toHaveCount(0);
  expect(await page.getByRole('option').count()).toBeLessThan(ITEMS);
  return id;
}

test('Ctrl+A selects the whole folder, loaded or not, and trashes all of it in one request', async ({ page }) => {
  const id = await openBigFolder(page, 'selall');
  await page.getByRole('option').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByRole('status').filter({ hasText: `All ${ITEMS} items selected` })).toBeVisible();

  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/all-selected-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${SHOTS}/all-selected-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('toolbar', { name: 'Actions for the selection' })).toContainText(
      `All ${ITEMS} selected`,
    );
    await page.screenshot({ path: `${SHOTS}/all-selected-phone.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('Escape');
    await expect(page.getByText(`All ${ITEMS} items selected`)).toHaveCount(0);
    await page.getByRole('option').first().click();
    await page.keyboard.press('ControlOrMeta+a');
  }

  const removals: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/remove')) removals.push(r.postData() ?? '');
  });
  await page.keyboard.press('Delete');
  await expect(page.getByText(`Moved ${ITEMS} items to the trash`)).toBeVisible();
  await expect(page.getByText('This folder is empty')).toBeVisible();
  expect(removals).toHaveLength(1);
  expect(JSON.parse(removals[0]!)).toMatchObject({ all_in: id, except: [] });
  expect(await folderTotal(page, id)).toBe(0);
  expect(await trashTotal(page)).toBe(ITEMS);

  // Undo brings all of them back, loaded or not, as for any trash (ADR 0023).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => folderTotal(page, id)).toBe(ITEMS);
  expect(await trashTotal(page)).toBe(0);
  await expect(page.getByRole('option').first()).toBeVisible();
});

test('deselecting one item after Ctrl+A keeps "all except it"; Escape clears', async ({ page }) => {
  const id = await openBigFolder(page, 'selexc');
  await page.getByRole('option').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByText(`All ${ITEMS} items selected`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`All ${ITEMS} items selected`)).toHaveCount(0);
  await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(0);

  await page.getByRole('option').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  const left = page.getByRole('option').nth(1);
  // Its name: its accessible name up to the size and date.
  const leftName = (await left.innerText()).split('\n')[0]!;
  await left.click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByText(`${ITEMS - 1} items selected`).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/all-but-one-light.png` });

  await page.keyboard.press('Delete');
  await expect(page.getByText(`Moved ${ITEMS - 1} items to the trash`)).toBeVisible();
  await expect(item(page, leftName)).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  expect(await folderTotal(page, id)).toBe(1);
  expect(await trashTotal(page)).toBe(ITEMS - 1);
});

test('Download after Ctrl+A zips the whole folder, loaded or not, less what was left out', async ({ page }) => {
  await openBigFolder(page, 'selzip');
  await page.getByRole('option').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  const left = page.getByRole('option').nth(1);
  const leftName = (await left.innerText()).split('\n')[0]!;
  await left.click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByText(`${ITEMS - 1} items selected`).first()).toBeVisible();

  const zips: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/zip')) zips.push(r.postData() ?? '');
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('option').first().click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Bulk.zip');
  const names = await zipListing((await download.path()) ?? '');
  expect(names).toHaveLength(ITEMS - 1);
  expect(names).toContain('Item 001/');
  expect(names).not.toContain(`${leftName}/`);
  // One request naming the folder, not 129 ids.
  expect(zips).toHaveLength(1);
  expect(new URLSearchParams(zips[0]).get('items')).toBeNull();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('"Select all" in the toolbar\'s menu takes the whole folder, loaded or not, and trashes it in one request', async ({
    page,
  }) => {
    const id = await openBigFolder(page, 'selphone');
    const bar = page.getByRole('toolbar', { name: 'Actions for the selection' });
    // No keyboard: the toolbar's menu offers it, nothing selected yet.
    await page.getByRole('button', { name: 'View options' }).click();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/phone-menu-light.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SHOTS}/phone-menu-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.getByRole('menuitem', { name: 'Select all' }).click();
    await expect(bar).toContainText(`All ${ITEMS} selected`);
    await expect(page.getByRole('button', { name: 'Select items' })).toHaveAttribute('aria-pressed', 'true');
    // Everything is selected: the menu no longer offers it.
    await page.getByRole('button', { name: 'View options' }).click();
    await expect(
      page.getByRole('menuitem', { name: 'Show as list' }).or(page.getByRole('menuitem', { name: 'Show as grid' })),
    ).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Select all' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/phone-all-selected-light.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SHOTS}/phone-all-selected-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
    }

    const removals: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/remove')) removals.push(r.postData() ?? '');
    });
    await bar.getByRole('button', { name: 'Trash' }).click();
    await expect(page.getByText(`Moved ${ITEMS} items to the trash`)).toBeVisible();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    expect(removals).toHaveLength(1);
    expect(JSON.parse(removals[0]!)).toMatchObject({ all_in: id, except: [] });
    expect(await folderTotal(page, id)).toBe(0);
    expect(await trashTotal(page)).toBe(ITEMS);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { newAccount } from '../support/accounts.js';
import { apiCall, seedFile, seedFolder, uniqueEmail, zipListing } from '../support/helpers.js';

/*
 * A whole-folder selection of files and subfolders with their own contents (issue 41): more items
 * than one listing page (100) or fewer, Select all, then Download as zip holds every file at its path, and
 * Move to trash then Undo brings every item back, the subfolders with their contents.
 */

const SUBFOLDERS = 10;

const folderTotal = async (page: Page, id: string) =>
  (await apiCall<{ meta: { paginate: { total: number } } }>(page, 'GET', `/api/browse/folders/${id}?per_page=1`)).meta
    .paginate.total;
const trashTotal = async (page: Page) =>
  (await apiCall<{ meta: { paginate: { total: number } } }>(page, 'GET', '/api/browse/trash/all?per_page=1')).meta
    .paginate.total;

/** "Project": 95 text files, and 10 folders holding a file each, the first also a folder with a file. */
async function project(page: Page, FILES: number) {
  const root = await seedFolder(page, 'Project');
  const subfolders: string[] = [];
  for (let i = 0; i < SUBFOLDERS; i++) {
    const id = await seedFolder(page, `Part ${String(i + 1).padStart(2, '0')}`, root);
    subfolders.push(id);
    await seedFile(page, `part-${i + 1}.txt`, `part ${i + 1}`, id);
  }
  const nested = await seedFolder(page, 'Deeper', subfolders[0]);
  await seedFile(page, 'deep.txt', 'deep', nested);
  for (let i = 0; i < FILES; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, FILES - i) }, (_, j) =>
        seedFile(page, `note-${String(i + j + 1).padStart(3, '0')}.txt`, `note ${i + j + 1}`, root),
      ),
    );
  }
  return { root, subfolders, nested };
}

async function selectAll(page: Page, ITEMS: number) {
  await page.getByRole('option').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByRole('status').filter({ hasText: `All ${ITEMS} items selected` })).toBeVisible();
}

for (const FILES of [20, 95]) {
  const ITEMS = FILES + SUBFOLDERS;
  test(`Select all in a folder of ${ITEMS} files and subfolders zips all of it, and trash then Undo restores all of it`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await newAccount(page, 'Mia Mixed', uniqueEmail('mixed'), 'mixed-password-1');
    const { root, subfolders, nested } = await project(page, FILES);
    await page.goto(`/platform/files/${root}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Project');
    await expect(page.getByRole('option').first()).toBeVisible();
    // Over a page (100): one page of the listing is loaded, not the whole folder.
    if (ITEMS > 100) expect(await page.getByRole('option').count()).toBeLessThan(ITEMS);

    // Download as zip: every file, in its folder.
    await selectAll(page, ITEMS);
    const downloading = page.waitForEvent('download');
    await page.getByRole('banner').getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Project.zip');
    const names = await zipListing((await download.path()) ?? '');
    for (let i = 1; i <= FILES; i++) expect(names).toContain(`note-${String(i).padStart(3, '0')}.txt`);
    for (let i = 1; i <= SUBFOLDERS; i++) expect(names).toContain(`Part ${String(i).padStart(2, '0')}/part-${i}.txt`);
    expect(names).toContain('Part 01/Deeper/deep.txt');

    // Move to trash, then Undo: all of it back, the subfolders' contents too.
    await selectAll(page, ITEMS);
    await page.getByRole('banner').getByRole('button', { name: 'Move to trash' }).click();
    await expect.poll(() => folderTotal(page, root)).toBe(0);
    expect(await trashTotal(page)).toBe(ITEMS);
    await expect(page.getByText('This folder is empty')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => folderTotal(page, root)).toBe(ITEMS);
    expect(await trashTotal(page)).toBe(0);
    for (const id of subfolders) expect(await folderTotal(page, id)).toBe(id === subfolders[0] ? 2 : 1);
    expect(await folderTotal(page, nested)).toBe(1);
    // The listing shows them again without a reload.
    await expect(page.getByRole('option')).not.toHaveCount(0);
    await expect(page.getByText('This folder is empty')).toHaveCount(0);
  });
}

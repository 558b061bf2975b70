import { expect, test, type Page } from '@playwright/test';
import { newAccount } from '../support/accounts.js';
import { itemName, seedFolder, uniqueEmail } from '../support/helpers.js';

/*
 * While a folder's listing loads, the header names that folder or shows a placeholder, never the
 * screen's name ("Files") nor the folder left (issue 41): opened from a listing, from the tree, from
 * the breadcrumb, by the browser's Back, and from its address, on a slow connection.
 */

/** Every title the header showed, with the address it showed it at and when (page time, ms). */
async function watchTitles(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { titlesSeen: string[] }).titlesSeen = seen;
    const note = () => {
      const h1 = document.querySelector('header h1');
      const entry = `${location.pathname}|${h1 ? h1.textContent : '(placeholder)'}`;
      if (seen.at(-1)?.replace(/\|\d+$/, '') !== entry) seen.push(`${entry}|${Math.round(performance.now())}`);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const titlesSeen = (page: Page) => page.evaluate(() => (window as unknown as { titlesSeen: string[] }).titlesSeen);

test('the header names the folder being opened, or a placeholder, on a slow connection', async ({ page }) => {
  test.setTimeout(120_000);
  await newAccount(page, 'Sol Slow', uniqueEmail('slow'), 'slow-password-1');
  const outer = await seedFolder(page, 'Outer');
  const middle = await seedFolder(page, 'Middle', outer);
  const inner = await seedFolder(page, 'Inner', middle);
  const names: Record<string, string> = { [outer]: 'Outer', [middle]: 'Middle', [inner]: 'Inner' };
  await watchTitles(page);
  // Every folder listing and tree level answers 3 s late.
  await page.route(/\/api\/browse\/(folders|navigation)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.fallback();
  });
  const heading = page.getByRole('banner').getByRole('heading', { level: 1 });
  const nav = page.getByRole('navigation').filter({ hasText: 'Folders' }).first();
  const item = (name: string) => page.getByRole('option', { name: itemName(name) });

  await page.goto('/platform/files');
  // From the listing, twice down.
  await item('Outer').dblclick();
  await expect(page).toHaveURL(new RegExp(`${outer}$`));
  await expect(heading).toHaveText('Outer');
  await item('Middle').dblclick();
  await expect(page).toHaveURL(new RegExp(`${middle}$`));
  await expect(heading).toHaveText('Middle');
  await expect(item('Inner')).toBeVisible();
  // Back up by the breadcrumb, then the browser's Back.
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'Outer' }).click();
  await expect(page).toHaveURL(new RegExp(`${outer}$`));
  await expect(heading).toHaveText('Outer');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${middle}$`));
  await expect(heading).toHaveText('Middle');
  // From the tree, a folder no listing has shown yet (on a fresh page: what was seen so far is kept).
  const all = await titlesSeen(page);
  await page.goto('/platform/files');
  await nav.getByRole('button', { name: 'Show folders in Outer' }).click();
  await nav.getByRole('button', { name: 'Show folders in Middle' }).click();
  await nav.getByRole('link', { name: 'Inner' }).click();
  await expect(page).toHaveURL(new RegExp(`${inner}$`));
  // The tree showed its name: no placeholder while its listing loads.
  await expect(heading).toHaveText('Inner', { timeout: 1_500 });
  // Up to the root.
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/platform\/files$/);
  await expect(heading).toHaveText('My Files');
  all.push(...(await titlesSeen(page)));
  // From its address (a reload of the page).
  await page.goto(`/platform/files/${middle}`);
  await expect(heading).toHaveText('Middle');
  all.push(...(await titlesSeen(page)));

  // A title stays on screen until the next entry (the last until the end). One carried over for the
  // moment between the address changing and the screen being drawn again is not what a visitor
  // reads: what was shown for a second or more is (a listing takes 3 s here).
  const shown = all.map((entry, i) => {
    const [path, title, at] = entry.split('|') as [string, string, string];
    const next = all[i + 1]?.split('|')[2];
    const lasted = next && Number(next) >= Number(at) ? Number(next) - Number(at) : Infinity;
    return { path, title, lasted };
  });
  for (const { path, title, lasted } of shown) {
    if (lasted < 1_000) continue;
    if (!path.startsWith('/platform/files')) continue;
    const id = /\/platform\/files\/([^/]+)$/.exec(path)?.[1];
    expect(['(placeholder)', id ? names[id] : 'My Files'], `${path} was titled “${title}”`).toContain(title);
  }
});

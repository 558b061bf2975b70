import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, seedFile, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/** The cookie notice never sits on a page's primary action (issue 41): the phone share page. */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

async function shareOf(page: Page, id: string) {
  const shared = await apiCall<{ data: { attributes: { token: string } } }>(page, 'POST', '/api/share', {
    id,
    type: 'file',
    permission: 'visitor',
  });
  return shared.data.attributes.token;
}

test('on a phone, the shared file’s Download button is clear of the cookie notice, for a long text too', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await newAccount(page, 'Cora Cookie', uniqueEmail('cora'), 'cookie-password-1');
  const text = await shareOf(page, await seedFile(page, 'long-notes.txt', 'A line of notes\n'.repeat(300)));
  const other = await shareOf(page, await seedFile(page, 'data.bin', 'x'));
  for (const [height, token] of [
    [844, text],
    [667, text],
    [844, other],
  ] as const) {
    const phone = await browser.newContext({ viewport: { width: 390, height }, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    await visitor.goto(`/share/${token}`);
    const notice = visitor.getByRole('region', { name: /cookie/i });
    await expect(notice).toBeVisible();
    const download = visitor.getByRole('button', { name: 'Download' }).last();
    await expect(download).toBeVisible();
    const [button, banner] = [await box(download), await box(notice)];
    expect(button.y + button.height, `${height}px high`).toBeLessThanOrEqual(banner.y);
    await phone.close();
  }
});

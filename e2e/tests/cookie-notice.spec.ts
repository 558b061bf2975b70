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

type Target = { name: string; locator: (page: Page) => Locator };
const footerLinks = (name: string): Target => ({
  name: `${name} footer links`,
  locator: (page) => page.getByRole('contentinfo').getByRole('link'),
});

/**
 * Scrolls `target` into view as a visitor would (to its lower edge, so the browser keeps its
 * scroll padding) and answers whether it is clear of the notice and takes a click there.
 */
async function clearOfNotice(page: Page, target: Locator, notice: Locator, label: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const [box1, banner] = [await box(target), await box(notice)];
  const overlaps =
    box1.x < banner.x + banner.width &&
    banner.x < box1.x + box1.width &&
    box1.y < banner.y + banner.height &&
    banner.y < box1.y + box1.height;
  expect(overlaps, `${label} under the cookie notice`).toBe(false);
  expect(box1.y + box1.height, `${label} inside the window`).toBeLessThanOrEqual(page.viewportSize()!.height);
  // The point a tap lands on is the target itself, not the notice (Playwright's hit check).
  await target.click({ trial: true, timeout: 5_000 });
}

test('the cookie notice covers no primary button or footer link, on a phone and a desktop', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await newAccount(page, 'Nora Notice', uniqueEmail('nora'), 'cookie-password-1');
  const token = await shareOf(page, await seedFile(page, 'data.bin', 'x'));
  const request = await apiCall<{ data: { attributes: { token: string } } }>(page, 'POST', '/api/file-request', {
    name: 'Receipts',
  });
  const pages: { path: string; targets: Target[] }[] = [
    {
      path: '/',
      targets: [
        { name: 'Get started', locator: (p) => p.getByRole('main').getByRole('link', { name: 'Get started' }) },
        { name: 'Sign in', locator: (p) => p.getByRole('banner').getByRole('link', { name: 'Sign in' }) },
        footerLinks('homepage'),
      ],
    },
    {
      path: '/sign-in',
      targets: [
        { name: 'Continue', locator: (p) => p.getByRole('button', { name: 'Continue', exact: true }) },
        footerLinks('sign-in'),
      ],
    },
    {
      path: '/sign-up',
      targets: [
        { name: 'Create account', locator: (p) => p.locator('form button[type=submit]') },
        footerLinks('sign-up'),
      ],
    },
    { path: '/page/terms-of-service', targets: [footerLinks('terms')] },
    { path: '/page/privacy-policy', targets: [footerLinks('privacy')] },
    {
      path: `/share/${token}`,
      targets: [{ name: 'Download', locator: (p) => p.getByRole('button', { name: 'Download' }).last() }],
    },
    {
      path: `/request/${request.data.attributes.token}/upload`,
      targets: [{ name: 'upload', locator: (p) => p.getByRole('button', { name: /upload|browse|choose/i }).first() }],
    },
  ];
  for (const [device, options] of [
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
    ['short phone', { viewport: { width: 390, height: 667 }, isMobile: true, hasTouch: true }],
    ['desktop', { viewport: { width: 1440, height: 900 } }],
    ['laptop', { viewport: { width: 1280, height: 720 } }],
  ] as const) {
    const context = await browser.newContext(options);
    const visitor = await context.newPage();
    for (const { path, targets } of pages) {
      await visitor.goto(path);
      const notice = visitor.getByRole('region', { name: /cookie/i });
      await expect(notice).toBeVisible();
      for (const target of targets) {
        const found = target.locator(visitor);
        await expect(found.first()).toBeVisible();
        for (let i = 0; i < (await found.count()); i++)
          await clearOfNotice(visitor, found.nth(i), notice, `${device} ${path}: ${target.name} ${i + 1}`);
      }
    }
    await context.close();
  }
});

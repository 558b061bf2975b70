import { expect, test, type Page } from '@playwright/test';
import { adminPage } from '../support/accounts.js';
import { ADMIN, apiCall } from '../support/helpers.js';

/**
 * Every admin screen uses one page layout (issue 41): the page's title block (an h2 of one size)
 * starts at the same place on every screen, there is only one, and the content's panels (cards,
 * tables, lists) end at the same right edge. Before, the settings and payments tabs sat in a
 * narrower centred column with no title block, the pages list in another width, and the rest
 * spread over the whole width.
 */

const SCREENS = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/user/create',
  'USER/details',
  'USER/storage',
  'USER/password',
  '/admin/plans',
  '/admin/plan/create/fixed',
  '/admin/plan/create/metered',
  '/admin/subscriptions',
  '/admin/invoices',
  '/admin/payments/billings',
  '/admin/payments/payments',
  '/admin/pages',
  '/admin/page/terms-of-service',
  '/admin/settings/appearance',
  '/admin/settings/index',
  '/admin/settings/environment',
  '/admin/settings/others',
  '/admin/settings/sign-in',
  '/admin/settings/adsense',
  '/admin/settings/server',
  '/admin/language',
];

/** Where the screen's title block and its panels are, once the screen has loaded. */
async function layoutOf(page: Page) {
  const content = page.locator('#content');
  // Loaded: no spinner left, and the panels are drawn.
  await expect(content.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(content.locator('.rounded-2xl').first()).toBeVisible();
  return content.evaluate((main) => {
    const titles = [...main.querySelectorAll('h2')].filter((h) => getComputedStyle(h).fontSize === '20px');
    // The title block: the header around the title (a user's avatar starts it).
    const title = (titles[0]?.closest('header') ?? titles[0])?.getBoundingClientRect();
    const panels = [...main.querySelectorAll('.rounded-2xl')]
      .map((p) => p.getBoundingClientRect())
      .filter((r) => r.width > 0);
    return {
      titles: titles.map((h) => h.textContent),
      left: title ? Math.round(title.left) : null,
      top: title ? Math.round(title.top) : null,
      panelsLeft: Math.round(Math.min(...panels.map((r) => r.left))),
      panelsRight: Math.round(Math.max(...panels.map((r) => r.right))),
    };
  });
}

test('every admin screen has one title block, at one place, and its panels in one width', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await adminPage(browser, { viewport: { width: 1440, height: 900 } });
  await page.goto('/admin/users');
  const users = await apiCall<{ data: { id: string; attributes?: { email: string }; email?: string }[] }>(
    page,
    'GET',
    '/api/admin/users',
  );
  const me = users.data.find((u) => (u.attributes?.email ?? u.email) === ADMIN.email) ?? users.data[0]!;
  const seen: Record<string, Awaited<ReturnType<typeof layoutOf>>> = {};
  for (const screen of SCREENS) {
    const path = screen.replace('USER', `/admin/user/${me.id}`);
    await page.goto(path);
    seen[screen] = await layoutOf(page);
  }
  const first = seen['/admin/dashboard']!;
  expect(first.left).not.toBeNull();
  for (const [screen, layout] of Object.entries(seen)) {
    expect(layout.titles, `${screen}: one page title`).toHaveLength(1);
    expect(layout.left, `${screen}: the title's left edge`).toBe(first.left);
    expect(layout.panelsLeft, `${screen}: the panels' left edge`).toBe(first.left);
    expect(layout.panelsRight, `${screen}: the panels' right edge`).toBe(first.panelsRight);
  }
  // The title sits at one height too on the screens without a link back above it.
  for (const screen of ['/admin/users', '/admin/settings/appearance', '/admin/payments/payments', '/admin/language'])
    expect(seen[screen]!.top, screen).toBe(first.top);
  await page.context().close();
});

test('both payments tabs are headed Payments, not Billings', async ({ browser }) => {
  const page = await adminPage(browser, { viewport: { width: 1440, height: 900 } });
  for (const tab of ['billings', 'payments']) {
    await page.goto(`/admin/payments/${tab}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Payments');
    await expect(page).toHaveTitle(/^Payments – /);
    await expect(page.getByRole('navigation', { name: 'Payment settings' }).getByRole('link')).toHaveText([
      'Seller details',
      'Payments',
    ]);
  }
  await page.context().close();
});

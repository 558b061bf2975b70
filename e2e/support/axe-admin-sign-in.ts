import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers.js';

/** The axe journey's visit of /admin/settings/sign-in (the human-check section), as the administrator. */
export async function auditAdminSignInSettings(
  browser: Browser,
  colorScheme: 'light' | 'dark',
  audit: (page: Page, screen: string) => Promise<void>,
) {
  const context = await browser.newContext({ colorScheme, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/platform\/files/);
  await page.goto('/admin/settings/sign-in');
  await expect(page.getByRole('heading', { name: 'Human check', exact: true })).toBeVisible();
  await audit(page, 'admin sign-in settings');
  await context.close();
}

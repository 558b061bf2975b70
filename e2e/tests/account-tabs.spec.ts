import { expect, test, type Browser } from '@playwright/test';
import { adminPage, newAccount } from '../support/accounts.js';
import { apiCall, uniqueEmail } from '../support/helpers.js';

/**
 * Issue 41 point 15: on a phone the account's tabs scrolled sideways with nothing to say so, and
 * "Billing", the last one, was out of sight. Every tab is in view at 390 px, in English and in
 * German (longer words; installing it is a global change, hence `@global`), and Billing opens.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, actionTimeout: 15_000 });

type Languages = { data: { id: string; locale: string }[] };

/** Installs German for the journey when it is not; answers how to put things back. */
async function withGerman(browser: Browser): Promise<() => Promise<void>> {
  const admin = await adminPage(browser);
  const installed = await apiCall<Languages>(admin, 'GET', '/api/admin/languages');
  if (installed.data.some((l) => l.locale === 'de')) {
    await admin.context().close();
    return async () => {};
  }
  const made = await apiCall<{ data: { id: string } }>(admin, 'POST', '/api/admin/languages', { locale: 'de' });
  return async () => {
    await apiCall(admin, 'DELETE', `/api/admin/languages/${made.data.id}`);
    await admin.context().close();
  };
}

for (const [locale, label, tabs, title] of [
  ['en', 'Account sections', ['Profile', 'Password', 'Storage', 'API tokens', 'Billing'], ''],
  ['de', 'Kontobereiche', ['Profil', 'Passwort', 'Speicherplatz', 'API-Token', 'Abrechnung'], ' @global'],
] as const) {
  test(`every account tab is in view on a phone (${locale})${title}`, async ({ page, browser }) => {
    const restore = locale === 'de' ? await withGerman(browser) : async () => {};
    try {
      await newAccount(page, 'Tabitha Phone', uniqueEmail(`tabs-${locale}`), 'tabs-password-1');
      await apiCall(page, 'PATCH', '/api/user/settings', { name: 'language', value: locale });
      await page.goto('/user/profile');
      const nav = page.getByRole('navigation', { name: label });
      for (const name of tabs) await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
      // Nothing hides sideways: the list is no wider than its box.
      expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await nav.getByRole('link', { name: tabs[4], exact: true }).click();
      await expect(page).toHaveURL(/\/user\/settings\/billing$/);
    } finally {
      await restore();
    }
  });
}

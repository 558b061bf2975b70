import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, uniqueEmail } from '../support/helpers.js';
import { adminPage, newAccount, signedInPage, useAdminSession } from '../support/accounts.js';

/**
 * The language editor (issue 16 point 5, ADR 0044): the admin adds a language, translates a
 * string (saved as typed), makes the language the default, and every screen of someone who chose
 * no language shows the translation, while a user who picked English keeps English. Then the
 * admin makes English the default again and deletes the language. E2E_SHOTS=<dir> saves
 * screenshots of the editor in light, dark and on a phone.
 */

const SHOTS = process.env.E2E_SHOTS && process.env.E2E_SHOTS !== '1' ? process.env.E2E_SHOTS : null;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/languages-${name}.png` });
}

/** The strings filter: a segmented control of radios, chosen by their labels. */
async function filter(page: Page, name: string) {
  await page.locator('fieldset label', { hasText: name }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeChecked();
}

const rail = (page: Page) => page.getByRole('navigation', { name: /Main navigation|Navigation principale/ });

test('an admin adds a language, translates a string and makes it the default', async ({ browser }) => {
  test.setTimeout(180_000);
  // Two users made while English is the default: one will pick English, one picks nothing.
  const setup = await (await browser.newContext()).newPage();
  const english = uniqueEmail('emil');
  await newAccount(setup, 'Emil English', english, 'emil-password-1');
  await setup.context().close();
  const none = await (await browser.newContext()).newPage();
  await newAccount(none, 'Nora None', uniqueEmail('nora'), 'nora-password-1');

  const admin = await adminPage(browser, { viewport: { width: 1440, height: 900 } });
  // A language left by an earlier run on the same server goes first.
  const before = await apiCall<{ data: { id: string; locale: string }[] }>(admin, 'GET', '/api/admin/languages');
  for (const l of before.data.filter((l) => l.locale === 'fr')) {
    await apiCall(admin, 'DELETE', `/api/admin/languages/${l.id}`);
  }

  await admin.goto('/admin/language');
  await expect(admin.getByRole('heading', { name: 'Languages', exact: true })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Strings of English' })).toBeVisible();

  // Add French: not shipped, so "another language" with its code and name.
  await admin.getByRole('button', { name: 'Add a language' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a language' });
  await dialog.getByLabel('Language', { exact: true }).selectOption({ label: 'Another language…' });
  await dialog.getByLabel('Language code').fill('fr');
  await dialog.getByLabel('Name').fill('Français');
  await dialog.getByRole('button', { name: 'Add a language' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.locator('[data-language-list] li[data-locale="fr"]')).toContainText('Français');
  const strings = admin.getByRole('heading', { name: 'Strings of Français' });
  await expect(strings).toBeVisible();

  // Everything starts untranslated; search finds the Files link's label by its text.
  await filter(admin, 'Untranslated');
  await admin.getByLabel('Search strings').fill('nav.files');
  const row = admin.locator('[data-strings] li[data-key="nav.files"]');
  await expect(row).toContainText('Files');
  await expect(row.getByText('Untranslated')).toBeVisible();
  await shoot(admin, 'editor-light');

  // A lost placeholder is refused at once, under its row; then the translation saves as typed.
  await admin.getByLabel('Search strings').fill('startup.failed_description');
  const placeholders = admin.locator('[data-strings] li[data-key="startup.failed_description"]');
  await placeholders.getByRole('textbox').fill('La page va se recharger.');
  await expect(placeholders.getByText('Keep {{seconds}} as in the English text.')).toBeVisible();

  await admin.getByLabel('Search strings').fill('nav.files');
  await row.getByRole('textbox').fill('Fichiers');
  await expect(row.getByText('Saved')).toBeVisible();
  await expect(row.getByText('Edited')).toBeVisible();
  // Served at once.
  const served = await apiCall<Record<string, string>>(admin, 'GET', '/translations/fr');
  expect(served['nav.files']).toBe('Fichiers');

  // The "Edited" filter lists it.
  await admin.getByLabel('Search strings').fill('');
  await filter(admin, 'Edited');
  await expect(admin.locator('[data-strings] li')).toHaveCount(1);

  // Emil picks English in his profile before the default changes.
  const emil = await signedInPage(browser, english, 'emil-password-1', { viewport: { width: 1440, height: 900 } });
  await emil.goto('/user/profile');
  await emil.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
  await expect(emil.getByLabel('Language', { exact: true })).toHaveValue('en');
  await expect.poll(async () => (await apiCall<{ locale: string }>(emil, 'GET', '/api/config')).locale).toBe('en');

  // French becomes the default: the admin, who chose no language, reads it at once.
  const french = admin.locator('[data-language-list] li[data-locale="fr"]');
  await french.getByRole('button', { name: 'Make default' }).click();
  await expect(rail(admin).getByRole('link', { name: 'Fichiers' })).toBeVisible();
  await expect(french.getByText('Default')).toBeVisible();
  await admin.goto('/platform/files');
  await expect(rail(admin).getByRole('link', { name: 'Fichiers' })).toBeVisible();

  // Nora chose nothing: French on her next page. Emil chose English: English.
  await none.goto('/platform/files');
  await expect(rail(none).getByRole('link', { name: 'Fichiers' })).toBeVisible();
  await expect(none.locator('html')).toHaveAttribute('lang', 'fr');
  await emil.goto('/platform/files');
  await expect(rail(emil).getByRole('link', { name: 'Files', exact: true })).toBeVisible();
  await expect(emil.locator('html')).toHaveAttribute('lang', 'en');

  // Nora picks English herself: the screen switches without a reload.
  await none.goto('/user/profile');
  await none.getByLabel('Language', { exact: true }).selectOption('en');
  await expect(rail(none).getByRole('link', { name: 'Files', exact: true })).toBeVisible();

  // Back to English as the default (this server's other journeys read English), then delete French.
  await admin.goto('/admin/language');
  const englishRow = admin.locator('[data-language-list] li[data-locale="en"]');
  await englishRow.getByRole('button', { name: 'Make default' }).click();
  await expect(rail(admin).getByRole('link', { name: 'Files', exact: true })).toBeVisible();
  await french.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete “Français”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(french).toHaveCount(0);
  await expect(englishRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('the language editor on a phone and in the dark', async ({ browser }) => {
  test.skip(!SHOTS, 'screenshots only');
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme, isMobile: true });
    const page = await context.newPage();
    await useAdminSession(page);
    await page.goto('/admin/language');
    await expect(page.getByRole('heading', { name: /^Strings of/ })).toBeVisible();
    await page.getByRole('button', { name: 'Got it' }).click();
    await shoot(page, `phone-${colorScheme}`);
    await page.getByRole('heading', { name: /^Strings of/ }).scrollIntoViewIfNeeded();
    await shoot(page, `phone-strings-${colorScheme}`);
    await page.getByRole('button', { name: 'Add a language' }).click();
    await shoot(page, `phone-add-${colorScheme}`);
    await page.keyboard.press('Escape');
    await page.goto('/user/profile');
    await page.getByLabel('Language', { exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, `phone-profile-${colorScheme}`);
    await context.close();
    const desk = await adminPage(browser, { viewport: { width: 1440, height: 900 }, colorScheme });
    await desk.goto('/admin/language');
    await expect(desk.getByRole('heading', { name: /^Strings of/ })).toBeVisible();
    await shoot(desk, `desktop-${colorScheme}`);
    await desk.context().close();
  }
});

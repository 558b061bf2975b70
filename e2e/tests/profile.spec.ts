import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, seedFile, uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/** The profile's email is plainly read-only and says why. E2E_SHOTS=1 saves screenshots. */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

test('the email on the profile is read-only, looks it, and says why', async ({ page }) => {
  const email = uniqueEmail('pia');
  await newAccount(page, 'Pia Profile', email, 'profile-password-1');
  await page.goto('/user/profile');

  const field = page.getByLabel('Email', { exact: true });
  await expect(field).toHaveValue(email);
  await expect(field).toHaveAttribute('readonly', '');
  await expect(field).toHaveAccessibleDescription(/can’t be changed here/);
  await expect(page.getByText('You sign in with this address')).toBeVisible();

  // It does not look like the fields one can type in: no input border, a filled surface.
  const firstName = page.getByLabel('First name');
  const look = (el: Element) => {
    const box = el.closest('div.flex') ?? el;
    const style = getComputedStyle(el);
    return { border: style.borderTopWidth, background: getComputedStyle(box).backgroundColor };
  };
  const editable = await firstName.evaluate(look);
  const readOnly = await field.evaluate(look);
  expect(readOnly.border).toBe('0px');
  expect(editable.border).not.toBe('0px');
  expect(readOnly.background).not.toBe(editable.background);

  // Typing changes nothing.
  await field.click();
  await page.keyboard.type('x');
  await expect(field).toHaveValue(email);

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    // Fields fade their colours: let the change settle before each picture.
    const dark = async (on: boolean) => {
      await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
      await page.waitForTimeout(400);
    };
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByLabel('Last name').focus();
    await dark(false);
    await page.screenshot({ path: path.join(SHOTS, 'profile-light.png') });
    await dark(true);
    await page.screenshot({ path: path.join(SHOTS, 'profile-dark.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await dark(false);
    await page.screenshot({ path: path.join(SHOTS, 'profile-phone.png') });
  }
});

test.describe('time zone and address', () => {
  // The browser's own zone is New York, so a date shown at +05:45 can only come from the profile.
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

  test('a chosen time zone shows a file’s dates in it, and the address is saved as typed', async ({ page }) => {
    await newAccount(page, 'Tara Zone', uniqueEmail('tara'), 'profile-password-1');
    await seedFile(page, 'minutes.txt', 'hello');
    await page.goto('/user/profile');

    // Time zone: the list is the 32 offsets plus "this device"; choosing one saves it quietly.
    const zone = page.getByLabel('Time zone');
    await expect(zone.locator('option')).toHaveCount(33);
    await expect(zone).toHaveValue('');
    await expect(zone.locator('option').first()).toHaveText('This device’s time zone (UTC−05:00)');
    await zone.selectOption({ label: 'UTC+05:45' });
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(page.getByText(/Dates and times everywhere are shown in UTC\+05:45/)).toBeVisible();

    // Address: typed, saved field by field, and still there after a reload.
    await page.getByLabel('Street address').fill('Dlouhá 12');
    await page.getByLabel('City').fill('Praha 1');
    await page.getByLabel('Postal code').fill('110 00');
    await page.getByLabel('Country').selectOption('CZ');
    await expect(page.getByLabel('Country').locator('option').nth(1)).toHaveText('Czechia');
    await page.getByLabel('Phone number').fill('+420 6');
    // A number too short says so under the field, and is not sent.
    await expect(page.getByText('Enter 5 to 17 digits')).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Phone number').fill('+420 601 123 456');
    await expect(page.getByText('Enter 5 to 17 digits')).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
    await expect
      .poll(async () => {
        const me = await apiCall<{
          data: { relationships: { settings: { data: { attributes: Record<string, string> } } } };
        }>(page, 'GET', '/api/user');
        return me.data.relationships.settings.data.attributes;
      })
      .toMatchObject({
        address: 'Dlouhá 12',
        city: 'Praha 1',
        postal_code: '110 00',
        country: 'CZ',
        phone_number: '+420 601 123 456',
        timezone: '5.75',
      });
    await page.reload();
    await expect(page.getByLabel('Street address')).toHaveValue('Dlouhá 12');
    await expect(page.getByLabel('Country')).toHaveValue('CZ');
    await expect(page.getByLabel('Time zone')).toHaveValue('5.75');

    // The file's date in the details panel is the instant at +05:45, not New York's clock.
    const listing = await apiCall<{ data: Array<{ data: { attributes: { name: string; created_at: string } } }> }>(
      page,
      'GET',
      '/api/browse/folders/all',
    );
    const created = Date.parse(
      listing.data.find((i) => i.data.attributes.name === 'minutes.txt')!.data.attributes.created_at,
    );
    const at = (offsetMinutes: number) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        created + offsetMinutes * 60_000,
      );
    await page.goto('/platform/files');
    await page.getByRole('option', { name: itemName('minutes.txt') }).click();
    const details = page.getByRole('button', { name: 'File details' });
    if ((await details.getAttribute('aria-pressed')) !== 'true') await details.click();
    const panel = page.getByRole('complementary', { name: 'File details' });
    await expect(panel.getByText(at(345), { exact: true }).first()).toBeVisible();
    const newYork = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/New_York',
    }).format(created);
    await expect(panel.getByText(newYork, { exact: true })).toHaveCount(0);

    // Back to this device's zone: the same file is shown at New York's time.
    await page.goto('/user/profile');
    await page.getByLabel('Time zone').selectOption('');
    await expect(page.getByText(/follow this device’s clock/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.goto('/platform/files');
    await page.getByRole('option', { name: itemName('minutes.txt') }).click();
    if ((await details.getAttribute('aria-pressed')) !== 'true') await details.click();
    await expect(panel.getByText(newYork, { exact: true }).first()).toBeVisible();

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.goto('/user/profile');
      await page.getByLabel('Time zone').selectOption('5.75');
      await page.getByLabel('Postal code').fill('110<00');
      await page.getByLabel('City').focus();
      const gotIt = page.getByRole('button', { name: 'Got it' });
      if (await gotIt.isVisible()) await gotIt.click();
      // The content scrolls inside the shell: a picture of the address, then of the time zone.
      const shoot = async (name: string) => {
        for (const [part, heading] of [
          ['address', 'Address'],
          ['time', 'Date and time'],
        ] as const) {
          await page
            .getByRole('heading', { name: heading, exact: true })
            .evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(SHOTS, `profile-${part}-${name}.png`) });
        }
      };
      const dark = async (on: boolean) => {
        await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
        await page.waitForTimeout(400);
      };
      await dark(false);
      await shoot('light');
      await dark(true);
      await shoot('dark');
      await page.setViewportSize({ width: 390, height: 844 });
      await dark(false);
      await shoot('phone');
    }
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from '../support/helpers.js';

/** The profile's email is plainly read-only and says why. E2E_SHOTS=1 saves screenshots. */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

test('the email on the profile is read-only, looks it, and says why', async ({ page }) => {
  const email = uniqueEmail('pia');
  await signUp(page, 'Pia Profile', email, 'profile-password-1');
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

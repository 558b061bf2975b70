import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_BASE_URL } from '../support/env.js';
import { signIn, uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/**
 * Passkeys (issue 15 point 4, ADR 0034) with Chromium's virtual authenticator: added on the
 * password page, used to sign in instead of the password, and as the second factor.
 * WebAuthn refuses an IP address as the site's identity, so these journeys open the app at
 * `localhost` (the same server). E2E_SHOTS=1 saves screenshots, light, dark and at phone width.
 */
test.use({ baseURL: E2E_BASE_URL.replace('127.0.0.1', 'localhost') });

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
  const dark = async (on: boolean) => {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
    await page.waitForTimeout(300);
  };
  const snap = async (file: string) => {
    if (target) await target.screenshot({ path: path.join(SHOTS, `${file}.png`) });
    else await page.screenshot({ path: path.join(SHOTS, `${file}.png`) });
  };
  const size = page.viewportSize();
  await dark(false);
  await snap(`${name}-light`);
  await dark(true);
  await snap(`${name}-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(`${name}-phone-dark`);
  await dark(false);
  await snap(`${name}-phone`);
  if (size) await page.setViewportSize(size);
}

const card = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** A platform authenticator (fingerprint reader) that holds discoverable credentials and verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /**
     * With presence simulated, the authenticator also answers the sign-in page's autofill request
     * (conditional mediation) the moment the page opens: off, that request waits like a person would.
     */
    presence: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

async function addPasskey(page: Page, password: string) {
  await page.goto('/user/settings/password');
  const passkeys = card(page, 'Passkeys');
  await expect(passkeys.getByText('No passkeys yet.', { exact: false })).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const field = passkeys.getByLabel('Current password');
  await expect(field).toBeFocused();
  await field.fill(password);
  await passkeys.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  return passkeys;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
  await expect(page).toHaveURL(/\/(sign-in)?(\?.*)?$/);
}

test('adds a passkey, renames it, signs out and back in with it alone, then removes it', async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  const email = uniqueEmail('pk');
  const password = 'passkey-password-1';
  await newAccount(page, 'Pat Passkey', email, password);
  await page.goto('/user/settings/password');
  const passkeys = card(page, 'Passkeys');
  await expect(passkeys.getByText('No passkeys yet.', { exact: false })).toBeVisible();
  await shoot(page, 'passkeys-empty', passkeys);

  // A wrong password first: nothing is asked of the authenticator.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Current password').fill('not-my-password');
  await passkeys.getByRole('button', { name: 'Continue' }).click();
  await expect(passkeys.getByText('The current password is incorrect.')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);
  await passkeys.getByRole('button', { name: 'Cancel' }).click();

  await addPasskey(page, password);
  // A discoverable credential for this site, named after the browser it was made in.
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  const rows = passkeys.getByTestId('passkey');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/Chrom(e|ium) on Linux/);
  await expect(rows.first()).toContainText('not used yet');

  await rows
    .first()
    .getByRole('button', { name: /^Rename / })
    .click();
  const name = rows.first().getByLabel('Passkey name');
  await expect(name).toBeFocused();
  await name.fill('Work laptop');
  await rows.first().getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passkey renamed.')).toBeVisible();
  await expect(rows.first()).toContainText('Work laptop');
  await shoot(page, 'passkeys-list', passkeys);

  // Signed out, the sign-in page offers the passkey; it signs in with no email, password or code.
  await signOut(page);
  // The page's autofill request is held back (its options never arrive), so that the button alone
  // signs in here: with presence on, a waiting autofill request would answer first (it does, below).
  let optionsAsked = 0;
  await page.route('**/api/passkeys/sign-in/options', (route) => (optionsAsked++ === 0 ? undefined : route.fallback()));
  await page.goto('/sign-in');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await shoot(page, 'passkeys-sign-in');
  await expect.poll(() => optionsAsked).toBe(1);
  await button.click();
  await expect(page).toHaveURL(/\/platform\/files/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The browser's autofill offer signs in the same way (the virtual authenticator picks at once).
  await signOut(page);
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/platform\/files/);

  // Its use shows in the list; removing it asks first.
  await page.goto('/user/settings/password');
  await expect(rows.first()).toContainText('last used');
  await rows.first().getByRole('button', { name: 'Remove Work laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove “Work laptop”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shoot(page, 'passkeys-remove');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed.')).toBeVisible();
  await expect(rows).toHaveCount(0);

  // The authenticator still holds it, but the account no longer knows it.
  await signOut(page);
  await page.goto('/sign-in');
  await expect(page.getByText('That passkey could not be verified.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('That passkey could not be verified.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a passkey completes a two-factor sign-in in place of the code', async ({ page }) => {
  test.slow();
  const authenticator = await virtualAuthenticator(page);
  const email = uniqueEmail('pk2');
  const password = 'passkey-password-2';
  await newAccount(page, 'Tom Twostep', email, password);

  // Two-factor on, as a person does it: the key from the page, a code from it.
  await page.goto('/user/settings/password');
  const twoFactor = card(page, 'Two-factor authentication');
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await twoFactor.getByLabel('Current password').fill(password);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  const secret = ((await twoFactor.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  await twoFactor.getByLabel('Code from the app').fill(await generate({ secret }));
  await twoFactor.getByRole('button', { name: 'Confirm and turn on' }).click();
  await twoFactor.getByRole('button', { name: 'I’ve saved them' }).click();
  await addPasskey(page, password);

  // No autofill sign-in this time: the password, then the passkey in place of the code.
  await signOut(page);
  await authenticator.presence(false);
  await page.goto('/sign-in');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  await shoot(page, 'passkeys-second-factor');
  await authenticator.presence(true);
  await usePasskey.click();
  await expect(page).toHaveURL(/\/platform\/files/);
});

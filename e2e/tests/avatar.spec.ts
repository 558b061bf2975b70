import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/** Issue 15: a picture chosen in the profile replaces the initial in the header. E2E_SHOTS=1 saves screenshots. */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

// An 80×64 green PNG: wider than tall, so the server's square crop is visible in the sizes.
const GREEN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAFAAAABACAIAAAACpWdhAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAsElEQVRoge3XUQ1EQQhDUZSMsKvuSd2siAkfcxIEQAttmfP1VM16BwYOw1np3HBEKyrNls62SQoeSVqJlsnSeR7yLX37hsGWugHBrEOO4a5CMOuQYzgMZ6VzwxGtqDRbOg/UrHdg4DCclc4NR7Si0mzpbJuk4JGklWiZLJ3nId/St28YbKkbEMw65BjuKgSzDjmGw3BWOjcc0YpKs6XzQM16BwYOw1np3HBEKyr9h+AHKwLhPG7kC8cAAAAASUVORK5CYII=',
  'base64',
);

test('a new picture in the profile shows in the header; a text file is refused; removing brings the initial back', async ({
  page,
}) => {
  await newAccount(page, 'Ava Avatar', uniqueEmail('ava'), 'avatar-password-1');
  await page.goto('/user/profile');
  const header = page.getByRole('link', { name: 'Your account: Ava Avatar' });
  await expect(header.locator('img')).toHaveCount(0);
  await expect(header).toContainText('A');

  const input = page.getByLabel('Choose an image or drop it here');

  // A text file named .png passes the browser's type check but not the server's decoding.
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await page.getByRole('button', { name: 'Save picture' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not a JPEG, PNG or WebP image' })).toBeVisible();
  await expect(header.locator('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: GREEN_PNG });
  await expect(page.getByText('Preview', { exact: true })).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/avatar') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save picture' }).click();
  const body = (await (await saved).json()) as { data: { attributes: { avatar: { xs: string; sm: string } } } };
  expect(body.data.attributes.avatar.sm).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/sm$/);

  // The header's 44 px avatar uses the sm image (spec §3: above 32 and under 52), and it loads.
  const img = header.locator('img');
  await expect(img).toHaveAttribute('src', body.data.attributes.avatar.sm);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(60);

  // It stays after a reload: it comes from the user record, not from the page's memory.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Your account: Ava Avatar' }).locator('img')).toHaveAttribute(
    'src',
    body.data.attributes.avatar.sm,
  );

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'avatar-light.png') });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: path.join(SHOTS, 'avatar-dark.png') });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, 'avatar-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
  }

  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(header.locator('img')).toHaveCount(0);
  await expect(header).toContainText('A');
});

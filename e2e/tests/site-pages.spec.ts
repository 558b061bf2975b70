import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startFakeRecaptcha, type FakeRecaptcha } from '../support/fake-recaptcha.js';
import { adminPage } from '../support/accounts.js';
import { apiCall, outbox, seedFile } from '../support/helpers.js';

/**
 * The site's own pages (issue 16 points 4 and 6, issue 15 point 7): the administrator edits the
 * cookie policy and the homepage, a visitor reads them, writes through the contact form (with the
 * human check on) and the mail arrives; analytics and ads load only after the cookie banner's
 * Accept. E2E_SHOTS=1 saves each screen light, dark and on a phone.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;
const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-secret-key';

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const dark = async (on: boolean) => {
    await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
    await page.waitForTimeout(300);
  };
  const size = page.viewportSize();
  await dark(false);
  await page.screenshot({ path: path.join(SHOTS, `site-${name}-light.png`), fullPage: true });
  await dark(true);
  await page.screenshot({ path: path.join(SHOTS, `site-${name}-dark.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `site-${name}-phone-dark.png`), fullPage: true });
  await dark(false);
  await page.screenshot({ path: path.join(SHOTS, `site-${name}-phone.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const setting = (page: Page, name: string, value: unknown) =>
  apiCall(page, 'PATCH', '/api/admin/settings', { name, value });

let fake: FakeRecaptcha;
let admin: Page;

test.beforeAll(async ({ browser }) => {
  fake = await startFakeRecaptcha(SECRET);
  admin = await adminPage(browser, { viewport: { width: 1280, height: 900 } });
});

// Every other journey meets the plain cookie notice and no human check: put things back.
test.afterAll(async () => {
  for (const [name, value] of [
    ['allowed_recaptcha', false],
    ['allow_homepage', true],
    ['google_analytics', null],
    ['allowed_adsense', false],
    ['adsense_client_id', null],
    ['adsense_banner_01', null],
  ] as const) {
    await setting(admin, name, value).catch(() => {});
  }
  await admin.context().close();
  await fake.close();
});

test('the admin rewrites the cookie policy; the footer and the page show it, without its script', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Cookies at Acme ${Date.now() % 100000}`;
  await admin.goto('/admin/pages');
  await expect(admin.getByRole('heading', { level: 2, name: 'Pages' })).toBeVisible();
  await shoot(admin, 'admin-pages');
  await admin.getByRole('link', { name: /Edit Cookie Policy|Edit Cookies at Acme/ }).click();
  await expect(admin).toHaveURL(/\/admin\/page\/cookie-policy$/);
  await admin.getByLabel('Title').fill(title);
  await admin
    .getByLabel('Content')
    .fill(
      '## What we keep\n\nOnly a **session cookie** that keeps you signed in.\n\n<script>window.__pwned = 1</script>\n\n[Evil](javascript:window.__pwned=2)',
    );
  const preview = admin.locator('[data-page-preview]');
  await expect(preview.getByRole('heading', { name: 'What we keep' })).toBeVisible();
  await expect(preview.locator('script')).toHaveCount(0);
  await shoot(admin, 'admin-page-editor');
  await admin.getByRole('button', { name: 'Save page' }).click();
  await expect(admin.getByText('Page saved')).toBeVisible();

  const guest = await visitor(browser);
  await guest.goto('/');
  const footerLink = guest.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: title });
  await expect(footerLink).toBeVisible();
  await footerLink.click();
  await expect(guest).toHaveURL(/\/page\/cookie-policy$/);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'What we keep' })).toBeVisible();
  await expect(guest.getByText('session cookie')).toBeVisible();
  await expect(guest.locator('article script')).toHaveCount(0);
  await expect(guest.locator('article a', { hasText: 'Evil' })).not.toHaveAttribute('href', /javascript/);
  expect(await guest.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await shoot(guest, 'public-page');

  // Hidden: out of the footer, and "not found" for visitors.
  await admin.getByRole('switch', { name: 'Visible to visitors' }).click();
  await admin.getByRole('button', { name: 'Save page' }).click();
  await expect(admin.getByText('You have unsaved changes.')).toBeHidden();
  await guest.goto('/page/cookie-policy');
  await expect(guest.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(guest.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: title })).toHaveCount(0);
  await admin.getByRole('switch', { name: 'Visible to visitors' }).click();
  await admin.getByRole('button', { name: 'Save page' }).click();
  await expect(admin.getByText('You have unsaved changes.')).toBeHidden();
  await guest.context().close();
});

test('the homepage shows the hero title the admin saved, and goes to sign-in when turned off', async ({ browser }) => {
  test.setTimeout(90_000);
  const heroTitle = `Store it all at Acme ${Date.now() % 100000}`;
  await admin.goto('/admin/settings/index');
  // Plain text, no HTML: the shipped title's accent shows as **double asterisks**, and so is it typed (issue 41).
  const titleField = admin.getByRole('textbox', { name: 'Title' }).first();
  await expect(titleField).toHaveValue(/\*\*.+\*\*/);
  await expect(titleField).not.toHaveValue(/</);
  await expect(admin.getByText('Words between **double asterisks** show in the accent colour.').first()).toBeVisible();
  await titleField.fill(`${heroTitle} **today**`);
  await admin.getByRole('button', { name: 'Save homepage' }).click();
  await expect(admin.getByText('Homepage saved')).toBeVisible();
  await shoot(admin, 'admin-homepage');

  const guest = await visitor(browser);
  await guest.goto('/');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`${heroTitle} today`);
  await expect(guest.locator('h1 .text-theme')).toHaveText('today');
  await shoot(guest, 'home');

  // Homepage off: the home address goes to sign-in.
  await admin.getByRole('switch', { name: 'Show the homepage' }).click();
  await admin.getByRole('button', { name: 'Save homepage' }).click();
  await expect
    .poll(async () => (await apiCall<{ allowHomepage: boolean }>(admin, 'GET', '/api/config')).allowHomepage)
    .toBe(false);
  await guest.goto('/');
  await expect(guest).toHaveURL(/\/sign-in$/);
  await setting(admin, 'allow_homepage', true);
  await guest.goto('/');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`${heroTitle} today`);
  await guest.context().close();
});

test('a visitor sends the contact form past the human check, and the mail arrives', async ({ browser }) => {
  test.setTimeout(120_000);
  await setting(admin, 'contact_email', null);
  const early = await visitor(browser);
  await early.goto('/contact-us');
  await expect(early.getByRole('heading', { name: 'The contact form is unavailable' })).toBeVisible();
  await early.context().close();

  await setting(admin, 'contact_email', 'owner@example.com');
  await setting(admin, 'recaptcha_client_id', SITE_KEY);
  await setting(admin, 'recaptcha_client_secret', SECRET);
  await setting(admin, 'allowed_recaptcha', true);
  const guest = await visitor(browser);
  await guest.goto('/contact-us');
  await expect(guest.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await shoot(guest, 'contact');
  const words = `Could you keep my files for ten years? ${Date.now()}`;
  const before = outbox().length;
  await guest.getByLabel('Your name').fill('Vera Visitor');
  await guest.getByLabel('Your email').fill('vera@example.com');
  await guest.getByLabel('Message').fill(words);
  await guest.getByRole('button', { name: 'Send message' }).click();
  await expect(guest.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  expect(fake.verified.at(-1)).toEqual({ action: 'contact', secret: SECRET });
  await expect.poll(() => outbox().length).toBe(before + 1);
  const mail = outbox().at(-1) ?? '';
  expect(mail).toMatch(/^To: owner@example.com/m);
  expect(mail).toMatch(/^Reply-To: vera@example.com/m);
  expect(mail.replace(/=\r?\n/g, '')).toContain('Could you keep my files for ten years?');

  // A low score is refused with the reason, and nothing is sent.
  fake.score = 0.1;
  await guest.getByRole('button', { name: 'Send another message' }).click();
  await guest.getByLabel('Your name').fill('Bot');
  await guest.getByLabel('Your email').fill('bot@example.com');
  await guest.getByLabel('Message').fill('Buy cheap things now, now, now.');
  await guest.getByRole('button', { name: 'Send message' }).click();
  await expect(guest.getByText(/couldn’t confirm that you’re a person/)).toBeVisible();
  expect(outbox().length).toBe(before + 1);
  fake.score = 0.9;
  await setting(admin, 'allowed_recaptcha', false);
  await guest.context().close();
});

test('analytics and ads load only after the visitor accepts cookies', async ({ browser }) => {
  test.setTimeout(120_000);
  await setting(admin, 'google_analytics', 'G-E2ETEST42');
  const tagLoads = () => fake.tagLoads.filter((l) => l.startsWith('/gtag/js')).length;
  const start = tagLoads();

  const declines = await visitor(browser);
  await declines.goto('/');
  const banner = declines.getByRole('region', { name: 'Cookie notice' });
  await expect(banner.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/page/cookie-policy');
  await shoot(declines, 'consent-banner');
  await declines.waitForLoadState('networkidle');
  expect(tagLoads()).toBe(start);
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  await declines.reload();
  await declines.waitForLoadState('networkidle');
  await expect(declines.getByRole('region', { name: 'Cookie notice' })).toBeHidden();
  expect(tagLoads()).toBe(start);
  await declines.context().close();

  const accepts = await visitor(browser);
  await accepts.goto('/');
  await accepts.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(tagLoads).toBe(start + 1);
  expect(fake.tagLoads.at(-1)).toBe('/gtag/js?id=G-E2ETEST42');
  // Remembered: the next page load asks nothing and loads the tag again.
  await accepts.reload();
  await expect(accepts.getByRole('region', { name: 'Cookie notice' })).toBeHidden();
  await expect.poll(tagLoads).toBe(start + 2);

  // Ads: on a shared file's page, with the unit the admin set.
  await admin.goto('/admin/settings/adsense');
  await admin.getByRole('switch', { name: 'Show ads' }).click();
  await admin.getByLabel('Publisher id').fill('ca-pub-1234567890123456');
  await admin.getByLabel('Ad unit above a shared file').fill('abc');
  await admin.getByRole('button', { name: 'Save ads' }).click();
  await expect(admin.getByText(/ad slot id is the number/)).toBeVisible();
  await admin.getByLabel('Ad unit above a shared file').fill('1234567890');
  await admin.getByRole('button', { name: 'Save ads' }).click();
  await expect(admin.getByText('Ad settings saved')).toBeVisible();
  await shoot(admin, 'admin-ads');
  const fileId = await seedFile(admin, `ads-${Date.now()}.txt`, 'An advertised file.');
  const shared = await apiCall<{ data: { attributes: { token: string } } }>(admin, 'POST', '/api/share', {
    id: fileId,
    type: 'file',
    permission: 'visitor',
  });
  await accepts.goto(`/share/${shared.data.attributes.token}`);
  await expect(accepts.locator('ins.adsbygoogle[data-ad-slot="1234567890"]')).toHaveCount(1);
  await expect
    .poll(() => fake.tagLoads.filter((l) => l === '/adsense/adsbygoogle.js?client=ca-pub-1234567890123456').length)
    .toBe(1);
  await accepts.context().close();
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { itemName, seedFile, uniqueEmail } from '../support/helpers.js';
import { newAccount, useAdminSession } from '../support/accounts.js';

/** Issue 18: toasts that hide no control, native controls in the app's theme, a clean upload cancel. */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function apiPost(page: Page, path: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(path, {
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(response.ok(), `${path} answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as { data: { id: string } };
}

async function newUser(page: Page, prefix: string, folders: string[] = []) {
  await newAccount(page, `${prefix} Tester`, uniqueEmail(prefix), 'polish-password-1');
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
  for (const name of folders) await apiPost(page, '/api/create-folder', { name, parent_id: null });
  if (folders.length) await page.reload();
}

const item = (page: Page, name: string) => page.getByRole('option', { name: itemName(name) });
const toasts = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

/** The control is what a click at its centre reaches: nothing lies on top of it. */
async function expectReachable(control: Locator) {
  const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
  const reachable = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!hit && (hit === element || element.contains(hit));
  });
  expect(reachable, `“${name.trim()}” is covered`).toBe(true);
  await control.click({ trial: true, timeout: 2000 });
}

/** No two toasts share a pixel (at least `count` of them on screen). */
async function expectApart(page: Page, count: number) {
  await expect.poll(() => toasts(page).count()).toBeGreaterThanOrEqual(count);
  // Let sonner's stacking animation settle before measuring.
  await page.waitForTimeout(600);
  const boxes = await toasts(page).evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }),
  );
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `toasts ${i} and ${j} overlap: ${JSON.stringify([a, b])}`).toBe(false);
    }
}

test.describe('toasts on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('leave the toolbar clickable and stand apart', async ({ page }) => {
    await newUser(page, 'toasty', ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const trash = async (name: string) => {
      await item(page, name).click();
      await page.keyboard.press('Delete');
      await expect(page.getByText(`Moved “${name}” to the trash`)).toBeVisible();
    };
    await trash('Alpha');

    // With a selection the toolbar shows every action: rename, move, trash, sort, view, details…
    await item(page, 'Delta').click();
    const buttons = page.locator('header').first().getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(5);
    // Measured at once, while the toast is surely up (a check once it has gone would prove nothing).
    const clash = await page.evaluate(() => {
      const visible = (e: Element) => e.getBoundingClientRect().width > 0;
      const toastBoxes = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')]
        .filter(visible)
        .map((e) => e.getBoundingClientRect());
      const covered = [...document.querySelectorAll('header button')].filter(visible).filter((button) => {
        const b = button.getBoundingClientRect();
        return toastBoxes.some((t) => t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom);
      });
      return { toasts: toastBoxes.length, covered: covered.map((b) => b.getAttribute('aria-label') ?? b.textContent) };
    });
    expect(clash.toasts, 'the toast is still up').toBeGreaterThan(0);
    expect(clash.covered, 'toolbar buttons under a toast').toEqual([]);
    for (const button of await buttons.all()) if (await button.isVisible()) await expectReachable(button);
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit folder' })).toBeVisible();
    await page.keyboard.press('Escape');

    await trash('Bravo');
    await trash('Charlie');
    await expectApart(page, 2);
  });
});

test.describe('toasts on a phone', () => {
  test.use(PHONE);

  test('sit above the selection bar and the upload button', async ({ page }) => {
    await newUser(page, 'pocket', ['Alpha', 'Bravo', 'Charlie']);
    const bar = page.getByRole('toolbar', { name: 'Actions for the selection' });
    const select = async (name: string) => {
      const mode = page.getByRole('button', { name: 'Select items' });
      if ((await mode.getAttribute('aria-pressed')) !== 'true') await mode.click();
      await item(page, name).click();
    };
    const trash = async (name: string) => {
      await select(name);
      await bar.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Move to trash' }).click();
      await expect(page.getByText(`Moved “${name}” to the trash`)).toBeVisible();
    };

    await trash('Alpha');
    await trash('Bravo');
    await expectApart(page, 2);

    await select('Charlie');
    // The count reads in full ("1 selected", not "1 sel…") on a 390-pixel phone.
    const count = bar.getByText('1 selected');
    await expect(count).toBeVisible();
    expect(await count.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
    for (const control of await bar.getByRole('button').all()) await expectReachable(control);
    for (const control of await page.locator('header').first().getByRole('button').all())
      if (await control.isVisible()) await expectReachable(control);
    await bar.getByRole('button', { name: 'Clear the selection' }).click();
    await page.getByRole('button', { name: 'Select items' }).click();
    await expectReachable(page.getByRole('button', { name: 'Upload or create' }));
  });
});

test.describe('native controls', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const scheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

  test('follow the app’s theme, not the system’s', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await newUser(page, 'scheme');
    await page.goto('/user/profile');
    await page.getByRole('radio', { name: /^Light/ }).check();
    await expect.poll(() => scheme(page)).toBe('light');
    // An unchecked radio is painted for a light page: its accent is the darker one for light surfaces.
    const radio = page.getByRole('radio', { name: /^Dark/ });
    expect(await radio.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('light');

    await page.emulateMedia({ colorScheme: 'light' });
    // The choice is saved to the account after a short debounce; the reload waits for it, since the
    // account's saved theme wins over this browser's copy once the user record arrives.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.ok());
    await radio.check();
    await expect.poll(() => scheme(page)).toBe('dark');
    await saved;
    await page.reload();
    await expect.poll(() => scheme(page)).toBe('dark');

    // "System" follows the OS, live.
    await page.getByRole('radio', { name: /^System/ }).check();
    await expect.poll(() => scheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => scheme(page)).toBe('dark');
  });
});

test.describe('the upload queue', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Cancel all empties it and asks the server to drop only what it holds', async ({ page }) => {
    await newUser(page, 'canceller');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        problems.push(`${response.request().method()} ${response.url()} ${response.status()}`);
    });
    const discards: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().includes('/api/upload/chunks/')) discards.push(request.url());
    });
    // The server is slow: the first request (the three small files packed in one bulk request, or
    // a chunk) hangs, and whatever follows waits its turn.
    let arrived = 0;
    await page.route(/\/api\/upload\/(chunks|bulk)$/, () => {
      arrived += 1;
    });

    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('button', { name: /^Upload( files)?$/ })
      .first()
      .click();
    await page.getByRole('menu').getByText('Upload files', { exact: true }).click();
    await (
      await chooser
    ).setFiles(
      ['one.txt', 'two.txt', 'three.txt'].map((name) => ({
        name,
        mimeType: 'text/plain',
        buffer: Buffer.from(`${name} says hello`),
      })),
    );
    const panel = page.getByRole('region', { name: 'Uploads' });
    await expect(panel).toBeVisible();
    await expect.poll(() => arrived).toBe(1);

    await panel.getByRole('button', { name: 'Cancel all' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByText(/0 of 0/)).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(discards).toEqual([]);
    expect(problems).toEqual([]);
  });
});

/** A one-page PDF that says hello (pdf.js rebuilds the cross-reference table itself). */
function helloPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 36 Tf 72 700 Td (Hello PDF) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

for (const [device, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', PHONE],
] as const) {
  test.describe(`the public page of a PDF on a ${device}`, () => {
    test.use(options);

    test('has one full-screen button, in the viewer’s bar, over no other control', async ({ page, browser }) => {
      await newUser(page, `pdf${device}`);
      const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const uploaded = await page.request.post('/api/upload/chunks', {
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
        multipart: {
          name: 'hello.pdf',
          extension: 'pdf',
          is_last_chunk: '1',
          chunk: { name: 'hello.pdf', mimeType: 'application/pdf', buffer: helloPdf() },
        },
      });
      expect(uploaded.ok()).toBeTruthy();
      const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
      const shared = await apiPost(page, '/api/share', { id: fileId, type: 'file', permission: 'visitor' });
      const token = (shared as unknown as { data: { attributes: { token: string } } }).data.attributes.token;

      const guest = await (await browser.newContext(options)).newPage();
      await guest.goto(`/share/${token}`);
      const fit = guest.getByRole('button', { name: 'Fit to width' });
      await expect(fit).toBeVisible();
      const full = guest.getByRole('button', { name: 'Open full screen' });
      await expect(full).toHaveCount(1);

      // The two no longer look alike: fitting the width is not going full screen.
      expect(await fit.locator('svg').innerHTML()).not.toBe(await full.locator('svg').innerHTML());
      // It sits in the bar with the zoom controls, and no two controls of the viewer overlap.
      const bar = await guest.getByRole('button', { name: 'Zoom in' }).boundingBox();
      const box = await full.boundingBox();
      expect(box && bar && Math.abs(box.y + box.height / 2 - (bar.y + bar.height / 2)) < 2).toBe(true);
      const boxes = await guest
        .locator('main button:visible')
        .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as DOMRect));
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!, boxes[j]!];
          expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false);
        }
      if (process.env.SHOTS) await guest.screenshot({ path: `${process.env.SHOTS}/pdf-${device}.png` });
      await full.click();
      await expect(guest.getByRole('dialog')).toBeVisible();
      await guest.context().close();
    });
  });
}

test.describe('small things', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the sign-in hero says each thing once', async ({ page }) => {
    await page.goto('/sign-in');
    const hero = page.locator('aside');
    const words = async (text: string | null) => new Set((text ?? '').toLowerCase().match(/[a-z]{4,}/g) ?? []);
    const headline = await words(await hero.locator('h2').textContent());
    // Under it: this install's description, or the default one a new install starts with.
    for (const text of [await hero.locator('h2 + p').textContent(), 'Your files, safely stored and easy to share.']) {
      const description = await words(text);
      const shared = [...headline].filter((word) => [...description].some((w) => w.startsWith(word.slice(0, 4))));
      expect(shared, `the headline repeats “${text}”`).toEqual([]);
    }
  });

  test('the navigator keeps the Ctrl K hint and folds Collaboration away', async ({ page }) => {
    await newUser(page, 'folder');
    await expect(page.getByRole('navigation', { name: 'Files navigation' })).toBeVisible();
    await expect(page.locator('header kbd')).toBeVisible();
    await expect(page.locator('header kbd')).toHaveText(/K$/);

    const navigator = page.getByRole('navigation', { name: 'Files navigation' });
    const collaboration = navigator.getByRole('button', { name: 'Collaboration' });
    await expect(collaboration).toHaveAttribute('aria-expanded', 'true');
    await expect(navigator.getByRole('link', { name: /Team Folders/ })).toBeVisible();
    await collaboration.click();
    await expect(collaboration).toHaveAttribute('aria-expanded', 'false');
    await expect(navigator.getByRole('link', { name: /Team Folders/ })).toHaveCount(0);
    await collaboration.click();
    await expect(navigator.getByRole('link', { name: /Team Folders/ })).toBeVisible();
  });

  test('the admin sub-navigation’s border runs to the bottom', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await useAdminSession(page);
    await page.goto('/admin/dashboard');
    await page
      .getByRole('button', { name: 'Got it' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    const subnav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(subnav).toBeVisible();
    const main = page.locator('main#content');
    await main.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const [nav, frame] = [await subnav.boundingBox(), await main.boundingBox()];
    expect(nav!.y + nav!.height).toBeGreaterThanOrEqual(frame!.y + frame!.height - 1);
  });
});

test('the upload panel leaves the last rows’ ⋯ buttons reachable: the list scrolls past it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await newUser(page, 'panel-room');
  // More rows than the screen holds, so the last ones are where the panel stands.
  for (let i = 1; i <= 14; i++) await seedFile(page, `row-${String(i).padStart(2, '0')}.txt`, `Row ${i}`);
  await page.reload();
  await expect(item(page, 'row-01.txt')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('button', { name: /^Upload/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles(['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from(n) })));
  const panel = page.getByRole('region', { name: 'Uploads' });
  await expect(panel.getByRole('heading', { name: '4 uploads complete' })).toBeVisible();

  // Scrolled to its end, the list's last row and its ⋯ button stand clear of the panel.
  const list = page.locator('#file-list');
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.waitForTimeout(300);
  const last = page.getByRole('option').last();
  const id = await last.getAttribute('data-item-id');
  const more = page.locator(`button[data-item-for="${id}"]`);
  const [moreBox, panelBox] = [await more.boundingBox(), await panel.boundingBox()];
  expect(moreBox!.y + moreBox!.height, 'the last ⋯ button ends above the panel').toBeLessThanOrEqual(panelBox!.y);
  await expectReachable(more);
});

test('the new-team-folder button has an icon of its own and says what it does', async ({ page }) => {
  // Wide enough for its words beside any language's title (narrower, they go to its tooltip).
  await page.setViewportSize({ width: 1680, height: 900 });
  await newUser(page, 'team-button');
  await apiPost(page, '/api/teams/folders', { name: 'Launch plan', invitations: [] });
  await page.goto('/platform/team-folders');
  await expect(item(page, 'Launch plan')).toBeVisible();
  const button = page.getByRole('button', { name: 'New team folder' });
  await expect(button).toHaveAttribute('title', 'New team folder');
  // Its words show (not only to screen readers) on a wide desktop...
  const words = await button.getByText('New team folder').boundingBox();
  expect(words!.width, 'the label is visible').toBeGreaterThan(60);
  // ...and its icon is not the New folder one.
  await expect(button.locator('svg.lucide-folder-plus')).toHaveCount(0);
  await expect(button.locator('svg')).toHaveCount(1);
});

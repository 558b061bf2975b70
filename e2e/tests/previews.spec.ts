import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail, itemName } from '../support/helpers.js';
import { newAccount } from '../support/accounts.js';

/**
 * Text previews: right-to-left text, Markdown rendered and sanitised, CSV as a table with its raw
 * text a toggle away, code highlighted. E2E_SHOTS=1 also saves light, dark and phone screenshots.
 */

const SHOTS = process.env.E2E_SHOTS ? path.join(import.meta.dirname, '..', 'test-results', 'shots') : null;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const dark = (on: boolean) => page.evaluate((d) => document.documentElement.classList.toggle('dark', d), on);
  await dark(false);
  await page.screenshot({ path: path.join(SHOTS, `${name}-light.png`) });
  await dark(true);
  await page.screenshot({ path: path.join(SHOTS, `${name}-dark.png`) });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone-dark.png`) });
  await dark(false);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`) });
  if (size) await page.setViewportSize(size);
}

async function upload(page: Page, files: { name: string; mimeType: string; text: string }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('button', { name: /^Upload( files)?$/ })
    .first()
    .click();
  await page.getByRole('menu').getByText('Upload files', { exact: true }).click();
  await (
    await chooser
  ).setFiles(files.map((f) => ({ name: f.name, mimeType: f.mimeType, buffer: Buffer.from(f.text) })));
  for (const f of files) await expect(page.getByRole('option', { name: itemName(f.name) })).toBeVisible();
}

async function open(page: Page, name: string): Promise<Locator> {
  await page.getByRole('option', { name: itemName(name) }).dblclick();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await newAccount(page, 'Rana Reader', uniqueEmail('previews'), 'previews-password-1');
  await page
    .getByRole('button', { name: 'Got it' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
});

test('right-to-left text reads right to left, line by line', async ({ page }) => {
  await upload(page, [
    { name: 'greetings.txt', mimeType: 'text/plain', text: 'שלום עולם, מה שלומך?\nمرحبا بالعالم\nHello world\n' },
  ]);
  const dialog = await open(page, 'greetings.txt');
  const block = dialog.locator('pre[tabindex="0"]');
  await expect(block).toContainText('שלום עולם');
  await expect(block).toHaveAttribute('dir', 'auto');
  expect(await block.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
  // Each line takes its own direction: the English line is not pushed to the right.
  expect(await block.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
  await shoot(page, 'preview-rtl');
});

test('a Markdown file is rendered, and its scripts and handlers are inert', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await upload(page, [
    {
      name: 'lemon-tart.md',
      mimeType: 'text/markdown',
      text: [
        '# Lemon tart',
        '',
        'Zest **two** lemons, then read [the method](https://example.com/tart).',
        '',
        '## Steps',
        '',
        '- Bake the case',
        '- Fill it',
        '',
        '<script>window.__pwned = "script"; alert("script")</script>',
        '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">',
        '<a href="javascript:alert(\'link\')" onclick="alert(\'click\')">tap me</a>',
        '<div onmouseover="alert(\'hover\')">hover me</div>',
        '',
        '> מתכון ישן של סבתא',
        '',
        '```python',
        'def bake(minutes):',
        '    return "done"',
        '```',
      ].join('\n'),
    },
  ]);
  const dialog = await open(page, 'lemon-tart.md');
  await expect(dialog.getByRole('heading', { name: 'Lemon tart', level: 1 })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Steps', level: 2 })).toBeVisible();
  const link = dialog.getByRole('link', { name: 'the method' });
  await expect(link).toHaveAttribute('href', 'https://example.com/tart');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  // Fenced code is highlighted.
  await expect(dialog.locator('pre code .hljs-keyword').filter({ hasText: 'def' })).toBeVisible();
  // The Hebrew quote finds its own direction.
  expect(await dialog.locator('blockquote').evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);

  // Nothing runs: no element carries a handler, no script, no javascript: link, no dialog.
  await dialog.getByText('hover me').hover();
  await dialog.getByText('tap me').click();
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(
      () =>
        [...document.querySelectorAll('[role="dialog"] *')].filter(
          (el) =>
            el.tagName === 'SCRIPT' ||
            [...el.attributes].some((a) => a.name.startsWith('on')) ||
            /^\s*javascript:/i.test(el.getAttribute('href') ?? ''),
        ).length,
    ),
  ).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await shoot(page, 'preview-markdown');

  await dialog.getByRole('button', { name: 'Raw text' }).click();
  await expect(dialog.getByText('# Lemon tart')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Lemon tart' })).toBeHidden();
});

test('a CSV file shows as a table, its raw text a toggle away, and a long one says it is cut', async ({ page }) => {
  const long = ['n,square', ...Array.from({ length: 1500 }, (_, i) => `${i + 1},${(i + 1) ** 2}`)].join('\n');
  await upload(page, [
    {
      name: 'people.csv',
      mimeType: 'text/csv',
      text: 'Name,City,Note\n"Smith, Jane",Lisbon,likes tea\nאבי כהן,תל אביב,"line one\nline two"\nOmar,القاهرة,\n',
    },
    { name: 'squares.csv', mimeType: 'text/csv', text: long },
  ]);
  const dialog = await open(page, 'people.csv');
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'City' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Smith, Jane' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(dialog.getByText('3 rows', { exact: true })).toBeVisible();
  expect(await table.getByRole('cell', { name: 'القاهرة' }).evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
  await shoot(page, 'preview-csv');

  await dialog.getByRole('button', { name: 'Raw text' }).click();
  await expect(dialog.getByRole('table')).toBeHidden();
  await expect(dialog.getByText('"Smith, Jane",Lisbon,likes tea')).toBeVisible();
  await dialog.getByRole('button', { name: 'Table' }).click();
  await expect(dialog.getByRole('table')).toBeVisible();
  await page.keyboard.press('Escape');

  const big = await open(page, 'squares.csv');
  await expect(big.getByRole('note')).toHaveText(/first 1,000 of 1,500 rows/);
  await expect(big.getByRole('table').getByRole('row')).toHaveCount(1001);
});

test('code is highlighted', async ({ page }) => {
  await upload(page, [
    {
      name: 'greet.ts',
      mimeType: 'video/mp2t',
      text: 'export function greet(name: string): string {\n  // say hello\n  return `Hello, ${name}`;\n}\n',
    },
    {
      name: 'greet.py',
      mimeType: 'text/x-python',
      text: 'def greet(name):\n    """Say hello."""\n    return f"Hello, {name}"\n',
    },
    {
      name: 'greet.js',
      mimeType: 'text/javascript',
      text: 'const greet = (name) => `Hello, ${name}`;\nexport default greet;\n',
    },
  ]);
  for (const [name, keyword] of [
    ['greet.ts', 'function'],
    ['greet.py', 'def'],
    ['greet.js', 'const'],
  ] as const) {
    const dialog = await open(page, name);
    await expect(dialog.locator('.hljs-keyword').filter({ hasText: keyword }).first()).toBeVisible();
    await expect(dialog.locator('.hljs-string').first()).toBeVisible();
    if (name === 'greet.ts') await shoot(page, 'preview-code');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

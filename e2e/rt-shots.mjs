import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8191';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('Email').fill('shots@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('shots-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/(admin|platform)\//);
    await page.goto(`${base}/admin/settings/environment`);
    await page.getByText('Testing your connection…').waitFor({ timeout: 10000 }).catch(() => {});
    await page.screenshot({ path: `/tmp/rt-shots/env-${label}-${scheme}-testing.png` });
    await page.getByText('Your websocket connection was successfully established').waitFor({ timeout: 15000 });
    await page.screenshot({ path: `/tmp/rt-shots/env-${label}-${scheme}-ok.png` });
    await context.close();
  }
}
await browser.close();

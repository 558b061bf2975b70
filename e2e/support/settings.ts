import { expect, test, type Browser } from '@playwright/test';
import { adminPage } from './accounts.js';
import { apiCall, apiHeaders } from './helpers.js';

async function adminSession(browser: Browser) {
  const page = await adminPage(browser);
  return { context: page.context(), page };
}

/**
 * Puts the named settings back as the spec found them once its tests are done: the journeys after it
 * run on the same server (a spec that turns billing on must not leave it on for the file journeys),
 * and `providers`' stored keys are removed.
 */
export function restoreSettingsAfterAll(names: readonly string[], providers: readonly string[] = []) {
  let before: Record<string, unknown> = {};
  test.beforeAll(async ({ browser }) => {
    const { context, page } = await adminSession(browser);
    before = (await apiCall<{ data: Record<string, unknown> }>(page, 'GET', '/api/admin/settings')).data;
    await context.close();
  });
  test.afterAll(async ({ browser }) => {
    const { context, page } = await adminSession(browser);
    for (const name of names) {
      const res = await page.request.fetch('/api/admin/settings', {
        method: 'PATCH',
        data: { name, value: before[name] },
        headers: await apiHeaders(page),
      });
      expect(res.ok(), `restoring ${name}: ${res.status()} ${await res.text()}`).toBe(true);
    }
    // The providers' keys the spec stored (a fake's, gone once it stops) are removed.
    for (const driver of providers) await apiCall(page, 'DELETE', `/api/admin/payments/${driver}`);
    await context.close();
  });
}

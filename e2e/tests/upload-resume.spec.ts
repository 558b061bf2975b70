import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { adminPage, newAccount } from '../support/accounts.js';
import { apiCall, dropFromDesktop, itemName, uniqueEmail } from '../support/helpers.js';
import { E2E_S3_SKIPPED } from '../support/env.js';

test.skip(E2E_S3_SKIPPED !== null, E2E_S3_SKIPPED ?? '');

/**
 * Issue 42: a folder of many small files goes up in a few bulk requests, a large file in chunks,
 * and the queue survives a reload half-way (ADR 0076): the files already made are not sent again,
 * a bulk request whose answer was lost is sent again with its key, and the large file goes on at
 * the server's offset. In the end every file is there once, with its bytes.
 */

const MiB = 1024 * 1024;
const SMALL = 600;
const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Listed {
  id: string;
  type: 'file' | 'folder';
  attributes: { name: string; size?: number };
}

interface Browse {
  data: ({ data: Listed } | Listed)[];
  meta: { paginate: { nextCursor: string | null } };
}

/** Every item of a folder, page after page (200 a page). */
async function listAll(page: Page, folderId: string): Promise<Listed[]> {
  const items: Listed[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `per_page=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body: Browse = await apiCall<Browse>(page, 'GET', `/api/browse/folders/${folderId}?${query}`);
    items.push(...body.data.map((entry: { data: Listed } | Listed) => ('data' in entry ? entry.data : entry)));
    cursor = body.meta.paginate.nextCursor;
  } while (cursor);
  return items;
}

// @global: it sets the server's chunk size (6 MB), which every upload meanwhile would use (ADR 0071).
test(
  'a folder upload of many small files and a large one survives a reload, each file once',
  { tag: '@global' },
  async ({ page, browser }) => {
    test.setTimeout(240_000);
    const admin = await adminPage(browser);
    const settings = await apiCall<{ data: { chunk_size?: unknown } }>(admin, 'GET', '/api/admin/settings');
    const previous = settings.data.chunk_size ?? 64;
    await apiCall(admin, 'PATCH', '/api/admin/settings', { name: 'chunk_size', value: 6 });
    try {
      await newAccount(page, 'Resume Uploader', uniqueEmail('resume'), 'resume-password-1');
      await page
        .getByRole('button', { name: 'Got it' })
        .click({ timeout: 2000 })
        .catch(() => undefined);

      // On disk: "Batch" with 600 small files in three folders, and a 27 MB file (five 6 MB chunks).
      const root = mkdtempSync(path.join(os.tmpdir(), 'filestore-resume-'));
      const batch = path.join(root, 'Batch');
      const expected = new Map<string, string>();
      for (const folder of ['alpha', 'beta', 'gamma']) mkdirSync(path.join(batch, folder), { recursive: true });
      for (let i = 0; i < SMALL; i++) {
        const relative = `${['alpha', 'beta', 'gamma'][i % 3]}/note-${String(i).padStart(3, '0')}.txt`;
        const bytes = randomBytes(1024 + ((i * 37) % 4096));
        writeFileSync(path.join(batch, relative), bytes);
        expected.set(relative, sha(bytes));
      }
      const big = randomBytes(27 * MiB);
      writeFileSync(path.join(batch, '0-big.bin'), big);
      expected.set('0-big.bin', sha(big));

      // The network on a string: the first bulk request and two chunks go through; the second bulk
      // request reaches the server but its answer never comes back; everything after waits.
      let bulkCalls = 0;
      let chunkCalls = 0;
      const held: Route[] = [];
      const reached = { bulk: 0, chunks: 0 };
      await page.route('**/api/upload/bulk', async (route) => {
        bulkCalls += 1;
        if (bulkCalls === 1) {
          await route.continue();
          reached.bulk += 1;
        } else if (bulkCalls === 2) {
          await route.fetch();
          reached.bulk += 1;
          held.push(route);
        } else held.push(route);
      });
      await page.route('**/api/upload/chunks', async (route) => {
        chunkCalls += 1;
        if (chunkCalls <= 2) {
          await route.continue();
          reached.chunks += 1;
        } else held.push(route);
      });

      await dropFromDesktop(page, [batch]);
      const panel = page.getByRole('region', { name: 'Uploads' });
      await expect(panel).toBeVisible();
      await expect.poll(() => reached, { timeout: 60_000 }).toEqual({ bulk: 2, chunks: 2 });
      // What finished is forgotten by the persisted queue a moment later.
      await page.waitForTimeout(1000);

      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.reload();

      // The bulk request that went through made 256 files; the others are offered.
      const unfinished = SMALL - 256 + 1;
      const offer = page.getByRole('group', { name: `${unfinished} files did not finish uploading` });
      await expect(offer).toBeVisible({ timeout: 30_000 });
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/upload\/(bulk|chunks)$/.test(request.url())) {
          sent.push(request.url().endsWith('bulk') ? `bulk ${request.headers()['idempotency-key']}` : 'chunk');
        }
      });
      await offer.getByRole('button', { name: 'Resume' }).click();
      await expect(offer).toBeHidden();
      await expect(panel.getByText(`${unfinished} uploads complete`)).toBeVisible({ timeout: 120_000 });
      // The large file went on where the server stood: three chunks of five, not five.
      expect(sent.filter((s) => s === 'chunk')).toHaveLength(3);

      // Every file once, with its bytes.
      await page.goto('/platform/files');
      await expect(page.getByRole('option', { name: itemName('Batch') })).toBeVisible();
      const top = await listAll(page, 'all');
      expect(top.filter((item) => item.attributes.name.startsWith('Batch')).map((i) => i.attributes.name)).toEqual([
        'Batch',
      ]);
      const batchId = top.find((item) => item.attributes.name === 'Batch')!.id;
      const found = new Map<string, string>();
      const inBatch = await listAll(page, batchId);
      expect(inBatch.map((i) => i.attributes.name).sort()).toEqual(['0-big.bin', 'alpha', 'beta', 'gamma']);
      for (const item of inBatch) {
        const children = item.type === 'folder' ? await listAll(page, item.id) : [item];
        const prefix = item.type === 'folder' ? `${item.attributes.name}/` : '';
        const downloads = await Promise.all(
          children.map(async (child) => {
            const response = await page.request.get(`/api/files/${child.id}/download`);
            expect(response.ok()).toBeTruthy();
            return [`${prefix}${child.attributes.name}`, sha(await response.body())] as const;
          }),
        );
        for (const [name, digest] of downloads) {
          expect(found.has(name), `${name} is there twice`).toBe(false);
          found.set(name, digest);
        }
      }
      expect(found.size).toBe(expected.size);
      expect(new Map([...found].sort())).toEqual(new Map([...expected].sort()));
    } finally {
      await apiCall(admin, 'PATCH', '/api/admin/settings', { name: 'chunk_size', value: previous });
    }
  },
);

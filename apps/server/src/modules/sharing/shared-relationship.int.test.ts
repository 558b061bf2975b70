import { browseResponse } from '@filestore/contract';
import { describe, expect, it } from 'vitest';
import { installWithAdmin, registerUser, seedFolder, startTestServer, userIdOf } from '../../../test/harness.js';

describe('relationships.shared when a process builds more than one app', () => {
  // The loader used to sit in a module-level registry, replaced by the last app built: the first
  // app then presented its share links through the second app's context.
  it("presents each app's share links with that app's own address", { timeout: 600_000 }, async () => {
    const first = await startTestServer({ APP_URL: 'https://first.example.com' });
    const second = await startTestServer({ APP_URL: 'https://second.example.com' });
    try {
      for (const [server, base] of [
        [first, 'https://first.example.com'],
        [second, 'https://second.example.com'],
      ] as const) {
        await installWithAdmin(server);
        const owner = await registerUser(server, 'owner@example.com');
        const folder = await seedFolder(server, await userIdOf(server, 'owner@example.com'), { name: 'Holiday' });
        expect((await owner.post('/api/share', { id: folder.id, type: 'folder' })).status).toBe(201);
        const listing = browseResponse.parse((await owner.get('/api/browse/folders/all')).json());
        const shared = listing.data.find((r) => r.data.id === folder.id)?.data.relationships.shared;
        expect(shared?.data.attributes.link).toMatch(new RegExp(`^${base}/share/[A-Za-z0-9_-]{32}$`));
      }
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

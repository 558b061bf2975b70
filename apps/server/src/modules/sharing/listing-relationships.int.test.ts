import { browseResponse, searchResponse, shareResource, type ItemResource } from '@filestore/contract';
import { describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
} from '../../../test/harness.js';

describe('favourites and share links in a folder listing', () => {
  // A folder listing reads the viewer's favourites and the share links with its rows (ADR 0017);
  // every other listing looks them up after. Both must present the same.
  it(
    'shows them on the rows and on the folder itself, as presenting them one by one does',
    { timeout: 600_000 },
    async () => {
      const server = await startTestServer({ APP_URL: 'https://files.example.com' });
      try {
        await installWithAdmin(server);
        const owner = await registerUser(server, 'owner@example.com');
        const other = await registerUser(server, 'other@example.com');
        const ownerId = await userIdOf(server, 'owner@example.com');
        const top = await seedFolder(server, ownerId, { name: 'Top' });
        const starred = await seedFolder(server, ownerId, { name: 'Starred', parentId: top.id });
        const plain = await seedFolder(server, ownerId, { name: 'Plain', parentId: top.id });
        const empty = await seedFolder(server, ownerId, { name: 'Empty', parentId: top.id });
        const file = await seedFile(server, ownerId, { name: 'notes.txt', parentId: top.id, content: 'hello' });

        expect((await owner.post('/api/favourites', { ids: [top.id, starred.id] })).status).toBe(201);
        const share = async (body: Record<string, unknown>) => {
          const res = await owner.post('/api/share', body);
          expect(res.status).toBe(201);
          return shareResource.parse(res.json()).data;
        };
        const topShare = await share({ id: top.id, type: 'folder' });
        const starredShare = await share({
          id: starred.id,
          type: 'folder',
          permission: 'editor',
          isPassword: true,
          password: 'secret-pass',
          expiration: 24,
        });
        const fileShare = await share({ id: file.id, type: 'file' });
        const emptyShare = await share({ id: empty.id, type: 'folder' });

        const list = async (path: string) => browseResponse.parse((await owner.get(path)).json());
        const listing = await list(`/api/browse/folders/${top.id}`);
        const row = (id: string) => listing.data.find((r) => r.data.id === id) as ItemResource;

        expect(listing.meta.root?.data.attributes.is_favourite).toBe(true);
        expect(listing.meta.root?.data.relationships.shared).toEqual({ data: topShare });
        expect(row(starred.id).data).toMatchObject({ attributes: { is_favourite: true } });
        expect(row(starred.id).data.relationships.shared).toEqual({ data: starredShare });
        expect(starredShare.attributes).toMatchObject({ protected: true, permission: 'editor' });
        expect(starredShare.attributes.expires_at).not.toBeNull();
        expect(row(plain.id).data).toMatchObject({ attributes: { is_favourite: false } });
        expect(row(plain.id).data.relationships.shared).toBeNull();
        expect(row(file.id).data.relationships.shared).toEqual({ data: fileShare });

        // An empty page has no rows to carry the folder's own: it is looked up instead.
        const inside = await list(`/api/browse/folders/${empty.id}`);
        expect(inside.data).toEqual([]);
        expect(inside.meta.root?.data.relationships.shared).toEqual({ data: emptyShare });
        expect(inside.meta.root?.data.attributes.is_favourite).toBe(false);

        // The same items presented by the look-ups of another listing (the search) agree.
        const found = searchResponse.parse((await owner.get('/api/search?query=Starred')).json());
        expect(found.data.find((r) => r.data.id === starred.id)).toEqual(row(starred.id));

        // Someone else's favourites are not the owner's: another user stars nothing here.
        expect((await other.get(`/api/browse/folders/${top.id}`)).status).toBe(404);
      } finally {
        await server.close();
      }
    },
  );
});

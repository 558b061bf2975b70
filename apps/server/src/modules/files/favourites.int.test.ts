import { userResource } from '@filestore/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { favourites } from './items.table.js';

describe('favourite folders', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;

  const starred = async (client: TestClient) =>
    userResource.parse((await client.get('/api/user')).json()).data.relationships.favourites.data;
  const rowsOf = (userId: string) => server.ctx.db.select().from(favourites).where(eq(favourites.userId, userId));

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  it('stars folders, lists them by name in /api/user as folder resources, and is idempotent', async () => {
    const zeta = await seedFolder(server, ownerId, { name: 'zeta' });
    const alpha = await seedFolder(server, ownerId, { name: 'Alpha' });
    const rtl = await seedFolder(server, ownerId, { name: '📁 مستندات', parentId: zeta.id });
    const res = await owner.post('/api/favourites', { ids: [zeta.id, alpha.id, rtl.id] });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ type: 'success' });
    expect((await owner.post('/api/favourites', { ids: [alpha.id] })).status).toBe(201);
    const list = await starred(owner);
    expect(list.map((f) => f.data.attributes.name)).toEqual(['Alpha', 'zeta', '📁 مستندات']);
    expect(list.every((f) => f.data.attributes.is_favourite)).toBe(true);
    expect(list[2]!.data.relationships.parent?.data.attributes.name).toBe('zeta');
    expect(await rowsOf(ownerId)).toHaveLength(3);
    // The listing marks them too.
    const root = (await owner.get('/api/browse/folders/all')).json();
    const alphaInList = root.data.find((r: { data: { id: string } }) => r.data.id === alpha.id);
    expect(alphaInList.data.attributes.is_favourite).toBe(true);
  });

  it('unstars with DELETE or POST _method=delete, and again without error', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Unstar me' });
    await owner.post('/api/favourites', { ids: [folder.id] });
    const viaDelete = await owner.request('DELETE', `/api/favourites/${folder.id}`);
    expect(viaDelete.status).toBe(200);
    expect(viaDelete.json().type).toBe('success');
    expect((await starred(owner)).map((f) => f.data.id)).not.toContain(folder.id);
    await owner.post('/api/favourites', { ids: [folder.id] });
    expect((await owner.post(`/api/favourites/${folder.id}`, { _method: 'delete' })).status).toBe(200);
    expect((await starred(owner)).map((f) => f.data.id)).not.toContain(folder.id);
    expect((await owner.request('DELETE', `/api/favourites/${folder.id}`)).status).toBe(200);
    // A POST without the override is not a deletion.
    expect((await owner.post(`/api/favourites/${folder.id}`, {})).status).toBe(422);
  });

  it('refuses files, trashed, unknown and other people’s folders with 404, adding none of the request', async () => {
    const mine = await seedFolder(server, ownerId, { name: 'Mine' });
    const file = await seedFile(server, ownerId, { name: 'file.txt' });
    const trashed = await seedFolder(server, ownerId, { name: 'Trashed' });
    await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'folder' }] });
    const theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    await other.post('/api/favourites', { ids: [theirs.id] });
    const before = (await rowsOf(ownerId)).length;
    for (const id of [file.id, trashed.id, theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await owner.post('/api/favourites', { ids: [mine.id, id] });
      expect(res.status, id).toBe(404);
    }
    expect(await rowsOf(ownerId)).toHaveLength(before);
    // Someone else's favourite cannot be removed by guessing its id.
    expect((await owner.request('DELETE', `/api/favourites/${theirs.id}`)).status).toBe(404);
    expect(
      await server.ctx.db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, otherId), eq(favourites.itemId, theirs.id))),
    ).toHaveLength(1);
    expect((await starred(other)).map((f) => f.data.attributes.name)).toEqual(['Theirs']);
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }]) {
      expect((await owner.post('/api/favourites', body)).status).toBe(422);
    }
    expect((await server.client().post('/api/favourites', { ids: [mine.id] })).status).toBe(401);
  });
});

import { folderResource, itemResource, itemsResponse } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
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
import { rowsOf } from '../../lib/db/migrate.js';
import { users } from '../users/index.js';
import { items } from './items.table.js';

describe('create folder, rename, move', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;

  const row = async (id: string) => (await server.ctx.db.select().from(items).where(eq(items.id, id)))[0];
  const counts = async (id: string | null, userId = ownerId) => {
    if (id === null) {
      const [u] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
      return { folders: u!.rootFolderCount, files: u!.rootFileCount };
    }
    const r = await row(id);
    return { folders: r!.folderCount, files: r!.fileCount };
  };
  const namesIn = async (parentId: string | null, userId = ownerId) =>
    rowsOf<{ name: string }>(
      await server.ctx.db.execute(
        sql`select name from items where owner_id = ${userId} and parent_id is not distinct from ${parentId}::uuid
            and deleted_at is null order by name`,
      ),
    ).map((r) => r.name);
  /** Everything of a user, to prove a refused request changed nothing. */
  const snapshot = async (userId: string) =>
    JSON.stringify(
      rowsOf(
        await server.ctx.db.execute(
          sql`select id, name, parent_id, color, emoji, deleted_at, folder_count, file_count from items
              where owner_id = ${userId} order by id`,
        ),
      ),
    ) + JSON.stringify(await counts(null, userId));

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  describe('create folder', () => {
    it('creates at the root and inside a folder, with emoji, colour and right-to-left names intact', async () => {
      const family = await owner.post('/api/create-folder', { name: 'Family', emoji: '👨‍👩‍👧' });
      expect(family.json().data.attributes.emoji).toBe('👨‍👩‍👧');
      const res = await owner.post('/api/create-folder', { name: '📁 مستندات', color: '#00BC7E', emoji: '🚀' });
      expect(res.status).toBe(201);
      const folder = folderResource.parse(res.json()).data;
      expect(folder.attributes).toMatchObject({
        name: '📁 مستندات',
        color: '#00BC7E',
        emoji: '🚀',
        parent_id: null,
        items: 0,
      });
      const inner = folderResource.parse(
        (await owner.post('/api/create-folder', { name: 'Inner', parent_id: folder.id })).json(),
      );
      expect(inner.data.attributes.parent_id).toBe(folder.id);
      expect(inner.data.relationships.parent?.data.attributes.name).toBe('📁 مستندات');
      expect(await counts(folder.id)).toEqual({ folders: 1, files: 0 });
      const listed = (await owner.get(`/api/browse/folders/${folder.id}`)).json();
      expect(listed.data.map((r: { data: { id: string } }) => r.data.id)).toEqual([inner.data.id]);
    });

    it('gives a taken name the first free suffix, folders and files alike, ignoring case', async () => {
      const parent = await seedFolder(server, ownerId, { name: 'Clash' });
      await seedFile(server, ownerId, { name: 'Docs', parentId: parent.id });
      const made = [];
      for (const name of ['Docs', 'docs', 'Docs']) {
        const res = await owner.post('/api/create-folder', { name, parent_id: parent.id });
        expect(res.status).toBe(201);
        made.push(res.json().data.attributes.name);
      }
      expect(made).toEqual(['Docs (1)', 'docs (2)', 'Docs (3)']);
      expect(await counts(parent.id)).toEqual({ folders: 3, files: 1 });
    });

    it('refuses names that are paths, control characters or too long, and bad emoji or colours', async () => {
      const before = await snapshot(ownerId);
      for (const body of [
        {},
        { name: '' },
        { name: '   ' },
        { name: '../etc' },
        { name: 'a/b' },
        { name: 'a\\b' },
        { name: 'nul\u0000byte' },
        { name: '..' },
        { name: 'x'.repeat(300) },
        { name: 'gpj.\u202eexe' },
        { name: 'ok', emoji: 'not an emoji' },
        { name: 'ok', emoji: '😀<img src=x onerror=alert(1)>' },
        { name: 'ok', emoji: '😀😀' },
        { name: 'ok', color: 'red' },
        { name: 'ok', parent_id: 'not-an-id' },
      ]) {
        const res = await owner.post('/api/create-folder', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.json().code).toBe('validation.failed');
      }
      expect(await snapshot(ownerId)).toBe(before);
    });

    it('answers 404 for a parent that is someone else’s, a file, trashed or unknown, and creates nothing', async () => {
      const theirs = await seedFolder(server, otherId, { name: 'Private' });
      const file = await seedFile(server, ownerId, { name: 'file.txt' });
      const trashed = await seedFolder(server, ownerId, { name: 'Binned' });
      await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'folder' }] });
      const mine = await snapshot(ownerId);
      const yours = await snapshot(otherId);
      for (const parent_id of [theirs.id, file.id, trashed.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await owner.post('/api/create-folder', { name: 'Sneaky', parent_id });
        expect(res.status, parent_id).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      expect(await snapshot(ownerId)).toBe(mine);
      expect(await snapshot(otherId)).toBe(yours);
      expect((await server.client().post('/api/create-folder', { name: 'Anon' })).status).toBe(401);
    });
  });

  describe('rename', () => {
    it('renames with PATCH, or POST with _method, and keeps emoji and right-to-left text intact', async () => {
      const folder = await seedFolder(server, ownerId, { name: 'Old name' });
      const viaPatch = await owner.request('PATCH', `/api/rename/${folder.id}`, {
        name: '📁 مستندات 2',
        type: 'folder',
      });
      expect(viaPatch.status).toBe(200);
      expect(itemResource.parse(viaPatch.json()).data.attributes.name).toBe('📁 مستندات 2');
      const file = await seedFile(server, ownerId, { name: 'report.pdf' });
      const viaPost = await owner.post(`/api/rename/${file.id}`, { name: 'קובץ.TXT', type: 'file', _method: 'patch' });
      expect(viaPost.status).toBe(200);
      expect(viaPost.json().data.attributes).toMatchObject({ name: 'קובץ.TXT', extension: 'txt' });
      expect((await row(file.id))!.name).toBe('קובץ.TXT');
    });

    it('suffixes a taken name, but lets an item change the case of its own name', async () => {
      const parent = await seedFolder(server, ownerId, { name: 'Rename clash' });
      await seedFile(server, ownerId, { name: 'a.txt', parentId: parent.id });
      const b = await seedFile(server, ownerId, { name: 'b.txt', parentId: parent.id });
      const clash = await owner.request('PATCH', `/api/rename/${b.id}`, { name: 'A.txt' });
      expect(clash.json().data.attributes.name).toBe('A (1).txt');
      const own = await owner.request('PATCH', `/api/rename/${b.id}`, { name: 'a (1).TXT' });
      expect(own.json().data.attributes.name).toBe('a (1).TXT');
      expect(await namesIn(parent.id)).toEqual(['a (1).TXT', 'a.txt']);
    });

    it('sets and clears a folder’s colour and emoji, and refuses them on files', async () => {
      const folder = await seedFolder(server, ownerId, { name: 'Colourful' });
      const set = await owner.request('PATCH', `/api/rename/${folder.id}`, { color: '#FF0000', emoji: '👨‍👩‍👧' });
      expect(set.json().data.attributes).toMatchObject({ name: 'Colourful', color: '#FF0000', emoji: '👨‍👩‍👧' });
      const cleared = await owner.request('PATCH', `/api/rename/${folder.id}`, { color: null, emoji: null });
      expect(cleared.json().data.attributes).toMatchObject({ color: null, emoji: null });
      const file = await seedFile(server, ownerId, { name: 'plain.txt' });
      for (const body of [{ color: '#FF0000' }, { emoji: '🚀', name: 'x.txt' }]) {
        const res = await owner.request('PATCH', `/api/rename/${file.id}`, body);
        expect(res.status).toBe(422);
        expect(res.json().code).toBe('validation.failed');
      }
      expect((await row(file.id))!.name).toBe('plain.txt');
    });

    it('refuses an empty or invalid body with 422 and a wrong type, trashed or foreign item with 404', async () => {
      const folder = await seedFolder(server, ownerId, { name: 'Stay' });
      for (const body of [
        {},
        { name: '' },
        { name: '../up' },
        { name: 'a/b' },
        { name: 'x'.repeat(300) },
        { name: 'a\u0000' },
      ]) {
        const res = await owner.request('PATCH', `/api/rename/${folder.id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
      expect((await owner.request('PATCH', `/api/rename/${folder.id}`, { name: 'X', type: 'file' })).status).toBe(404);
      const trashed = await seedFile(server, ownerId, { name: 'trashed.txt' });
      await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'file' }] });
      expect((await owner.request('PATCH', `/api/rename/${trashed.id}`, { name: 'back.txt' })).status).toBe(404);
      const theirs = await seedFile(server, otherId, { name: 'theirs.txt' });
      const before = await snapshot(otherId);
      const res = await owner.request('PATCH', `/api/rename/${theirs.id}`, { name: 'mine.txt' });
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('theirs.txt');
      expect(await snapshot(otherId)).toBe(before);
      expect((await row(folder.id))!.name).toBe('Stay');
    });
  });

  describe('move', () => {
    it('moves files and folders, suffixes clashes in the target and keeps every count exact', async () => {
      const from = await seedFolder(server, ownerId, { name: 'From' });
      const to = await seedFolder(server, ownerId, { name: 'To' });
      await seedFile(server, ownerId, { name: 'same.txt', parentId: to.id });
      const a = await seedFile(server, ownerId, { name: 'same.txt', parentId: from.id });
      const b = await seedFile(server, ownerId, { name: 'SAME.txt' });
      const sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: from.id });
      await seedFile(server, ownerId, { name: 'deep.txt', parentId: sub.id });
      const rootBefore = await counts(null);
      const res = await owner.post('/api/move', {
        to_id: to.id,
        items: [
          { id: a.id, type: 'file' },
          { id: b.id, type: 'file' },
          { id: sub.id, type: 'folder' },
        ],
      });
      expect(res.status).toBe(200);
      const moved = itemsResponse.parse(res.json()).data;
      expect(moved.map((m) => [m.data.attributes.name, m.data.attributes.parent_id])).toEqual([
        ['same (1).txt', to.id],
        ['SAME (2).txt', to.id],
        ['Sub', to.id],
      ]);
      expect(await counts(from.id)).toEqual({ folders: 0, files: 0 });
      expect(await counts(to.id)).toEqual({ folders: 1, files: 3 });
      expect(await counts(null)).toEqual({ folders: rootBefore.folders, files: rootBefore.files - 1 });
      expect(await counts(sub.id)).toEqual({ folders: 0, files: 1 });
      // Back to the root with to_id null; an item already there is left alone.
      const home = await owner.post('/api/move', {
        to_id: null,
        items: [
          { id: sub.id, type: 'folder' },
          { id: from.id, type: 'folder' },
        ],
      });
      expect(home.status).toBe(200);
      expect((await row(sub.id))!.parentId).toBeNull();
      expect((await row(from.id))!.name).toBe('From');
      expect(await counts(null)).toEqual({ folders: rootBefore.folders + 1, files: rootBefore.files - 1 });
      expect(await counts(to.id)).toEqual({ folders: 0, files: 3 });
    });

    it('refuses to move a folder into itself or below itself', async () => {
      const top = await seedFolder(server, ownerId, { name: 'Top' });
      const mid = await seedFolder(server, ownerId, { name: 'Mid', parentId: top.id });
      const low = await seedFolder(server, ownerId, { name: 'Low', parentId: mid.id });
      const before = await snapshot(ownerId);
      for (const to_id of [top.id, mid.id, low.id]) {
        const res = await owner.post('/api/move', { to_id, items: [{ id: top.id, type: 'folder' }] });
        expect(res.status, to_id).toBe(422);
        expect(res.json().code).toBe('items.move_into_itself');
      }
      expect(await snapshot(ownerId)).toBe(before);
    });

    it('never makes a cycle when two moves of folders into each other race', async () => {
      for (let round = 0; round < 5; round++) {
        const a = await seedFolder(server, ownerId, { name: `Race A ${round}` });
        const b = await seedFolder(server, ownerId, { name: `Race B ${round}` });
        const results = await Promise.all([
          owner.post('/api/move', { to_id: b.id, items: [{ id: a.id, type: 'folder' }] }),
          owner.post('/api/move', { to_id: a.id, items: [{ id: b.id, type: 'folder' }] }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
        const [ra, rb] = [await row(a.id), await row(b.id)];
        expect(ra!.parentId === b.id && rb!.parentId === a.id).toBe(false);
      }
    });

    it('answers 404 for foreign, trashed, unknown or mistyped items and targets, and moves nothing', async () => {
      const target = await seedFolder(server, ownerId, { name: 'Target' });
      const mine = await seedFile(server, ownerId, { name: 'mine.txt' });
      const theirFolder = await seedFolder(server, otherId, { name: 'Their folder' });
      const theirFile = await seedFile(server, otherId, { name: 'their.txt' });
      const file = await seedFile(server, ownerId, { name: 'target-file.txt' });
      const trashed = await seedFolder(server, ownerId, { name: 'Trashed target' });
      await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'folder' }] });
      const mineBefore = await snapshot(ownerId);
      const theirsBefore = await snapshot(otherId);
      for (const body of [
        {
          to_id: target.id,
          items: [
            { id: mine.id, type: 'file' },
            { id: theirFile.id, type: 'file' },
          ],
        },
        { to_id: theirFolder.id, items: [{ id: mine.id, type: 'file' }] },
        { to_id: file.id, items: [{ id: mine.id, type: 'file' }] },
        { to_id: trashed.id, items: [{ id: mine.id, type: 'file' }] },
        { to_id: target.id, items: [{ id: mine.id, type: 'folder' }] },
        { to_id: target.id, items: [{ id: '00000000-0000-4000-8000-000000000000', type: 'file' }] },
      ]) {
        const res = await owner.post('/api/move', body);
        expect(res.status, JSON.stringify(body)).toBe(404);
      }
      for (const body of [
        { to_id: target.id, items: [] },
        { items: [{ id: mine.id, type: 'file' }] },
        { to_id: target.id },
      ]) {
        expect((await owner.post('/api/move', body)).status, JSON.stringify(body)).toBe(422);
      }
      // Nor can the other user move mine, even into their own folder.
      const stolen = await other.post('/api/move', { to_id: theirFolder.id, items: [{ id: mine.id, type: 'file' }] });
      expect(stolen.status).toBe(404);
      expect(await snapshot(ownerId)).toBe(mineBefore);
      expect(await snapshot(otherId)).toBe(theirsBefore);
    });

    it('moves a folder with 1,000 items below it without touching them, counts exact', async () => {
      const big = await seedFolder(server, ownerId, { name: 'Thousand' });
      const dest = await seedFolder(server, ownerId, { name: 'Destination' });
      const subs = [];
      for (let i = 0; i < 10; i++) subs.push(await seedFolder(server, ownerId, { name: `Sub ${i}`, parentId: big.id }));
      // 99 files in each of the 10 subfolders (990), plus the 10 subfolders: 1,000 below.
      await server.ctx.db.execute(sql`
        insert into items (owner_id, parent_id, type, name, size, blob_key)
        select ${ownerId}, s.id, 'file', 'f' || g || '.bin', 10, 'files/none'
        from unnest(${sql.raw(`array[${subs.map((s) => `'${s.id}'::uuid`).join(',')}]`)}) as s(id), generate_series(1, 99) g`);
      await server.ctx.db.execute(sql`update items set file_count = 99 where parent_id = ${big.id}`);
      const res = await owner.post('/api/move', { to_id: dest.id, items: [{ id: big.id, type: 'folder' }] });
      expect(res.status).toBe(200);
      expect(await counts(dest.id)).toEqual({ folders: 1, files: 0 });
      expect(await counts(big.id)).toEqual({ folders: 10, files: 0 });
      const below = rowsOf<{ n: number }>(
        await server.ctx.db.execute(sql`
          with recursive d(id) as (select id from items where parent_id = ${big.id}
            union all select i.id from items i join d on i.parent_id = d.id)
          select count(*)::int as n from d`),
      )[0]!.n;
      expect(below).toBe(1000);
      const path = (await owner.get(`/api/browse/folders/${subs[3]!.id}`)).json().meta.path;
      expect(path.map((p: { name: string }) => p.name)).toEqual(['Destination', 'Thousand', 'Sub 3']);
    });
  });
});

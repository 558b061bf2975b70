import {
  browseResponse,
  itemsResponse,
  searchResponse,
  shareResource,
  storageResponse,
  userResource,
} from '@filestore/contract';
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
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { users } from '../users/index.js';
import { favourites, items, type ItemRow } from './items.table.js';

describe('trash, restore, delete forever and empty trash', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;

  const row = async (id: string) => (await server.ctx.db.select().from(items).where(eq(items.id, id)))[0];
  const user = async (id = ownerId) => (await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const counts = async (id: string | null) => {
    if (id === null) {
      const u = await user();
      return { folders: u.rootFolderCount, files: u.rootFileCount };
    }
    const r = await row(id);
    return { folders: r!.folderCount, files: r!.fileCount };
  };
  const ref = (r: ItemRow) => ({ id: r.id, type: r.type });
  const remove = (rows: ItemRow[], force = false) =>
    owner.post('/api/remove', { items: rows.map((r) => ({ ...ref(r), force_delete: force })) });
  const restore = (rows: ItemRow[], to_home = false) =>
    owner.post('/api/trash/restore', { to_home, items: rows.map(ref) });
  const trashList = async (id = 'all') =>
    browseResponse.parse((await owner.get(`/api/browse/trash/${id}?per_page=200`)).json());
  // Deleted bytes go through the blob-deletions job after the commit: let it run first.
  const exists = async (key: string) => {
    await server.ctx.jobs.drain(['blob-deletions']);
    return (await server.ctx.storage.head(key)) !== null;
  };

  /**
   * The stored counters and used storage equal what the rows say (ADR 0005): a folder counts its
   * children that are not themselves marked trashed (in a trashed folder, those in the trash
   * through it); storage counts every file.
   */
  const expectExactCounters = async (userId = ownerId) => {
    const wrong = rowsOf<{ folder_count: number; folders: number; file_count: number; files: number }>(
      await server.ctx.db.execute(sql`
        select f.id, f.name, f.folder_count, f.file_count,
          (select count(*) from items c where c.parent_id = f.id and c.type = 'folder' and c.deleted_at is null)::int as folders,
          (select count(*) from items c where c.parent_id = f.id and c.type = 'file' and c.deleted_at is null)::int as files
        from items f where f.owner_id = ${userId} and f.type = 'folder'`),
    ).filter((r) => r.folder_count !== r.folders || r.file_count !== r.files);
    expect(wrong).toEqual([]);
    const [truth] = rowsOf<{ folders: number; files: number; used: number }>(
      await server.ctx.db.execute(sql`
        select
          (select count(*) from items where owner_id = ${userId} and parent_id is null and type = 'folder' and deleted_at is null)::int as folders,
          (select count(*) from items where owner_id = ${userId} and parent_id is null and type = 'file' and deleted_at is null)::int as files,
          (select coalesce(sum(size), 0) from items where owner_id = ${userId} and type = 'file')::float8 as used`),
    );
    const u = await user(userId);
    expect({ folders: u.rootFolderCount, files: u.rootFileCount, used: u.storageUsed }).toEqual(truth);
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  it('trashes a file: it leaves its folder and the listing, keeps its bytes counted, and shows in the trash', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Work' });
    const file = await seedFile(server, ownerId, { name: 'notes.txt', parentId: folder.id, content: 'x'.repeat(100) });
    const used = (await user()).storageUsed;
    const res = await remove([file]);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ type: 'success', message: 'The items were moved to the trash.' });
    expect(await counts(folder.id)).toEqual({ folders: 0, files: 0 });
    expect((await user()).storageUsed).toBe(used);
    expect((await owner.get(`/api/browse/folders/${folder.id}`)).json().data).toEqual([]);
    const trash = await trashList();
    expect(trash.data.map((r) => r.data.id)).toContain(file.id);
    expect(trash.data.find((r) => r.data.id === file.id)!.data.attributes.deleted_at).not.toBeNull();
    expect(trash.meta).toMatchObject({ root: null, path: [] });
    // Trashing it again, or renaming it, is not possible: it is no longer live.
    expect((await remove([file])).status).toBe(404);
    expect(await exists(`files/${file.id}`)).toBe(true);
    await expectExactCounters();
  });

  it('trashes a folder with its content; the trash shows it once and opens it to what went with it', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Parent' });
    const album = await seedFolder(server, ownerId, { name: 'Album', parentId: parent.id });
    const kept = await seedFile(server, ownerId, { name: 'kept.jpg', parentId: album.id });
    const inner = await seedFolder(server, ownerId, { name: 'Inner', parentId: album.id });
    const deep = await seedFile(server, ownerId, { name: 'deep.jpg', parentId: inner.id });
    const earlier = await seedFile(server, ownerId, { name: 'earlier.jpg', parentId: album.id });
    await remove([earlier]);
    expect(await counts(album.id)).toEqual({ folders: 1, files: 1 });
    await remove([album]);
    expect(await counts(parent.id)).toEqual({ folders: 0, files: 0 });
    // Album keeps counting what went with it: it comes back with it.
    expect(await counts(album.id)).toEqual({ folders: 1, files: 1 });
    const root = (await trashList()).data.map((r) => r.data.id);
    expect(root).toEqual(expect.arrayContaining([album.id, earlier.id]));
    expect(root).not.toContain(kept.id);
    expect(root).not.toContain(deep.id);
    const inAlbum = await trashList(album.id);
    expect(inAlbum.data.map((r) => r.data.id)).toEqual([inner.id, kept.id]);
    expect(inAlbum.meta.root?.data).toMatchObject({ id: album.id, attributes: { items: 2 } });
    expect(inAlbum.meta.path).toEqual([{ id: album.id, name: 'Album' }]);
    const inInner = await trashList(inner.id);
    expect(inInner.data.map((r) => r.data.id)).toEqual([deep.id]);
    expect(inInner.meta.path).toEqual([
      { id: album.id, name: 'Album' },
      { id: inner.id, name: 'Inner' },
    ]);
    // A live folder or a file is not a trash folder.
    expect((await owner.get(`/api/browse/trash/${parent.id}`)).status).toBe(404);
    expect((await owner.get(`/api/browse/trash/${kept.id}`)).status).toBe(404);
    expect((await other.get(`/api/browse/trash/${album.id}`)).status).toBe(404);
    expect((await trashList()).data.length).toBeGreaterThan(0);
    expect(browseResponse.parse((await other.get('/api/browse/trash/all')).json()).data).toEqual([]);

    // Restoring the folder brings back what went with it, not what was trashed before.
    const res = await restore([album]);
    expect(res.status).toBe(200);
    expect(itemsResponse.parse(res.json()).data[0]!.data.attributes).toMatchObject({
      parent_id: parent.id,
      deleted_at: null,
    });
    expect(await counts(parent.id)).toEqual({ folders: 1, files: 0 });
    for (const id of [kept.id, inner.id, deep.id]) expect((await row(id))!.deletedAt).toBeNull();
    expect((await row(earlier.id))!.deletedAt).not.toBeNull();
    // Restored on its own, it goes back into the now live folder.
    await restore([earlier]);
    expect((await row(earlier.id))!.parentId).toBe(album.id);
    expect(await counts(album.id)).toEqual({ folders: 1, files: 2 });
    await expectExactCounters();
  });

  it('restores an item out of a trashed folder to the root, with a suffix when the name is taken', async () => {
    const box = await seedFolder(server, ownerId, { name: 'Box' });
    const letter = await seedFile(server, ownerId, { name: 'letter.txt', parentId: box.id });
    await seedFile(server, ownerId, { name: 'letter.txt' });
    await remove([box]);
    const rootBefore = await counts(null);
    const res = await restore([letter]);
    expect(res.status).toBe(200);
    expect(res.json().data[0].data.attributes).toMatchObject({ name: 'letter (1).txt', parent_id: null });
    expect(await counts(box.id)).toEqual({ folders: 0, files: 0 });
    expect(await counts(null)).toEqual({ folders: rootBefore.folders, files: rootBefore.files + 1 });
    expect((await trashList(box.id)).data).toEqual([]);
    await expectExactCounters();
  });

  it('restores to the root when asked, and into the old folder with a suffix otherwise', async () => {
    const home = await seedFolder(server, ownerId, { name: 'Home' });
    const a = await seedFile(server, ownerId, { name: 'a.txt', parentId: home.id });
    const b = await seedFile(server, ownerId, { name: 'b.txt', parentId: home.id });
    await remove([a, b]);
    await seedFile(server, ownerId, { name: 'b.txt', parentId: home.id });
    expect((await restore([a], true)).json().data[0].data.attributes.parent_id).toBeNull();
    expect((await restore([b])).json().data[0].data.attributes).toMatchObject({
      name: 'b (1).txt',
      parent_id: home.id,
    });
    expect(await counts(home.id)).toEqual({ folders: 0, files: 2 });
    await expectExactCounters();
  });

  it('restores a folder and a folder trashed inside it before, both back in place', async () => {
    const outer = await seedFolder(server, ownerId, { name: 'Outer' });
    const inner = await seedFolder(server, ownerId, { name: 'Inner', parentId: outer.id });
    await remove([inner]);
    await remove([outer]);
    const res = await restore([inner, outer]);
    expect(res.status).toBe(200);
    expect((await row(inner.id))!).toMatchObject({ parentId: outer.id, deletedAt: null });
    expect((await row(outer.id))!).toMatchObject({ parentId: null, deletedAt: null });
    expect(await counts(outer.id)).toEqual({ folders: 1, files: 0 });
    await expectExactCounters();
  });

  it('answers 404 to restoring live, foreign or unknown items, and changes nothing', async () => {
    const live = await seedFile(server, ownerId, { name: 'live.txt' });
    const theirs = await seedFile(server, otherId, { name: 'theirs.txt' });
    await other.post('/api/remove', { items: [{ id: theirs.id, type: 'file' }] });
    const trashed = await seedFile(server, ownerId, { name: 'trashed.txt' });
    await remove([trashed]);
    for (const items of [[live], [theirs], [trashed, theirs]]) {
      const res = await restore(items);
      expect(res.status).toBe(404);
    }
    expect((await row(trashed.id))!.deletedAt).not.toBeNull();
    expect((await row(theirs.id))!.deletedAt).not.toBeNull();
    expect((await owner.post('/api/trash/restore', { items: [] })).status).toBe(422);
  });

  it('deletes forever, live or trashed: rows, blobs and bytes go, counts follow', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Doomed' });
    const inside = await seedFolder(server, ownerId, { name: 'Inside', parentId: folder.id });
    const f1 = await seedFile(server, ownerId, { name: 'one.bin', parentId: inside.id, content: 'a'.repeat(1000) });
    const f2 = await seedFile(server, ownerId, { name: 'two.bin', parentId: folder.id, content: 'b'.repeat(500) });
    await server.ctx.storage.put(`thumbs/${f1.id}/sm`, Buffer.from('thumb'), { size: 5 });
    await server.ctx.db.update(items).set({ thumbnailStatus: 'ready' }).where(eq(items.id, f1.id));
    await remove([f2]);
    const used = (await user()).storageUsed;
    const res = await remove([folder], true);
    expect(res.json()).toEqual({ type: 'success', message: 'The items were deleted forever.' });
    for (const r of [folder, inside, f1, f2]) expect(await row(r.id)).toBeUndefined();
    expect((await user()).storageUsed).toBe(used - 1500);
    for (const key of [`files/${f1.id}`, `files/${f2.id}`, `thumbs/${f1.id}/sm`]) expect(await exists(key)).toBe(false);
    // A child trashed together with its folder leaves that folder's count when deleted forever.
    const box = await seedFolder(server, ownerId, { name: 'Box 2' });
    const child = await seedFile(server, ownerId, { name: 'child.txt', parentId: box.id });
    await remove([box]);
    await remove([child], true);
    expect(await counts(box.id)).toEqual({ folders: 0, files: 0 });
    await expectExactCounters();
  });

  it('answers before storage is done, and tries a failed blob deletion again later', async () => {
    const file = await seedFile(server, ownerId, { name: 'stubborn.bin' });
    const deleteMany = server.ctx.storage.deleteMany.bind(server.ctx.storage);
    let failures = 1;
    server.ctx.storage.deleteMany = async (keys) => {
      if (failures-- > 0) throw new Error('storage is down');
      return deleteMany(keys);
    };
    try {
      expect((await remove([file], true)).status).toBe(200);
      expect(await row(file.id)).toBeUndefined();
      expect(await exists(`files/${file.id}`)).toBe(true);
      // The claim lapses after ten minutes; then the job deletes it.
      await server.ctx.db.execute(sql`update blob_deletions set claimed_at = now() - interval '11 minutes'`);
      expect(await exists(`files/${file.id}`)).toBe(false);
      const left = await server.ctx.db.execute(sql`select count(*)::int as n from blob_deletions`);
      expect(rowsOf<{ n: number }>(left)[0]?.n).toBe(0);
    } finally {
      server.ctx.storage.deleteMany = deleteMany;
    }
  });

  it('handles a selection that holds a folder and something inside it', async () => {
    const top = await seedFolder(server, ownerId, { name: 'Selection' });
    const child = await seedFile(server, ownerId, { name: 'child.txt', parentId: top.id });
    const sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: top.id });
    expect((await remove([child, top])).status).toBe(200);
    // Only the selected folder is marked; the child is in the trash through it.
    expect((await row(child.id))!.deletedAt).toBeNull();
    expect((await trashList()).data.map((r) => r.data.id)).not.toContain(child.id);
    expect((await restore([child, top])).status).toBe(200);
    expect((await row(child.id))!).toMatchObject({ parentId: top.id, deletedAt: null });
    // Deleting a folder forever while trashing something inside it.
    const res = await owner.post('/api/remove', {
      items: [
        { ...ref(sub), force_delete: false },
        { ...ref(top), force_delete: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(await row(top.id)).toBeUndefined();
    expect(await row(sub.id)).toBeUndefined();
    await expectExactCounters();
  });

  it('refuses to remove foreign, unknown or mistyped items, and touches nothing', async () => {
    const mine = await seedFile(server, ownerId, { name: 'mine.txt' });
    const theirs = await seedFolder(server, otherId, { name: 'Their folder' });
    const theirFile = await seedFile(server, otherId, { name: 'their.txt', parentId: theirs.id });
    for (const force_delete of [false, true]) {
      for (const list of [
        [ref(mine), { id: theirs.id, type: 'folder' }],
        [{ id: mine.id, type: 'folder' }],
        [{ id: '00000000-0000-4000-8000-000000000000', type: 'file' }],
      ]) {
        const res = await owner.post('/api/remove', { items: list.map((r) => ({ ...r, force_delete })) });
        expect(res.status).toBe(404);
      }
    }
    expect((await row(mine.id))!.deletedAt).toBeNull();
    expect((await row(theirs.id))!.deletedAt).toBeNull();
    expect(await exists(`files/${theirFile.id}`)).toBe(true);
    for (const body of [{}, { items: [] }, { items: [{ id: mine.id }] }, { items: [{ id: 'x', type: 'file' }] }]) {
      expect((await owner.post('/api/remove', body)).status, JSON.stringify(body)).toBe(422);
    }
    await expectExactCounters(otherId);
  });

  it('moves, trashes, restores and deletes a folder with 1,000 items below it, exact afterwards', async () => {
    const big = await seedFolder(server, ownerId, { name: 'Thousand' });
    const dest = await seedFolder(server, ownerId, { name: 'Elsewhere' });
    const level1 = [];
    for (let i = 0; i < 5; i++) level1.push(await seedFolder(server, ownerId, { name: `L1-${i}`, parentId: big.id }));
    const level2 = [];
    for (const l1 of level1) {
      for (let i = 0; i < 3; i++) level2.push(await seedFolder(server, ownerId, { name: `L2-${i}`, parentId: l1.id }));
    }
    // 980 files spread over the 15 level-2 folders (and 5 + 15 folders): 1,000 below `big`.
    const ids = sql.raw(`array[${level2.map((f) => `'${f.id}'::uuid`).join(',')}]`);
    await server.ctx.db.execute(sql`
      insert into items (owner_id, parent_id, type, name, extension, size, blob_key)
      select ${ownerId}, (${ids})[g % 15 + 1], 'file', 'file-' || g || '.bin', 'bin', g, 'files/none-' || g
      from generate_series(1, 980) g`);
    await server.ctx.db.execute(sql`
      update items f set file_count = (select count(*) from items c where c.parent_id = f.id and c.type = 'file')
      where f.id in (select unnest(${ids}))`);
    await server.ctx.db.execute(
      sql`update users set storage_used = storage_used + ${(980 * 981) / 2} where id = ${ownerId}`,
    );
    const seededFile = await seedFile(server, ownerId, {
      name: 'real.bin',
      parentId: level2[7]!.id,
      content: 'r'.repeat(42),
    });
    await expectExactCounters();

    expect((await owner.post('/api/move', { to_id: dest.id, items: [ref(big)] })).status).toBe(200);
    await expectExactCounters();
    // Something trashed on its own inside before the whole folder goes.
    const alone = (await server.ctx.db.select().from(items).where(eq(items.name, 'file-1.bin')))[0]!;
    await remove([alone]);
    await remove([big]);
    // One row is marked, whatever lies below: the folder (and what was trashed on its own before).
    const marked = rowsOf<{ id: string }>(
      await server.ctx.db.execute(sql`
        with recursive sub(id) as (select ${big.id}::uuid union all select i.id from items i join sub on i.parent_id = sub.id)
        select items.id from items join sub on sub.id = items.id where items.deleted_at is not null`),
    ).map((r) => r.id);
    expect(marked.sort()).toEqual([big.id, alone.id].sort());
    expect(await counts(dest.id)).toEqual({ folders: 0, files: 0 });
    await expectExactCounters();

    expect((await restore([big])).status).toBe(200);
    expect(await counts(dest.id)).toEqual({ folders: 1, files: 0 });
    expect((await row(alone.id))!.deletedAt).not.toBeNull();
    await expectExactCounters();

    const used = (await user()).storageUsed;
    expect((await remove([big], true)).status).toBe(200);
    expect((await user()).storageUsed).toBe(used - (980 * 981) / 2 - 42);
    expect(await exists(`files/${seededFile.id}`)).toBe(false);
    expect(await row(alone.id)).toBeUndefined();
    expect(await counts(dest.id)).toEqual({ folders: 0, files: 0 });
    await expectExactCounters();
  });

  it('moves, trashes, restores and deletes a subtree of 1,000 with as many statements as one of 10', async () => {
    /** Counts the statements the app sends while `run` runs, by wrapping the context's database. */
    const statements = async (run: () => Promise<unknown>) => {
      let n = 0;
      const counting = (db: Db): Db =>
        new Proxy(db, {
          get(target, prop, receiver) {
            const value: unknown = Reflect.get(target, prop, receiver);
            if (typeof value !== 'function') return value;
            if (prop === 'transaction') {
              return (fn: (tx: Db) => Promise<unknown>, ...rest: unknown[]) =>
                target.transaction((tx) => fn(counting(tx)), ...(rest as []));
            }
            if (['execute', 'select', 'update', 'insert', 'delete'].includes(String(prop))) n++;
            return (value as (...a: unknown[]) => unknown).bind(target);
          },
        });
      const real = server.ctx.db;
      Object.defineProperty(server.ctx, 'db', { configurable: true, get: () => counting(real) });
      try {
        await run();
      } finally {
        delete (server.ctx as { db?: Db }).db;
      }
      return n;
    };
    const tree = async (label: string, files: number) => {
      const top = await seedFolder(server, ownerId, { name: `Top ${label}` });
      const sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: top.id });
      const dest = await seedFolder(server, ownerId, { name: `Dest ${label}` });
      await server.ctx.db.execute(sql`
        insert into items (owner_id, parent_id, type, name, size, blob_key)
        select ${ownerId}, ${sub.id}, 'file', 'f' || g, 1, 'files/none' from generate_series(1, ${files}) g`);
      await server.ctx.db.execute(sql`update items set file_count = ${files} where id = ${sub.id}`);
      await server.ctx.db.execute(sql`update users set storage_used = storage_used + ${files} where id = ${ownerId}`);
      return { top, dest };
    };
    const costs = async ({ top, dest }: { top: ItemRow; dest: ItemRow }) => [
      await statements(() => owner.post('/api/move', { to_id: dest.id, items: [ref(top)] })),
      await statements(() => remove([top])),
      await statements(() => restore([top])),
      await statements(() => remove([top], true)),
    ];
    const small = await costs(await tree('small', 8));
    const big = await costs(await tree('big', 998));
    expect(small.every((n) => n > 0)).toBe(true);
    expect(big).toEqual(small);
    await expectExactCounters();
  });

  it('keeps favourites across trash and restore, and drops them when deleted forever', async () => {
    const fav = await seedFolder(server, ownerId, { name: 'Starred' });
    const favourites_ = async () =>
      userResource
        .parse((await owner.get('/api/user')).json())
        .data.relationships.favourites.data.map((f) => f.data.id);
    expect((await owner.post('/api/favourites', { ids: [fav.id] })).status).toBe(201);
    expect(await favourites_()).toContain(fav.id);
    await remove([fav]);
    expect(await favourites_()).not.toContain(fav.id);
    await restore([fav]);
    expect(await favourites_()).toContain(fav.id);
    await remove([fav], true);
    expect(await favourites_()).not.toContain(fav.id);
    expect(await server.ctx.db.select().from(favourites).where(eq(favourites.itemId, fav.id))).toEqual([]);
  });

  it('empties the trash with POST, DELETE or POST _method=delete, and only the user’s own', async () => {
    const theirs = await seedFile(server, otherId, { name: 'their-trash.txt', content: 'zz' });
    await other.post('/api/remove', { items: [{ id: theirs.id, type: 'file' }] });
    for (const send of [
      () => owner.request('DELETE', '/api/trash/dump'),
      () => owner.post('/api/trash/dump', { _method: 'delete' }),
      () => owner.post('/api/trash/dump'),
    ]) {
      const folder = await seedFolder(server, ownerId, { name: 'Bin me' });
      const file = await seedFile(server, ownerId, {
        name: 'bin-me.txt',
        parentId: folder.id,
        content: 'q'.repeat(10),
      });
      await remove([folder]);
      const used = (await user()).storageUsed;
      const [trashed] = rowsOf<{ bytes: number }>(
        await server.ctx.db.execute(
          sql`with recursive t(id) as (
                select id from items where owner_id = ${ownerId} and deleted_at is not null
                union select i.id from items i join t on i.parent_id = t.id)
              select coalesce(sum(size), 0)::float8 as bytes from items join t on t.id = items.id where type = 'file'`,
        ),
      );
      expect(trashed!.bytes).toBeGreaterThanOrEqual(10);
      const res = await send();
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ type: 'success', message: 'Your trash was successfully cleared.' });
      expect((await trashList()).data).toEqual([]);
      expect(await row(file.id)).toBeUndefined();
      expect(await exists(`files/${file.id}`)).toBe(false);
      expect((await user()).storageUsed).toBe(used - trashed!.bytes);
      await expectExactCounters();
    }
    expect((await row(theirs.id))!.deletedAt).not.toBeNull();
    expect(await exists(`files/${theirs.id}`)).toBe(true);
    await expectExactCounters(otherId);
  });

  it('pages the trash', async () => {
    await owner.request('DELETE', '/api/trash/dump');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await seedFile(server, ownerId, { name: `page-${i}.txt` }));
    for (const m of made) await remove([m]);
    const first = browseResponse.parse((await owner.get('/api/browse/trash/all?per_page=2')).json());
    expect(first.meta.paginate).toMatchObject({ total: 5, lastPage: 3 });
    // Latest deletion first.
    expect(first.data.map((r) => r.data.id)).toEqual([made[4]!.id, made[3]!.id]);
    const second = browseResponse.parse(
      (
        await owner.get(
          `/api/browse/trash/all?per_page=2&cursor=${encodeURIComponent(first.meta.paginate.nextCursor!)}`,
        )
      ).json(),
    );
    expect(second.data.map((r) => r.data.id)).toEqual([made[2]!.id, made[1]!.id]);
    const third = browseResponse.parse((await owner.get('/api/browse/trash/all?per_page=2&page=3')).json());
    expect(third.data.map((r) => r.data.id)).toEqual([made[0]!.id]);
  });
  it('puts everything below a trashed folder in the trash everywhere, and brings it back with a restore', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Archive 1999' });
    const sub = await seedFolder(server, ownerId, { name: 'Scans 1999', parentId: parent.id });
    const file = await seedFile(server, ownerId, {
      name: 'receipt-1999.pdf',
      parentId: sub.id,
      content: 'p'.repeat(300),
      mimetype: 'application/pdf',
    });
    const elsewhere = await seedFile(server, ownerId, { name: 'elsewhere-1999.txt' });
    expect((await owner.post('/api/favourites', { ids: [sub.id] })).status).toBe(201);
    const shared = await owner.post('/api/share', { id: sub.id, type: 'folder', permission: 'editor' });
    expect(shared.status, shared.body).toBe(201);
    const token = shareResource.parse(shared.json()).data.attributes.token;

    const visible = async () => {
      const latest = browseResponse.parse((await owner.get('/api/browse/latest?per_page=200')).json());
      const search = searchResponse.parse((await owner.get('/api/search?query=1999')).json());
      const nav = JSON.stringify((await owner.get('/api/browse/navigation')).json());
      const favs = userResource
        .parse((await owner.get('/api/user')).json())
        .data.relationships.favourites.data.map((f) => f.data.id);
      const sharedList = browseResponse.parse((await owner.get('/api/browse/share')).json());
      const trashIds = (await trashList()).data.map((r) => r.data.id);
      return {
        latest: latest.data.map((r) => r.data.id).includes(file.id),
        latestTotal: latest.meta.paginate.total,
        search: search.data.map((r) => r.data.attributes.name).sort(),
        nav: nav.includes(sub.id),
        favourite: favs.includes(sub.id),
        shared: sharedList.data.map((r) => r.data.id).includes(sub.id),
        link: (await server.client().get(`/api/sharing/folders/all/${token}`)).status,
        inTrash: [parent.id, sub.id, file.id].filter((id) => trashIds.includes(id)),
        folder: (await owner.get(`/api/browse/folders/${sub.id}`)).status,
        trashFolder: (await owner.get(`/api/browse/trash/${sub.id}`)).status,
      };
    };
    const before = await visible();
    expect(before).toMatchObject({
      latest: true,
      search: ['Archive 1999', 'Scans 1999', 'elsewhere-1999.txt', 'receipt-1999.pdf'],
      nav: true,
      favourite: true,
      shared: true,
      link: 200,
      inTrash: [],
      folder: 200,
      trashFolder: 404,
    });
    const trashedBytes = async () =>
      storageResponse.parse((await owner.get('/api/user/storage')).json()).data.meta.trash.used;
    const binBefore = await trashedBytes();

    await remove([parent]);
    expect(await visible()).toMatchObject({
      latest: false,
      latestTotal: before.latestTotal - 1,
      search: ['elsewhere-1999.txt'],
      nav: false,
      favourite: false,
      shared: false,
      link: 404,
      inTrash: [parent.id],
      folder: 404,
      trashFolder: 200,
    });
    expect(await trashedBytes()).toBe(binBefore + 300);
    // Nothing can be added to, moved into, trashed or shared inside a folder in the trash.
    expect((await owner.post('/api/create-folder', { name: 'New', parent_id: sub.id })).status).toBe(404);
    expect((await owner.post('/api/move', { to_id: sub.id, items: [ref(elsewhere)] })).status).toBe(404);
    expect((await remove([file])).status).toBe(404);
    expect((await owner.post('/api/share', { id: file.id, type: 'file', permission: 'visitor' })).status).toBe(404);
    // Inside the trash, what went with the folder shows when the folder was trashed.
    const inParent = await trashList(parent.id);
    const trashedAt = (await row(parent.id))!.deletedAt!.toISOString();
    expect(inParent.data.map((r) => [r.data.id, r.data.attributes.deleted_at])).toEqual([[sub.id, trashedAt]]);

    // Restored on its own, the inner folder goes to the root and is live again with what it holds.
    const res = await restore([sub]);
    expect(res.status).toBe(200);
    expect(itemsResponse.parse(res.json()).data[0]!.data.attributes).toMatchObject({
      parent_id: null,
      deleted_at: null,
    });
    expect(await visible()).toMatchObject({
      latest: true,
      latestTotal: before.latestTotal,
      search: ['Scans 1999', 'elsewhere-1999.txt', 'receipt-1999.pdf'],
      nav: true,
      favourite: true,
      shared: true,
      link: 200,
      inTrash: [parent.id],
      folder: 200,
    });
    expect(await trashedBytes()).toBe(binBefore);
    expect(await counts(parent.id)).toEqual({ folders: 0, files: 0 });
    await expectExactCounters();
  });
  it('keeps what lies 1,200 levels below a trashed folder in the trash, and empties it whole', async () => {
    await owner.request('DELETE', '/api/trash/dump');
    // A chain of nested folders deeper than any walk's old 1,000-level cap, a file at the bottom.
    const top = await seedFolder(server, ownerId, { name: 'Deep' });
    const chain = rowsOf<{ id: string }>(
      await server.ctx.db.execute(sql`
        with recursive c(n, id, parent_id) as (
          select 1, gen_random_uuid(), ${top.id}::uuid
          union all select n + 1, gen_random_uuid(), id from c where n < 1200
        ),
        made as (
          insert into items (id, owner_id, parent_id, type, name, folder_count)
          select id, ${ownerId}, parent_id, 'folder', 'level ' || n, case when n < 1200 then 1 else 0 end from c
          returning id, name
        )
        select id from made order by length(name) desc, name desc limit 1`),
    );
    const deepest = chain[0]!.id;
    await server.ctx.db.update(items).set({ folderCount: 1 }).where(eq(items.id, top.id));
    const file = await seedFile(server, ownerId, { name: 'bottom.txt', parentId: deepest, content: 'z'.repeat(7) });
    await expectExactCounters();
    expect((await owner.get(`/api/browse/folders/${deepest}`)).status).toBe(200);

    await remove([top]);
    expect((await owner.get(`/api/browse/folders/${deepest}`)).status).toBe(404);
    expect((await owner.post('/api/create-folder', { name: 'x', parent_id: deepest })).status).toBe(404);
    expect((await owner.post('/api/share', { id: file.id, type: 'file', permission: 'visitor' })).status).toBe(404);
    const used = (await user()).storageUsed;
    expect((await owner.request('DELETE', '/api/trash/dump')).status).toBe(200);
    expect(await row(file.id)).toBeUndefined();
    expect(await exists(`files/${file.id}`)).toBe(false);
    expect((await user()).storageUsed).toBe(used - 7);
    await expectExactCounters();
  });
});

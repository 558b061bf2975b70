import { randomUUID } from 'node:crypto';
import {
  browseResponse,
  ITEMS_PER_REQUEST_MAX,
  itemsResponse,
  removeResponse,
  shareResource,
} from '@filestore/contract';
import { sql } from 'drizzle-orm';
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
import type { ItemRow } from './items.table.js';

/**
 * "Select all" (ADR 0018): a move or remove request names a whole folder's contents, less some
 * exceptions, and the server applies it in one transaction whatever the count, through the same
 * access policy as explicit ids.
 */
describe('whole-folder selections: { all_in, except }', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;

  /** `n` empty files in `parentId`, inserted in one statement, with the folder's count kept true. */
  const seedMany = async (parentId: string, n: number, prefix = 'f') => {
    await server.ctx.db.execute(sql`
      insert into items (owner_id, creator_id, parent_id, type, name, extension, mimetype, category, size)
      select ${ownerId}::uuid, ${ownerId}::uuid, ${parentId}::uuid, 'file', ${prefix} || '-' || g || '.txt',
             'txt', 'text/plain', 'document', 0
      from generate_series(1, ${n}) g`);
    await server.ctx.db.execute(sql`update items set file_count = file_count + ${n} where id = ${parentId}::uuid`);
  };
  const liveChildren = async (parentId: string) =>
    rowsOf<{ n: number }>(
      await server.ctx.db.execute(
        sql`select count(*)::int as n from items where parent_id = ${parentId}::uuid and deleted_at is null`,
      ),
    )[0]!.n;
  const trashedChildren = async (parentId: string) =>
    rowsOf<{ n: number }>(
      await server.ctx.db.execute(
        sql`select count(*)::int as n from items where parent_id = ${parentId}::uuid and deleted_at is not null`,
      ),
    )[0]!.n;
  const folderCounts = async (id: string) =>
    rowsOf<{ folder_count: number; file_count: number }>(
      await server.ctx.db.execute(sql`select folder_count, file_count from items where id = ${id}::uuid`),
    )[0]!;
  /** Everything of a user, to prove a refused request changed nothing. */
  const snapshot = async (userId: string) =>
    JSON.stringify(
      rowsOf(
        await server.ctx.db.execute(
          sql`select id, name, parent_id, deleted_at, folder_count, file_count from items
              where owner_id = ${userId} order by id`,
        ),
      ),
    );
  const folderOf = (name: string, parentId: string | null = null, userId = ownerId) =>
    seedFolder(server, userId, { name: `${name} ${randomUUID().slice(0, 8)}`, parentId });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  it('trashes the 6,000 items of a folder in one request, leaving out the exceptions', async () => {
    const folder = await folderOf('Big');
    const kept = await seedFile(server, ownerId, { name: 'keep.txt', parentId: folder.id });
    const sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: folder.id });
    const below = await seedFile(server, ownerId, { name: 'below.txt', parentId: sub.id });
    await seedMany(folder.id, 6000);
    const res = await owner.post('/api/remove', { all_in: folder.id, except: [kept.id] });
    expect(res.status, res.body).toBe(200);
    const answer = removeResponse.parse(res.json());
    expect(answer.message).toBe('The items were moved to the trash.');
    // What went is listed back for the app's Undo (ADR 0023), the exception not among it.
    expect(answer.trashed).toHaveLength(6001);
    expect(answer.trashed).toContainEqual({ id: sub.id, type: 'folder' });
    expect(answer.trashed!.some((r) => r.id === kept.id)).toBe(false);
    expect(await liveChildren(folder.id)).toBe(1);
    expect(await trashedChildren(folder.id)).toBe(6001);
    // Undo: restoring them by id (two requests of at most 5,000) puts everything back. The access
    // check of 5,000 ids once sent its walk on every row: 25 million nodes, past any heap.
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < answer.trashed!.length; i += ITEMS_PER_REQUEST_MAX) {
      const back = await owner.post('/api/trash/restore', {
        items: answer.trashed!.slice(i, i + ITEMS_PER_REQUEST_MAX),
      });
      expect(back.status, back.body).toBe(200);
    }
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(400 * 1024 * 1024);
    expect(await liveChildren(folder.id)).toBe(6002);
    expect(await folderCounts(folder.id)).toEqual({ folder_count: 1, file_count: 6001 });
    const again = await owner.post('/api/remove', { all_in: folder.id, except: [kept.id] });
    expect(again.status, again.body).toBe(200);
    expect(await folderCounts(folder.id)).toEqual({ folder_count: 0, file_count: 1 });
    // The folder's listing shows only the exception; the trash shows every item trashed, as tops.
    const listing = browseResponse.parse((await owner.get(`/api/browse/folders/${folder.id}`)).json());
    expect(listing.data.map((r) => r.data.id)).toEqual([kept.id]);
    const trash = browseResponse.parse((await owner.get('/api/browse/trash/all?per_page=1')).json());
    expect(trash.meta.paginate.total).toBeGreaterThanOrEqual(6001);
    // What lay below a trashed folder went with it, unmarked (ADR 0005).
    const [b] = rowsOf<{ deleted_at: string | null }>(
      await server.ctx.db.execute(sql`select deleted_at from items where id = ${below.id}::uuid`),
    );
    expect(b!.deleted_at).toBeNull();
  });

  it('moves the 6,000 items of a folder in one request, leaving out the exceptions', async () => {
    const from = await folderOf('From');
    const to = await folderOf('To');
    const kept = await seedFile(server, ownerId, { name: 'keep.txt', parentId: from.id });
    const clash = await seedFile(server, ownerId, { name: 'f-1.txt', parentId: to.id });
    await seedMany(from.id, 6000);
    const res = await owner.post('/api/move', { to_id: to.id, all_in: from.id, except: [kept.id] });
    expect(res.status, res.body).toBe(200);
    const moved = itemsResponse.parse(res.json()).data;
    expect(moved).toHaveLength(6000);
    expect(await liveChildren(from.id)).toBe(1);
    expect(await liveChildren(to.id)).toBe(6001);
    expect(await folderCounts(from.id)).toEqual({ folder_count: 0, file_count: 1 });
    expect(await folderCounts(to.id)).toEqual({ folder_count: 0, file_count: 6001 });
    // A name taken in the destination gets its suffix, as with explicit ids.
    expect(moved.map((r) => r.data.attributes.name)).toContain('f-1 (1).txt');
    expect(moved.some((r) => r.data.id === clash.id)).toBe(false);
  });

  it('works on the root of My Files (all_in null), and deletes forever with force_delete', async () => {
    const email = `root-${randomUUID().slice(0, 8)}@example.com`;
    const user = await registerUser(server, email);
    const id = await userIdOf(server, email);
    const a = await seedFolder(server, id, { name: 'A' });
    const b = await seedFile(server, id, { name: 'b.txt' });
    const c = await seedFile(server, id, { name: 'c.txt' });
    const res = await user.post('/api/remove', { all_in: null, except: [c.id], force_delete: true });
    expect(res.status, res.body).toBe(200);
    expect(res.json().message).toBe('The items were deleted forever.');
    // Nothing to undo after deleting forever.
    expect(res.json()).not.toHaveProperty('trashed');
    const left = rowsOf<{ id: string }>(
      await server.ctx.db.execute(sql`select id from items where owner_id = ${id}::uuid`),
    ).map((r) => r.id);
    expect(left).toEqual([c.id]);
    expect(left).not.toContain(a.id);
    expect(left).not.toContain(b.id);
    const u = rowsOf<{ root_folder_count: number; root_file_count: number }>(
      await server.ctx.db.execute(sql`select root_folder_count, root_file_count from users where id = ${id}::uuid`),
    )[0]!;
    expect(u).toEqual({ root_folder_count: 0, root_file_count: 1 });
  });

  it('answers 404 for a folder that is not the caller’s, a trashed folder, a file or no item, and changes nothing', async () => {
    const theirs = await folderOf('Theirs', null, otherId);
    await seedFile(server, otherId, { name: 'their.txt', parentId: theirs.id });
    const trashed = await folderOf('Trashed');
    await seedFile(server, ownerId, { name: 'in-trashed.txt', parentId: trashed.id });
    expect((await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'folder' }] })).status).toBe(200);
    const file = await seedFile(server, ownerId, { name: 'plain.txt' });
    const mine = await folderOf('Mine');
    const before = [await snapshot(ownerId), await snapshot(otherId)];
    for (const all_in of [theirs.id, trashed.id, file.id, randomUUID()]) {
      const removed = await owner.post('/api/remove', { all_in, except: [] });
      expect(removed.status, all_in).toBe(404);
      expect(removed.json().code).toBe('not_found');
      const moved = await owner.post('/api/move', { to_id: mine.id, all_in });
      expect(moved.status, all_in).toBe(404);
    }
    // Moving one's own folder's contents into someone else's folder is refused the same way.
    expect((await owner.post('/api/move', { to_id: theirs.id, all_in: mine.id })).status).toBe(404);
    // The other user cannot touch the owner's folder either.
    expect((await other.post('/api/remove', { all_in: mine.id })).status).toBe(404);
    expect([await snapshot(ownerId), await snapshot(otherId)]).toEqual(before);
  });

  it('refuses a folder moved into itself, both forms at once, and too many exceptions, changing nothing', async () => {
    const parent = await folderOf('Parent');
    const child = await seedFolder(server, ownerId, { name: 'Child', parentId: parent.id });
    await seedFile(server, ownerId, { name: 'x.txt', parentId: parent.id });
    const before = await snapshot(ownerId);
    const into = await owner.post('/api/move', { to_id: child.id, all_in: parent.id });
    expect(into.status).toBe(422);
    expect(into.json().code).toBe('items.move_into_itself');
    const both = await owner.post('/api/remove', { all_in: parent.id, items: [{ id: child.id, type: 'folder' }] });
    expect(both.status).toBe(400);
    expect(both.json().code).toBe('items.selection_conflict');
    const tooMany = Array.from({ length: ITEMS_PER_REQUEST_MAX + 1 }, () => randomUUID());
    const many = await owner.post('/api/remove', { all_in: parent.id, except: tooMany });
    expect(many.status).toBe(400);
    expect(many.json().code).toBe('items.too_many');
    const neither = await owner.post('/api/remove', {});
    expect(neither.status).toBe(422);
    expect(neither.json().code).toBe('validation.failed');
    const exceptAlone = await owner.post('/api/remove', { items: [{ id: child.id, type: 'folder' }], except: [] });
    expect(exceptAlone.status).toBe(422);
    expect(await snapshot(ownerId)).toEqual(before);
  });

  it('keeps the per-id form and its limit', async () => {
    const folder = await folderOf('Ids');
    const a = await seedFile(server, ownerId, { name: 'a.txt', parentId: folder.id });
    const refs = Array.from({ length: ITEMS_PER_REQUEST_MAX + 1 }, () => ({ id: randomUUID(), type: 'file' }));
    const refused = await owner.post('/api/remove', { items: refs });
    expect(refused.status).toBe(400);
    expect(refused.json().code).toBe('items.too_many');
    const res = await owner.post('/api/remove', { items: [{ id: a.id, type: 'file' }] });
    expect(res.status).toBe(200);
    expect(await liveChildren(folder.id)).toBe(0);
  });

  describe('through a share link', () => {
    let shared: ItemRow;
    let sub: ItemRow;
    let outside: ItemRow;
    let guest: TestClient;

    const share = async (item: ItemRow, permission: 'editor' | 'visitor') => {
      const res = await owner.post('/api/share', { id: item.id, type: item.type, permission });
      expect(res.status, res.body).toBe(201);
      return shareResource.parse(res.json()).data.attributes.token;
    };

    beforeAll(async () => {
      const top = await folderOf('Top');
      shared = await seedFolder(server, ownerId, { name: 'Shared', parentId: top.id });
      sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: shared.id });
      outside = await seedFolder(server, ownerId, { name: 'Outside', parentId: top.id });
      await seedFile(server, ownerId, { name: 'out.txt', parentId: outside.id });
      guest = server.client();
    });

    it('a visitor link is refused with 403 share.read_only whatever folder it names', async () => {
      const visitor = await share(sub, 'visitor');
      await seedFile(server, ownerId, { name: 'v.txt', parentId: sub.id });
      const before = await snapshot(ownerId);
      for (const all_in of [null, sub.id, outside.id, randomUUID()]) {
        const res = await guest.post(`/api/sharing/remove/${visitor}`, { all_in });
        expect(res.status).toBe(403);
        expect(res.json().code).toBe('share.read_only');
        expect((await guest.post(`/api/sharing/move/${visitor}`, { to_id: null, all_in })).status).toBe(403);
      }
      expect(await snapshot(ownerId)).toEqual(before);
    });

    it('an editor link answers 404 outside its folder, and only trashes inside it, even when asked to delete', async () => {
      const editor = await share(shared, 'editor');
      const inSub = await seedFile(server, ownerId, { name: 'in-sub.txt', parentId: sub.id });
      const kept = await seedFile(server, ownerId, { name: 'kept.txt', parentId: shared.id });
      await seedMany(shared.id, 50, 'g');
      const before = await snapshot(ownerId);
      for (const all_in of [outside.id, randomUUID()]) {
        expect((await guest.post(`/api/sharing/remove/${editor}`, { all_in })).status).toBe(404);
        expect((await guest.post(`/api/sharing/move/${editor}`, { to_id: shared.id, all_in })).status).toBe(404);
      }
      // Moving the link's contents out of its folder names a folder it may not know.
      expect((await guest.post(`/api/sharing/move/${editor}`, { to_id: outside.id, all_in: null })).status).toBe(404);
      expect(await snapshot(ownerId)).toEqual(before);

      // The link's own folder (all_in null): everything in it but the exception, trashed not deleted.
      const res = await guest.post(`/api/sharing/remove/${editor}`, {
        all_in: null,
        except: [kept.id],
        force_delete: true,
      });
      expect(res.status, res.body).toBe(200);
      expect(await liveChildren(shared.id)).toBe(1);
      expect(await trashedChildren(shared.id)).toBe(51);
      const [s] = rowsOf<{ deleted_at: string | null }>(
        await server.ctx.db.execute(sql`select deleted_at from items where id = ${shared.id}::uuid`),
      );
      expect(s!.deleted_at).toBeNull();
      expect(await liveChildren(outside.id)).toBe(1);
      // The file below the trashed subfolder is still there, in the owner's trash through it.
      const [f] = rowsOf<{ n: number }>(
        await server.ctx.db.execute(sql`select count(*)::int as n from items where id = ${inSub.id}::uuid`),
      );
      expect(f!.n).toBe(1);
    });
  });
});

import { randomUUID } from 'node:crypto';
import { browseResponse, fileResource, folderResource, itemsResponse, shareResource } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  uploadFile,
  userIdOf,
  type FormFields,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { type ItemRow } from '../files/index.js';
import { items } from '../../../test/tables.js';
import { writeSettings } from '../settings/index.js';
import { users } from '../users/index.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('share links: what an editor may change, and a visitor may not', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;
  let shared: ItemRow;
  let sub: ItemRow;
  let inside: ItemRow;
  let outside: ItemRow;
  let outsideFile: ItemRow;
  let theirs: ItemRow;
  let theirFile: ItemRow;
  let editor: string;
  let visitor: string;
  let guest: TestClient;

  const row = async (id: string) => (await server.ctx.db.select().from(items).where(eq(items.id, id)))[0];
  const storageUsed = async (userId = ownerId) =>
    (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.storageUsed;
  /** Everything of a user, to prove a refused request changed nothing. */
  const snapshot = async (userId: string) =>
    JSON.stringify(
      rowsOf(
        await server.ctx.db.execute(
          sql`select id, name, parent_id, color, emoji, deleted_at, folder_count, file_count from items
              where owner_id = ${userId} order by id`,
        ),
      ),
    ) + String(await storageUsed(userId));
  const share = async (item: ItemRow, permission: 'editor' | 'visitor') => {
    const res = await owner.post('/api/share', { id: item.id, type: item.type, permission });
    expect(res.status, res.body).toBe(201);
    return shareResource.parse(res.json()).data.attributes.token;
  };
  const upload = (t: string, fields: FormFields, content: Buffer | string = 'hello') =>
    postMultipart(
      server,
      guest,
      `/api/sharing/upload/chunks/${t}`,
      { is_last_chunk: 1, ...fields },
      {
        content: Buffer.from(content),
      },
    );

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    otherId = await userIdOf(server, 'other@example.com');
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    const top = await seedFolder(server, ownerId, { name: `Top ${randomUUID().slice(0, 8)}` });
    shared = await seedFolder(server, ownerId, { name: 'Team drop', parentId: top.id });
    sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: shared.id });
    inside = await seedFile(server, ownerId, { name: 'inside.txt', parentId: shared.id });
    outside = await seedFolder(server, ownerId, { name: 'Outside', parentId: top.id });
    outsideFile = await seedFile(server, ownerId, { name: 'outside.txt', parentId: outside.id });
    theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    theirFile = await seedFile(server, otherId, { name: 'their.txt', parentId: theirs.id });
    editor = await share(shared, 'editor');
    guest = server.client();
  });

  it('refuses every write through a visitor link with 403 share.read_only and changes nothing', async () => {
    visitor = await share(sub, 'visitor');
    const file = await seedFile(server, ownerId, { name: 'v.txt', parentId: sub.id });
    const before = await snapshot(ownerId);
    const responses = await Promise.all([
      upload(visitor, { name: 'x.txt' }),
      guest.request('DELETE', `/api/sharing/upload/chunks/${UNKNOWN_ID}/${visitor}`),
      guest.post(`/api/sharing/create-folder/${visitor}`, { name: 'New' }),
      guest.request('PATCH', `/api/sharing/rename/${file.id}/${visitor}`, { name: 'renamed.txt' }),
      guest.post(`/api/sharing/rename/${file.id}/${visitor}`, { _method: 'patch', name: 'renamed.txt' }),
      guest.post(`/api/sharing/move/${visitor}`, { to_id: null, items: [{ id: file.id, type: 'file' }] }),
      guest.post(`/api/sharing/remove/${visitor}`, { items: [{ id: file.id, type: 'file', force_delete: true }] }),
    ]);
    for (const res of responses) {
      expect(res.status, res.body).toBe(403);
      expect(res.json().code).toBe('share.read_only');
    }
    expect(await snapshot(ownerId)).toBe(before);
  });

  it('a shared file is read-only whatever its row says', async () => {
    const fileToken = await share(inside, 'visitor');
    await server.ctx.db.execute(sql`update shares set permission = 'editor' where token = ${fileToken}`);
    const res = await guest.request('PATCH', `/api/sharing/rename/${inside.id}/${fileToken}`, { name: 'x.txt' });
    expect(res.status).toBe(403);
    expect(res.json().code).toBe('share.read_only');
  });

  it("uploads into the shared folder by default, in the owner's tree and storage", async () => {
    const used = await storageUsed();
    const res = await upload(editor, { name: 'from guest.txt' }, 'twelve bytes');
    expect(res.status, res.body).toBe(201);
    const file = fileResource.parse(res.json()).data;
    expect(file.attributes.parent_id).toBe(shared.id);
    expect(file.attributes.file_url).toBe(`/api/sharing/download/${file.id}/${editor}`);
    expect(await row(file.id)).toMatchObject({ ownerId, creatorId: null, parentId: shared.id });
    expect(await storageUsed()).toBe(used + 12);
    expect((await row(shared.id))?.fileCount).toBe(2);
    expect((await guest.get(file.attributes.file_url)).body).toBe('twelve bytes');

    const nested = await upload(editor, { name: 'deep.txt', parent_id: sub.id, path: '/Album/2024/deep.txt' });
    expect(nested.status, nested.body).toBe(201);
    const listing = browseResponse.parse((await guest.get(`/api/sharing/folders/${sub.id}/${editor}`)).json());
    expect(listing.data.map((r) => r.data.attributes.name)).toEqual(['Album']);
    const deep = fileResource.parse(nested.json()).data;
    const crumbs = browseResponse.parse(
      (await guest.get(`/api/sharing/folders/${deep.attributes.parent_id}/${editor}`)).json(),
    ).meta.path;
    expect(crumbs.map((c) => c.name)).toEqual(['Team drop', 'Sub', 'Album', '2024']);
  });

  it('uploads a file in several chunks and lets the editor cancel an upload, nobody else', async () => {
    const content = Buffer.alloc(5 * MiB + 100, 7);
    const uploadId = randomUUID();
    const chunk = (offset: number, bytes: Buffer, last: boolean, t = editor) =>
      postMultipart(
        server,
        guest,
        `/api/sharing/upload/chunks/${t}`,
        {
          name: 'big.bin',
          upload_id: uploadId,
          offset,
          size: content.length,
          chunk_size: 5 * MiB,
          is_last_chunk: last,
        },
        { content: bytes },
      );
    expect((await chunk(0, content.subarray(0, 5 * MiB), false)).status).toBe(200);
    // The owner's own session API and another link do not know this upload.
    expect((await owner.request('DELETE', `/api/upload/chunks/${uploadId}`)).status).toBe(404);
    const elsewhere = await share(outside, 'editor');
    expect((await guest.request('DELETE', `/api/sharing/upload/chunks/${uploadId}/${elsewhere}`)).status).toBe(404);
    expect((await chunk(5 * MiB, content.subarray(5 * MiB), true, elsewhere)).status).toBe(404);
    const done = await chunk(5 * MiB, content.subarray(5 * MiB), true);
    expect(done.status, done.body).toBe(201);
    expect(fileResource.parse(done.json()).data.attributes).toMatchObject({
      size: content.length,
      parent_id: shared.id,
    });

    const second = randomUUID();
    const first = await postMultipart(
      server,
      guest,
      `/api/sharing/upload/chunks/${editor}`,
      { name: 'gone.bin', upload_id: second, offset: 0, size: content.length, chunk_size: 5 * MiB, is_last_chunk: 0 },
      { content: content.subarray(0, 5 * MiB) },
    );
    expect(first.status).toBe(200);
    expect((await guest.request('DELETE', `/api/sharing/upload/chunks/${second}/${editor}`)).status).toBe(204);
    expect((await guest.request('DELETE', `/api/sharing/upload/chunks/${second}/${editor}`)).status).toBe(404);
  });

  it("refuses uploads into folders outside the share or someone else's, and past the owner's quota (423)", async () => {
    const before = await snapshot(ownerId);
    for (const parentId of [outside.id, theirs.id, UNKNOWN_ID, inside.id]) {
      const res = await upload(editor, { name: 'sneaky.txt', parent_id: parentId });
      expect(res.status, parentId).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);
    const theirsBefore = await snapshot(otherId);

    await writeSettings(server.ctx.db, { storage_limitation: true });
    await server.ctx.db
      .update(users)
      .set({ storageCapacity: (await storageUsed()) + 10 })
      .where(eq(users.id, ownerId));
    try {
      const full = await upload(editor, { name: 'too big.txt' }, 'more than ten bytes');
      expect(full.status).toBe(423);
      expect(full.json().code).toBe('upload.quota_exceeded');
      // The owner's quota, not the visitor's (there is none) nor anybody else's.
      const fits = await upload(editor, { name: 'fits.txt' }, 'tiny');
      expect(fits.status).toBe(201);
    } finally {
      await writeSettings(server.ctx.db, { storage_limitation: false });
    }
    expect(await snapshot(otherId)).toBe(theirsBefore);
  });

  it('creates folders inside the share only', async () => {
    const res = await guest.post(`/api/sharing/create-folder/${editor}`, { name: 'From guest', emoji: '📦' });
    expect(res.status, res.body).toBe(201);
    const folder = folderResource.parse(res.json()).data;
    expect(folder.attributes).toMatchObject({ parent_id: shared.id, emoji: '📦', is_favourite: false });
    const nested = await guest.post(`/api/sharing/create-folder/${editor}`, { name: 'Inner', parent_id: sub.id });
    expect(folderResource.parse(nested.json()).data.attributes.parent_id).toBe(sub.id);
    const before = await snapshot(ownerId);
    for (const parentId of [outside.id, theirs.id, UNKNOWN_ID]) {
      expect(
        (await guest.post(`/api/sharing/create-folder/${editor}`, { name: 'X', parent_id: parentId })).status,
      ).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);
  });

  it('renames inside the share, but not the shared folder itself nor anything outside', async () => {
    const res = await guest.request('PATCH', `/api/sharing/rename/${inside.id}/${editor}`, { name: 'renamed.txt' });
    expect(res.status, res.body).toBe(200);
    expect((await row(inside.id))?.name).toBe('renamed.txt');
    const colour = await guest.post(`/api/sharing/rename/${sub.id}/${editor}`, { _method: 'patch', color: '#FF0000' });
    expect(colour.status).toBe(200);

    const before = await snapshot(ownerId);
    const root = await guest.request('PATCH', `/api/sharing/rename/${shared.id}/${editor}`, { name: 'Mine now' });
    expect(root.status).toBe(403);
    for (const id of [outside.id, outsideFile.id, theirFile.id, UNKNOWN_ID]) {
      expect((await guest.request('PATCH', `/api/sharing/rename/${id}/${editor}`, { name: 'x' })).status).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);
    expect((await row(theirFile.id))?.name).toBe('their.txt');
  });

  it('moves inside the share (to_id null is the shared folder), never out of it, in, or the share itself', async () => {
    const into = await guest.post(`/api/sharing/move/${editor}`, {
      to_id: sub.id,
      items: [{ id: inside.id, type: 'file' }],
    });
    expect(into.status, into.body).toBe(200);
    expect(itemsResponse.parse(into.json()).data[0]?.data.attributes.parent_id).toBe(sub.id);
    const back = await guest.post(`/api/sharing/move/${editor}`, {
      to_id: null,
      items: [{ id: inside.id, type: 'file' }],
    });
    expect(back.status).toBe(200);
    expect((await row(inside.id))?.parentId).toBe(shared.id);

    const before = await snapshot(ownerId);
    const attempts = [
      { to_id: outside.id, items: [{ id: inside.id, type: 'file' }] },
      { to_id: theirs.id, items: [{ id: inside.id, type: 'file' }] },
      { to_id: sub.id, items: [{ id: outsideFile.id, type: 'file' }] },
      { to_id: sub.id, items: [{ id: theirFile.id, type: 'file' }] },
      {
        to_id: sub.id,
        items: [
          { id: inside.id, type: 'file' },
          { id: outside.id, type: 'folder' },
        ],
      },
    ];
    for (const body of attempts) {
      expect((await guest.post(`/api/sharing/move/${editor}`, body)).status, JSON.stringify(body)).toBe(404);
    }
    const root = await guest.post(`/api/sharing/move/${editor}`, {
      to_id: sub.id,
      items: [{ id: shared.id, type: 'folder' }],
    });
    expect(root.status).toBe(403);
    expect(await snapshot(ownerId)).toBe(before);
  });

  it("removes into the owner's trash even when asked to delete forever, and the owner can restore", async () => {
    const used = await storageUsed();
    const res = await guest.post(`/api/sharing/remove/${editor}`, {
      items: [
        { id: inside.id, type: 'file', force_delete: true },
        { id: sub.id, type: 'folder', force_delete: true },
      ],
    });
    expect(res.status, res.body).toBe(200);
    expect((await row(inside.id))?.deletedAt).not.toBeNull();
    expect((await row(sub.id))?.deletedAt).not.toBeNull();
    expect(await storageUsed()).toBe(used);
    const trash = browseResponse.parse((await owner.get('/api/browse/trash/all')).json());
    expect(trash.data.map((r) => r.data.id)).toEqual(expect.arrayContaining([inside.id, sub.id]));
    expect((await guest.get(`/api/sharing/download/${inside.id}/${editor}`)).status).toBe(404);
    const restored = await owner.post('/api/trash/restore', { items: [{ id: inside.id, type: 'file' }] });
    expect(restored.status).toBe(200);
    expect((await guest.get(`/api/sharing/download/${inside.id}/${editor}`)).status).toBe(200);

    const before = await snapshot(ownerId);
    const root = await guest.post(`/api/sharing/remove/${editor}`, { items: [{ id: shared.id, type: 'folder' }] });
    expect(root.status).toBe(403);
    for (const id of [outsideFile.id, theirFile.id, UNKNOWN_ID]) {
      const out = await guest.post(`/api/sharing/remove/${editor}`, {
        items: [{ id, type: 'file', force_delete: true }],
      });
      expect(out.status).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);
    expect((await row(theirFile.id))?.deletedAt).toBeNull();
  });

  it("a signed-in user's upload without a folder still lands at the root of their own tree", async () => {
    const res = await uploadFile(server, other, { name: 'root.txt', content: 'root' });
    expect(fileResource.parse(res.json()).data.attributes.parent_id).toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import { fileRequestResource, shareResource } from '@filestore/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MiB,
  installWithAdmin,
  postMultipart,
  registerUser,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { writeSettings } from '../settings/index.js';
import { outboxEvents } from './outbox.table.js';

/**
 * Every change of a listing writes `items.changed` for the items' owner in its own transaction:
 * one row per transaction, naming each changed folder once (null: the top level).
 */
describe('items.changed in the outbox', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let lastId = 0n;

  /** The owner's items.changed rows since the previous call, as their folder lists. */
  const changes = async () => {
    const rows = await server.ctx.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.userId, ownerId), gt(outboxEvents.id, lastId), eq(outboxEvents.name, 'items.changed')))
      .orderBy(asc(outboxEvents.id));
    const all = await server.ctx.db.select({ id: outboxEvents.id }).from(outboxEvents);
    lastId = all.reduce((max, r) => (r.id > max ? r.id : max), lastId);
    return rows.map((r) => [...(r.payload as { folders: (string | null)[] }).folders].sort());
  };
  const folder = async (name: string, parentId: string | null = null, client = owner) => {
    const res = await client.post('/api/create-folder', { name, parent_id: parentId });
    expect(res.status, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const sorted = (...ids: (string | null)[]) => [...ids].sort();

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
    await changes();
  });
  afterAll(() => server.close());

  it('creating, renaming, moving, trashing, restoring and deleting name the folders they change', async () => {
    const a = await folder('A');
    expect(await changes()).toEqual([[null]]);
    const b = await folder('B', a);
    expect(await changes()).toEqual([[a]]);

    expect((await owner.request('PATCH', `/api/rename/${b}`, { name: 'B2', type: 'folder' })).status).toBe(200);
    expect(await changes()).toEqual([[a]]);

    // A move changes both listings, in one event.
    expect((await owner.post('/api/move', { to_id: null, items: [{ id: b, type: 'folder' }] })).status).toBe(200);
    expect(await changes()).toEqual([sorted(a, null)]);

    expect((await owner.post('/api/remove', { items: [{ id: b, type: 'folder' }] })).status).toBe(200);
    expect(await changes()).toEqual([[null]]);
    expect((await owner.post('/api/trash/restore', { items: [{ id: b, type: 'folder' }] })).status).toBe(200);
    expect(await changes()).toEqual([[null]]);

    const c = await folder('C', a);
    await changes();
    expect((await owner.post('/api/remove', { items: [{ id: c, type: 'folder', force_delete: true }] })).status).toBe(
      200,
    );
    expect(await changes()).toEqual([[a]]);

    // A whole folder's contents at once.
    await folder('D', a);
    await folder('E', a);
    await changes();
    expect((await owner.post('/api/remove', { all_in: a, except: [] })).status).toBe(200);
    expect(await changes()).toEqual([[a]]);

    // Emptying the trash changes no folder's listing: an event naming none.
    expect((await owner.request('DELETE', '/api/trash/dump')).status).toBe(200);
    expect(await changes()).toEqual([[]]);
  });

  it('uploads, whole or in chunks, and folder uploads name the file’s folder and where the new folders begin', async () => {
    const target = await folder('Uploads');
    await changes();
    expect((await uploadFile(server, owner, { name: 'one.txt', content: 'one', parentId: target })).status).toBe(201);
    expect(await changes()).toEqual([[target]]);

    const big = randomBytes(5 * MiB + 10);
    expect((await uploadFile(server, owner, { name: 'big.bin', content: big, parentId: target })).status).toBe(201);
    expect(await changes()).toEqual([[target]]);

    const res = await uploadFile(server, owner, { name: 'deep.txt', content: 'x', parentId: target, path: 'p/q' });
    expect(res.status, res.body).toBe(201);
    const deep = res.json().data.attributes.parent_id as string;
    expect(await changes()).toEqual([sorted(target, deep)]);
  });

  it('uploads arriving together in one transaction make one event per owner', async () => {
    const target = await folder('Together');
    await changes();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        uploadFile(server, owner, { name: `f${i}.txt`, content: `${i}`, parentId: target }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const events = await changes();
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(8);
    for (const event of events) expect(event).toEqual([target]);
  });

  it('share editors and upload-request guests change the owner’s listings: the event goes to the owner', async () => {
    const shared = await folder('Shared');
    const share = await owner.post('/api/share', { id: shared, type: 'folder', permission: 'editor' });
    expect(share.status, share.body).toBe(201);
    const token = shareResource.parse(share.json()).data.attributes.token;
    await changes();

    const guest = server.client();
    const made = await guest.post(`/api/sharing/create-folder/${token}`, { name: 'By editor', parent_id: shared });
    expect(made.status, made.body).toBe(201);
    expect(await changes()).toEqual([[shared]]);

    const upload = await postMultipart(
      server,
      guest,
      `/api/sharing/upload/chunks/${token}`,
      { name: 'editor.txt', parent_id: shared, is_last_chunk: 1 },
      { content: Buffer.from('by the editor') },
    );
    expect(upload.status, upload.body).toBe(201);
    expect(await changes()).toEqual([[shared]]);

    const request = await owner.post('/api/file-request', { folder_id: shared });
    expect(request.status, request.body).toBe(201);
    const requestToken = fileRequestResource.parse(request.json()).data.attributes.token;
    expect(await changes()).toEqual([[shared]]);
    const requestFolder = fileRequestResource.parse(request.json()).data.attributes.folder_id;
    const dropped = await postMultipart(
      server,
      server.client(),
      `/api/file-request/${requestToken}/upload/chunks`,
      { name: 'guest.txt', is_last_chunk: 1 },
      { content: Buffer.from('from a guest') },
    );
    expect(dropped.status, dropped.body).toBe(201);
    expect(await changes()).toEqual([[requestFolder]]);
  });
});

import { randomUUID } from 'node:crypto';
import {
  browseResponse,
  fileRequestResource,
  fileResource,
  folderResource,
  navigationResponse,
  type FileRequestResource,
} from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodedMail,
  installWithAdmin,
  linkIn,
  postMultipart,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { type ItemRow } from '../files/index.js';
import { items } from '../../../test/tables.js';
import { writeSettings } from '../settings/index.js';
import { users } from '../users/index.js';
import { FILE_REQUESTS_JOB } from './file-requests.job.js';
import { fileRequests } from './file-requests.table.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('upload requests', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;
  let inbox: ItemRow;
  let outside: ItemRow;
  let outsideFile: ItemRow;
  let theirs: ItemRow;
  let theirFile: ItemRow;

  const row = async (id: string) => (await server.ctx.db.select().from(items).where(eq(items.id, id)))[0];
  const requestRow = async (token: string) =>
    (await server.ctx.db.select().from(fileRequests).where(eq(fileRequests.token, token)))[0];
  const storageUsed = async () =>
    (await server.ctx.db.select().from(users).where(eq(users.id, ownerId)))[0]!.storageUsed;
  const snapshot = async (userId: string) =>
    JSON.stringify(
      rowsOf(
        await server.ctx.db.execute(
          sql`select id, name, parent_id, color, emoji, deleted_at, folder_count, file_count from items
              where owner_id = ${userId} order by id`,
        ),
      ),
    );
  const createRequest = async (body: Record<string, unknown> = {}) => {
    const res = await owner.post('/api/file-request', { folder_id: inbox.id, ...body });
    expect(res.status, res.body).toBe(201);
    return fileRequestResource.parse(res.json()).data;
  };
  const upload = (client: TestClient, token: string, fields: Record<string, string | number>, content = 'hello') =>
    postMultipart(
      server,
      client,
      `/api/file-request/${token}/upload/chunks`,
      { is_last_chunk: 1, ...fields },
      {
        content: Buffer.from(content),
      },
    );
  /** Every guest call but GET of the request itself, with ids inside the request unless told otherwise. */
  const guestCalls = (
    client: TestClient,
    token: string,
    id: string,
    folderId: string,
    { done = true } = {},
  ): Promise<TestResponse>[] => [
    client.get(`/api/file-request/${token}/browse`),
    client.get(`/api/file-request/${token}/browse/${folderId}`),
    client.get(`/api/file-request/${token}/navigation`),
    upload(client, token, { name: 'late.txt' }),
    client.request('DELETE', `/api/file-request/${token}/upload/chunks/${UNKNOWN_ID}`),
    client.post(`/api/file-request/${token}/create-folder`, { name: 'Late folder' }),
    client.request('PATCH', `/api/file-request/${token}/rename/${id}`, { name: 'late name.txt' }),
    client.post(`/api/file-request/${token}/move`, { to_id: null, items: [{ id, type: 'file' }] }),
    client.post(`/api/file-request/${token}/remove`, { items: [{ id, type: 'file' }] }),
    client.get(`/api/file-request/${token}/download/${id}`),
    client.get(`/api/file-request/${token}/thumbnail/${id}/sm`),
    ...(done ? [client.request('DELETE', `/api/file-request/${token}`)] : []),
  ];

  beforeAll(async () => {
    server = await startTestServer({ APP_URL: 'https://files.example.com' });
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    otherId = await userIdOf(server, 'other@example.com');
    inbox = await seedFolder(server, ownerId, { name: 'Inbox' });
    outside = await seedFolder(server, ownerId, { name: 'Private' });
    outsideFile = await seedFile(server, ownerId, { name: 'secret.txt', parentId: outside.id });
    theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    theirFile = await seedFile(server, otherId, { name: 'their.txt', parentId: theirs.id });
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
  });
  afterAll(() => server.close());

  it('makes the request and its own folder inside the chosen one, and mails the link with the notes', async () => {
    const before = server.outbox().length;
    const req = await createRequest({
      name: 'Tax papers',
      notes: 'Your 2024 receipts, please.',
      email: 'ann@example.com',
    });
    expect(req.attributes).toMatchObject({
      status: 'active',
      notes: 'Your 2024 receipts, please.',
      email: 'ann@example.com',
    });
    expect(req.attributes.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(req.attributes.link).toBe(`https://files.example.com/request/${req.attributes.token}/upload`);
    const folder = req.relationships.folder!.data;
    expect(folder).toMatchObject({
      id: req.attributes.folder_id,
      attributes: { name: 'Tax papers', parent_id: inbox.id },
    });
    expect(await row(folder.id)).toMatchObject({ ownerId, parentId: inbox.id, type: 'folder' });
    expect((await row(inbox.id))?.folderCount).toBeGreaterThanOrEqual(1);

    const mails = server.outbox().slice(before);
    expect(mails).toHaveLength(1);
    const mail = decodedMail(mails[0]!);
    expect(mail).toContain('To: ann@example.com');
    expect(mail).toContain('Uma asks you to upload files');
    expect(mail).toContain('Your 2024 receipts, please.');
    expect(linkIn(mails[0]!, '/request/')).toBe(req.attributes.link);
  });

  it('names the folder after the date when no name is given, at the root when no folder is', async () => {
    const res = await owner.post('/api/file-request', {});
    expect(res.status).toBe(201);
    const folder = fileRequestResource.parse(res.json()).data.relationships.folder!.data;
    expect(folder.attributes.name).toBe(`Upload request ${new Date().toISOString().slice(0, 10)}`);
    expect(folder.attributes.parent_id).toBeNull();
  });

  it("refuses someone else's folder, a trashed one, a file and an unknown id with 404, and needs a session", async () => {
    const binned = await seedFolder(server, ownerId, { name: 'Binned' });
    await owner.post('/api/remove', { items: [{ id: binned.id, type: 'folder' }] });
    const before = await snapshot(ownerId);
    for (const id of [theirs.id, binned.id, outsideFile.id, UNKNOWN_ID]) {
      expect((await owner.post('/api/file-request', { folder_id: id })).status, id).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);
    expect((await server.client().post('/api/file-request', { folder_id: inbox.id })).status).toBe(401);
  });

  it("shows the guest the notes and the owner's first name, not the folder nor the address", async () => {
    const req = await createRequest({ notes: 'Holiday photos', email: 'bob@example.com' });
    const res = await server.client().get(`/api/file-request/${req.attributes.token}`);
    expect(res.status).toBe(200);
    const guest: FileRequestResource['data'] = fileRequestResource.parse(res.json()).data;
    expect(guest.attributes).toMatchObject({ status: 'active', notes: 'Holiday photos', email: null });
    expect(guest.relationships.folder).toBeNull();
    expect(guest.relationships.user.data.attributes).toEqual({ name: 'Uma', color: expect.stringMatching(/^#/) });
    expect(res.body).not.toContain('Inbox');
    expect((await server.client().get('/api/file-request/unknown-token-unknown-token-0000')).status).toBe(404);
  });

  it("takes uploads into the request's folder only, in the owner's storage, and notes the last upload", async () => {
    const req = await createRequest();
    const t = req.attributes.token;
    const guest = server.client();
    const used = await storageUsed();
    expect((await requestRow(t))?.lastUploadAt).toBeNull();
    const res = await upload(guest, t, { name: 'scan.pdf' }, 'fourteen bytes');
    expect(res.status, res.body).toBe(201);
    const file = fileResource.parse(res.json()).data;
    expect(file.attributes.parent_id).toBe(req.attributes.folder_id);
    expect(file.attributes.file_url).toBe(`/api/file-request/${t}/download/${file.id}`);
    expect(await storageUsed()).toBe(used + 14);
    expect((await requestRow(t))?.lastUploadAt).not.toBeNull();
    expect((await guest.get(file.attributes.file_url)).body).toBe('fourteen bytes');

    const before = await snapshot(ownerId);
    for (const parentId of [inbox.id, outside.id, theirs.id, UNKNOWN_ID]) {
      expect((await upload(guest, t, { name: 'x.txt', parent_id: parentId })).status, parentId).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);

    await writeSettings(server.ctx.db, { storage_limitation: true });
    await server.ctx.db
      .update(users)
      .set({ storageCapacity: (await storageUsed()) + 5 })
      .where(eq(users.id, ownerId));
    try {
      const full = await upload(guest, t, { name: 'big.txt' }, 'more than five bytes');
      expect(full.status).toBe(423);
      expect(full.json().code).toBe('upload.quota_exceeded');
    } finally {
      await writeSettings(server.ctx.db, { storage_limitation: false });
    }
  });

  it('lets the guest browse, organise and remove inside the folder (to the owner trash), nothing else', async () => {
    const req = await createRequest({ name: 'Shoot' });
    const t = req.attributes.token;
    const folderId = req.attributes.folder_id;
    const guest = server.client();
    const made = await guest.post(`/api/file-request/${t}/create-folder`, { name: 'Day 1' });
    expect(made.status, made.body).toBe(201);
    const day1 = folderResource.parse(made.json()).data;
    expect(day1.attributes.parent_id).toBe(folderId);
    const photo = fileResource.parse((await upload(guest, t, { name: 'a.jpg', parent_id: day1.id })).json()).data;
    const loose = fileResource.parse((await upload(guest, t, { name: 'b.jpg' })).json()).data;

    const top = browseResponse.parse((await guest.get(`/api/file-request/${t}/browse`)).json());
    expect(top.data.map((r) => r.data.attributes.name)).toEqual(['Day 1', 'b.jpg']);
    expect(top.meta.path).toEqual([{ id: folderId, name: 'Shoot' }]);
    expect(top.meta.root?.data.attributes.parent_id).toBeNull();
    const all = browseResponse.parse((await guest.get(`/api/file-request/${t}/browse/all`)).json());
    expect(all.data).toHaveLength(2);
    const inner = await guest.get(`/api/file-request/${t}/browse/${day1.id}`);
    expect(browseResponse.parse(inner.json()).meta.path.map((p) => p.name)).toEqual(['Shoot', 'Day 1']);
    expect(inner.body).not.toContain('Inbox');
    const nav = navigationResponse.parse((await guest.get(`/api/file-request/${t}/navigation`)).json());
    expect(nav.data[0]).toMatchObject({ location: 'upload-request', name: 'Shoot' });
    expect(nav.data[0]?.folders.map((f) => f.name)).toEqual(['Day 1']);

    expect((await guest.request('PATCH', `/api/file-request/${t}/rename/${loose.id}`, { name: 'c.jpg' })).status).toBe(
      200,
    );
    const moved = await guest.post(`/api/file-request/${t}/move`, {
      to_id: day1.id,
      items: [{ id: loose.id, type: 'file' }],
    });
    expect(moved.status).toBe(200);
    expect((await row(loose.id))?.parentId).toBe(day1.id);
    const removed = await guest.post(`/api/file-request/${t}/remove`, {
      items: [{ id: photo.id, type: 'file', force_delete: true }],
    });
    expect(removed.status).toBe(200);
    expect((await row(photo.id))?.deletedAt).not.toBeNull();
    expect((await guest.get(`/api/file-request/${t}/download/${photo.id}`)).status).toBe(404);

    // The request's own folder is not the guest's to rename, move or remove.
    for (const res of await Promise.all([
      guest.request('PATCH', `/api/file-request/${t}/rename/${folderId}`, { name: 'Mine' }),
      guest.post(`/api/file-request/${t}/move`, { to_id: day1.id, items: [{ id: folderId, type: 'folder' }] }),
      guest.post(`/api/file-request/${t}/remove`, { items: [{ id: folderId, type: 'folder' }] }),
    ])) {
      expect(res.status).toBe(403);
    }

    // The owner's other folders, the folder the request sits in, and other people's items: 404.
    const before = await snapshot(ownerId);
    const theirsBefore = await snapshot(otherId);
    for (const [id, folder] of [
      [outsideFile.id, outside.id],
      [theirFile.id, theirs.id],
      [UNKNOWN_ID, inbox.id],
    ] as const) {
      const results = await Promise.all([
        guest.get(`/api/file-request/${t}/browse/${folder}`),
        guest.post(`/api/file-request/${t}/create-folder`, { name: 'X', parent_id: folder }),
        guest.request('PATCH', `/api/file-request/${t}/rename/${id}`, { name: 'x.txt' }),
        guest.post(`/api/file-request/${t}/move`, { to_id: day1.id, items: [{ id, type: 'file' }] }),
        guest.post(`/api/file-request/${t}/move`, { to_id: folder, items: [{ id: loose.id, type: 'file' }] }),
        guest.post(`/api/file-request/${t}/remove`, { items: [{ id, type: 'file', force_delete: true }] }),
        guest.get(`/api/file-request/${t}/download/${id}`),
        guest.get(`/api/file-request/${t}/thumbnail/${id}/sm`),
      ]);
      for (const res of results) expect(res.status, `${res.body} ${id}`).toBe(404);
    }
    expect(await snapshot(ownerId)).toBe(before);
    expect(await snapshot(otherId)).toBe(theirsBefore);
  });

  it('cancels a running upload of the request, and nobody else can', async () => {
    const req = await createRequest();
    const t = req.attributes.token;
    const guest = server.client();
    const uploadId = randomUUID();
    const first = await postMultipart(
      server,
      guest,
      `/api/file-request/${t}/upload/chunks`,
      {
        name: 'big.bin',
        upload_id: uploadId,
        offset: 0,
        size: 6 * 1024 * 1024,
        chunk_size: 5 * 1024 * 1024,
        is_last_chunk: 0,
      },
      { content: Buffer.alloc(5 * 1024 * 1024, 1) },
    );
    expect(first.status, first.body).toBe(200);
    const elsewhere = (await createRequest()).attributes.token;
    expect((await guest.request('DELETE', `/api/file-request/${elsewhere}/upload/chunks/${uploadId}`)).status).toBe(
      404,
    );
    expect((await owner.request('DELETE', `/api/upload/chunks/${uploadId}`)).status).toBe(404);
    expect((await guest.request('DELETE', `/api/file-request/${t}/upload/chunks/${uploadId}`)).status).toBe(204);
    // Only finished uploads count as uploads.
    expect((await requestRow(t))?.lastUploadAt).toBeNull();
  });

  it('Done closes the request and mails the owner how many files arrived; then everything but its page is 410', async () => {
    const req = await createRequest({ name: 'Contracts' });
    const t = req.attributes.token;
    const guest = server.client();
    const file = fileResource.parse((await upload(guest, t, { name: 'one.pdf' })).json()).data;
    await upload(guest, t, { name: 'two.pdf', path: '/Signed/two.pdf' });
    const before = server.outbox().length;
    const done = await guest.request('DELETE', `/api/file-request/${t}`);
    expect(done.status, done.body).toBe(200);
    expect(fileRequestResource.parse(done.json()).data.attributes.status).toBe('filled');
    const mails = server.outbox().slice(before);
    expect(mails).toHaveLength(1);
    const mail = decodedMail(mails[0]!);
    expect(mail).toContain('To: owner@example.com');
    expect(mail).toContain('“Contracts” is complete: 2 files arrived');
    expect(linkIn(mails[0]!, '/platform/files/')).toBe(
      `https://files.example.com/platform/files/${req.attributes.folder_id}`,
    );

    const page = await guest.get(`/api/file-request/${t}`);
    expect(fileRequestResource.parse(page.json()).data.attributes.status).toBe('filled');
    const snapshotBefore = await snapshot(ownerId);
    for (const res of await Promise.all(guestCalls(guest, t, file.id, req.attributes.folder_id))) {
      expect(res.status, res.body).toBe(410);
      expect(res.json().code).toBe('request.closed');
    }
    expect(await snapshot(ownerId)).toBe(snapshotBefore);
    expect(server.outbox().length).toBe(before + 1);
  });

  it('expires unused requests after 72 hours and fills those quiet for a day (mailing the owner), hourly', async () => {
    const unused = await createRequest({ name: 'Unused' });
    const quiet = await createRequest({ name: 'Quiet' });
    const busy = await createRequest({ name: 'Busy' });
    const fresh = await createRequest({ name: 'Fresh' });
    const guest = server.client();
    const file = fileResource.parse((await upload(guest, quiet.attributes.token, { name: 'q.txt' })).json()).data;
    await upload(guest, busy.attributes.token, { name: 'b.txt' });
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await server.ctx.db
      .update(fileRequests)
      .set({ createdAt: ago(73) })
      .where(eq(fileRequests.id, unused.id));
    await server.ctx.db
      .update(fileRequests)
      .set({ createdAt: ago(80), lastUploadAt: ago(25) })
      .where(eq(fileRequests.id, quiet.id));
    await server.ctx.db
      .update(fileRequests)
      .set({ createdAt: ago(80), lastUploadAt: ago(23) })
      .where(eq(fileRequests.id, busy.id));
    await server.ctx.db
      .update(fileRequests)
      .set({ createdAt: ago(71) })
      .where(eq(fileRequests.id, fresh.id));

    // Due is due, even before the job writes it down.
    const early = await guest.get(`/api/file-request/${unused.attributes.token}/browse`);
    expect(early.status).toBe(410);
    expect(
      fileRequestResource.parse((await guest.get(`/api/file-request/${quiet.attributes.token}`)).json()).data.attributes
        .status,
    ).toBe('filled');

    const before = server.outbox().length;
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    expect((await requestRow(unused.attributes.token))?.status).toBe('expired');
    expect((await requestRow(quiet.attributes.token))?.status).toBe('filled');
    expect((await requestRow(busy.attributes.token))?.status).toBe('active');
    expect((await requestRow(fresh.attributes.token))?.status).toBe('active');
    const mails = server.outbox().slice(before).map(decodedMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('“Quiet” is complete: 1 file arrived');

    const expiredPage = await guest.get(`/api/file-request/${unused.attributes.token}`);
    expect(fileRequestResource.parse(expiredPage.json()).data.attributes.status).toBe('expired');
    expect((await upload(guest, quiet.attributes.token, { name: 'late.txt' })).status).toBe(410);
    expect((await guest.get(`/api/file-request/${quiet.attributes.token}/download/${file.id}`)).status).toBe(410);
    // Running again changes nothing and mails nobody twice.
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    expect(server.outbox().length).toBe(before + 1);
  });

  it('answers 404 to every guest call with an unknown token, and while the request folder is in the trash', async () => {
    const guest = server.client();
    for (const res of await Promise.all(
      guestCalls(guest, 'no-such-token-no-such-token-0000', UNKNOWN_ID, UNKNOWN_ID),
    )) {
      expect(res.status, res.body).toBe(404);
    }
    const req = await createRequest({ name: 'Binned request' });
    const t = req.attributes.token;
    const file = fileResource.parse((await upload(guest, t, { name: 'kept.txt' })).json()).data;
    await owner.post('/api/remove', { items: [{ id: req.attributes.folder_id, type: 'folder' }] });
    const calls = guestCalls(guest, t, file.id, req.attributes.folder_id, { done: false });
    for (const res of await Promise.all(calls)) expect(res.status, res.body).toBe(404);
  });

  it('a request whose folder was deleted forever is gone', async () => {
    const req = await createRequest({ name: 'Short lived' });
    await owner.post('/api/remove', { items: [{ id: req.attributes.folder_id, type: 'folder', force_delete: true }] });
    expect(await requestRow(req.attributes.token)).toBeUndefined();
    expect((await server.client().get(`/api/file-request/${req.attributes.token}`)).status).toBe(404);
  });

  it("another user's signed-in client gets nothing more from a request than anyone", async () => {
    const req = await createRequest();
    const res = await other.get(`/api/file-request/${req.attributes.token}/browse/${outside.id}`);
    expect(res.status).toBe(404);
  });
});

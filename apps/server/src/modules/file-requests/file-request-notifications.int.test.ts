import { fileRequestResource, notificationsResponse, userResource } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decodedMail,
  installWithAdmin,
  postMultipart,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { notifications } from '../notifications/index.js';
import { outboxEvents } from '../realtime/index.js';
import { writeSettings } from '../settings/index.js';
import { users } from '../users/index.js';
import { FILE_REQUESTS_JOB } from './file-requests.job.js';
import { fileRequests } from './file-requests.table.js';

/** What an upload request tells its owner (ADR 0026): the first upload, and its end, by notification and mail. */
describe('upload request notifications', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;

  const createRequest = async (name: string) => {
    const res = await owner.post('/api/file-request', { name });
    expect(res.status, res.body).toBe(201);
    return fileRequestResource.parse(res.json()).data;
  };
  const upload = (token: string, name: string) =>
    postMultipart(
      server,
      server.client(),
      `/api/file-request/${token}/upload/chunks`,
      { is_last_chunk: 1, name },
      {
        content: Buffer.from('hello'),
      },
    );
  const listOf = async (client: TestClient) =>
    notificationsResponse.parse((await client.get('/api/notifications')).json()).data.map((n) => n.data.attributes);
  const notificationEvents = async () =>
    (await server.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.userId, ownerId))).filter(
      (e) => e.name === 'notification',
    );
  const setMailSwitch = (on: boolean) =>
    owner.post('/api/user/settings', { name: 'mail_notifications', value: on, _method: 'patch' });

  beforeAll(async () => {
    server = await startTestServer({ APP_URL: 'https://files.example.com' });
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
  });
  beforeEach(async () => {
    await server.ctx.db.delete(notifications);
    await server.ctx.db.delete(outboxEvents);
    expect((await setMailSwitch(true)).status).toBe(200);
  });
  afterAll(() => server.close());

  it("a guest's first upload notifies the owner once, with the folder to open, and mails nobody", async () => {
    const req = await createRequest('Holiday photos');
    const before = server.outbox().length;
    expect((await upload(req.attributes.token, 'a.jpg')).status).toBe(201);
    expect((await upload(req.attributes.token, 'b.jpg')).status).toBe(201);
    const list = await listOf(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      category: 'file-request',
      title: 'Files are arriving in “Holiday photos”',
      read_at: null,
      action: { type: 'route', params: { route: 'Files', id: req.attributes.folder_id, button: 'Show files' } },
    });
    // Its event went into the outbox with it, for the owner's sockets.
    const events = await notificationEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      data: { attributes: { title: 'Files are arriving in “Holiday photos”' } },
    });
    expect(server.outbox().length).toBe(before);
    // Nobody else hears of it.
    expect(await listOf(other)).toEqual([]);
    const user = userResource.parse((await owner.get('/api/user')).json()).data;
    expect(user.relationships.unreadNotifications.meta.count).toBe(1);
  });

  it('Done notifies the owner (same transaction as the status) and mails them once', async () => {
    const req = await createRequest('Contracts');
    await upload(req.attributes.token, 'one.pdf');
    await server.ctx.db.delete(notifications);
    const before = server.outbox().length;
    const done = await server.client().request('DELETE', `/api/file-request/${req.attributes.token}`);
    expect(done.status, done.body).toBe(200);
    const list = await listOf(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      category: 'file-request',
      title: 'Upload request “Contracts” is complete',
      description: '1 file arrived. The link no longer takes uploads.',
      action: { type: 'route', params: { route: 'Files', id: req.attributes.folder_id, button: 'Show files' } },
    });
    const mails = server.outbox().slice(before).map(decodedMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('“Contracts” is complete: 1 file arrived');
    // Done again: 410, and no second notification nor mail.
    expect((await server.client().request('DELETE', `/api/file-request/${req.attributes.token}`)).status).toBe(410);
    expect(await listOf(owner)).toHaveLength(1);
    expect(server.outbox().length).toBe(before + 1);
  });

  it('with the mail switch off, Done still notifies but sends no mail', async () => {
    expect((await setMailSwitch(false)).status).toBe(200);
    const req = await createRequest('Quiet please');
    await upload(req.attributes.token, 'one.pdf');
    const before = server.outbox().length;
    expect((await server.client().request('DELETE', `/api/file-request/${req.attributes.token}`)).status).toBe(200);
    expect((await listOf(owner)).map((n) => n.title)).toContain('Upload request “Quiet please” is complete');
    expect(server.outbox().length).toBe(before);
  });

  it('the hourly job that fills a quiet request notifies the owner, and mails only with the switch on', async () => {
    const on = await createRequest('Quiet on');
    const off = await createRequest('Quiet off');
    await upload(on.attributes.token, 'a.txt');
    await upload(off.attributes.token, 'b.txt');
    await upload(off.attributes.token, 'c.txt');
    await server.ctx.db.delete(notifications);
    const ago = new Date(Date.now() - 25 * 3_600_000);
    await server.ctx.db.update(fileRequests).set({ lastUploadAt: ago }).where(eq(fileRequests.id, on.id));
    await server.ctx.db.update(fileRequests).set({ lastUploadAt: ago }).where(eq(fileRequests.id, off.id));

    const before = server.outbox().length;
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    const titles = (await listOf(owner)).map((n) => n.title).sort();
    expect(titles).toEqual(['Upload request “Quiet off” is complete', 'Upload request “Quiet on” is complete']);
    expect(server.outbox().slice(before)).toHaveLength(2);

    // The same, with the switch off: notified, not mailed.
    const later = await createRequest('Later');
    await upload(later.attributes.token, 'd.txt');
    await server.ctx.db.update(fileRequests).set({ lastUploadAt: ago }).where(eq(fileRequests.id, later.id));
    await server.ctx.db.update(users).set({ mailNotifications: false }).where(eq(users.id, ownerId));
    const mailsBefore = server.outbox().length;
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    expect((await listOf(owner)).map((n) => n.title)).toContain('Upload request “Later” is complete');
    expect(server.outbox().length).toBe(mailsBefore);
    // Running again tells nobody twice.
    await server.ctx.jobs.drain([FILE_REQUESTS_JOB]);
    expect(await listOf(owner)).toHaveLength(4);
  });

  it('a request sent to an existing account also rings its bell with the upload page (a url action); an unknown address only gets the mail', async () => {
    const res = await owner.post('/api/file-request', {
      name: 'Tax papers',
      email: 'OTHER@example.com',
      notes: 'The 2026 receipts, please',
    });
    expect(res.status, res.body).toBe(201);
    const token = fileRequestResource.parse(res.json()).data.attributes.token;
    const [bell] = await listOf(other);
    expect(bell).toMatchObject({
      category: 'file-request',
      title: expect.stringContaining('asks you to upload files') as unknown,
      description: 'Their message: “The 2026 receipts, please”',
      action: { type: 'url', params: { url: `/request/${token}/upload`, target: 'blank', button: 'Upload files' } },
    });
    const otherId = await userIdOf(server, 'other@example.com');
    const events = (await server.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.userId, otherId))).filter(
      (e) => e.name === 'notification',
    );
    expect(events).toHaveLength(1);
    expect(decodedMail(server.outbox().at(-1)!)).toContain(`/request/${token}/upload`);

    // To an address without an account (or the owner's own), nobody's bell rings; the answer is the same.
    await server.ctx.db.delete(notifications);
    const unknown = await owner.post('/api/file-request', { name: 'Stranger', email: 'nobody@example.com' });
    expect(unknown.status).toBe(201);
    const self = await owner.post('/api/file-request', { name: 'Myself', email: 'owner@example.com' });
    expect(self.status).toBe(201);
    expect(await server.ctx.db.select().from(notifications)).toHaveLength(0);
  });
});

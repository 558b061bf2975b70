import {
  messageResponse,
  NOTIFICATIONS_COUNT_CAP,
  notificationsResponse,
  userResource,
  USER_NOTIFICATIONS_LISTED,
} from '@filestore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { outboxEvents } from '../realtime/index.js';
import { notify } from './notify.js';
import { notifications } from './notifications.table.js';

describe('notifications', () => {
  let server: TestServer;
  let ann: TestClient;
  let bob: TestClient;
  let annId: string;
  let bobId: string;

  /** `n` notifications for the user, a second apart, oldest first; their titles. */
  const seed = async (userId: string, n: number, prefix = 'Note') => {
    const base = Date.now() - n * 1000;
    const rows = Array.from({ length: n }, (_, i) => ({
      userId,
      category: 'file-request' as const,
      title: `${prefix} ${i + 1}`,
      description: 'Something happened.',
      action: { type: 'route' as const, params: { route: 'Files', id: null, button: 'Show' } },
      createdAt: new Date(base + i * 1000),
    }));
    if (rows.length) await server.ctx.db.insert(notifications).values(rows);
    return rows.map((r) => r.title);
  };
  const countOf = async (userId: string) =>
    (await server.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).length;
  const me = async (client: TestClient) => userResource.parse((await client.get('/api/user')).json()).data;

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    ann = await registerUser(server, 'ann@example.com');
    bob = await registerUser(server, 'bob@example.com');
    annId = await userIdOf(server, 'ann@example.com');
    bobId = await userIdOf(server, 'bob@example.com');
  });
  beforeEach(async () => {
    await server.ctx.db.delete(notifications);
    await server.ctx.db.delete(outboxEvents);
  });
  afterAll(() => server.close());

  it('need a session', async () => {
    const guest = server.client();
    expect((await guest.get('/api/notifications')).status).toBe(401);
    expect((await guest.post('/api/notifications/read', {})).status).toBe(401);
    expect((await guest.request('DELETE', '/api/notifications')).status).toBe(401);
  });

  it('lists only my own, newest first, read and unread, a page at a time', async () => {
    const mine = await seed(annId, 7);
    await seed(bobId, 3, 'Bob');
    await server.ctx.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.title, 'Note 2'));

    const first = notificationsResponse.parse((await ann.get('/api/notifications?per_page=3')).json());
    expect(first.data.map((n) => n.data.attributes.title)).toEqual(['Note 7', 'Note 6', 'Note 5']);
    expect(first.data[0]!.data.attributes).toMatchObject({
      category: 'file-request',
      read_at: null,
      action: { type: 'route', params: { route: 'Files', id: null, button: 'Show' } },
    });
    // A new one arriving meanwhile does not shift the next page.
    await notify(server.ctx.db, annId, {
      category: 'gift',
      message: { key: 'billing.credit', params: {} },
      action: null,
    });
    const titles = first.data.map((n) => n.data.attributes.title);
    let cursor = first.meta.next_cursor;
    while (cursor) {
      const page = notificationsResponse.parse(
        (await ann.get(`/api/notifications?per_page=3&cursor=${encodeURIComponent(cursor)}`)).json(),
      );
      titles.push(...page.data.map((n) => n.data.attributes.title));
      cursor = page.meta.next_cursor;
    }
    expect(titles).toEqual([...mine].reverse());
    const all = notificationsResponse.parse((await ann.get('/api/notifications')).json());
    expect(all.data).toHaveLength(8);
    expect(all.data.find((n) => n.data.attributes.title === 'Note 2')!.data.attributes.read_at).not.toBeNull();
    expect(all.data.some((n) => n.data.attributes.title.startsWith('Bob'))).toBe(false);
  });

  it('refuses a bad page size and a tampered cursor with 422', async () => {
    for (const query of ['per_page=0', 'per_page=51', 'cursor=bm9wZQ', 'cursor=%00']) {
      const res = await ann.get(`/api/notifications?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json().code).toBe('validation.failed');
    }
  });

  it("reads all of mine and none of another user's", async () => {
    await seed(annId, 3);
    await seed(bobId, 2, 'Bob');
    const res = await ann.post('/api/notifications/read', {});
    expect(res.status, res.body).toBe(200);
    expect(messageResponse.parse(res.json()).type).toBe('success');
    const rows = await server.ctx.db.select().from(notifications);
    expect(rows.filter((r) => r.userId === annId).every((r) => r.readAt !== null)).toBe(true);
    expect(rows.filter((r) => r.userId === bobId).every((r) => r.readAt === null)).toBe(true);
    const user = await me(ann);
    expect(user.relationships.unreadNotifications.meta.count).toBe(0);
    expect(user.relationships.readNotifications.meta.count).toBe(3);
    // Reading again is harmless.
    expect((await ann.post('/api/notifications/read', {})).status).toBe(200);
  });

  it("clears all of mine and none of another user's", async () => {
    await seed(annId, 3);
    await seed(bobId, 2, 'Bob');
    const res = await ann.request('DELETE', '/api/notifications');
    expect(res.status, res.body).toBe(200);
    expect(await countOf(annId)).toBe(0);
    expect(await countOf(bobId)).toBe(2);
    expect(notificationsResponse.parse((await ann.get('/api/notifications')).json()).data).toEqual([]);
    expect(notificationsResponse.parse((await bob.get('/api/notifications')).json()).data).toHaveLength(2);
  });

  it('GET /api/user carries the newest few of each and their counts, capped', async () => {
    expect((await me(ann)).relationships.unreadNotifications).toEqual({ data: [], meta: { count: 0, capped: false } });
    await seed(annId, 3, 'Old');
    await server.ctx.db.update(notifications).set({ readAt: new Date() });
    await seed(annId, 8);
    await seed(bobId, 4, 'Bob');
    let user = await me(ann);
    const unread = user.relationships.unreadNotifications;
    expect(unread.meta).toEqual({ count: 8, capped: false });
    expect(unread.data.map((n) => n.data.attributes.title)).toEqual(
      ['Note 8', 'Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3', 'Note 2', 'Note 1'].slice(
        0,
        USER_NOTIFICATIONS_LISTED,
      ),
    );
    expect(user.relationships.readNotifications.meta).toEqual({ count: 3, capped: false });
    expect(user.relationships.readNotifications.data.map((n) => n.data.attributes.title)).toEqual([
      'Old 3',
      'Old 2',
      'Old 1',
    ]);

    await seed(annId, NOTIFICATIONS_COUNT_CAP, 'Many');
    user = await me(ann);
    expect(user.relationships.unreadNotifications.meta).toEqual({ count: NOTIFICATIONS_COUNT_CAP, capped: true });
    expect(user.relationships.unreadNotifications.data).toHaveLength(USER_NOTIFICATIONS_LISTED);
  });

  it('notify stores the notification and its event in the caller transaction: both or neither', async () => {
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await notify(tx, annId, { category: 'gift', message: { key: 'billing.credit', params: {} }, action: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countOf(annId)).toBe(0);
    const row = await notify(server.ctx.db, annId, {
      category: 'gift',
      message: { key: 'billing.credit', params: {} },
      action: null,
    });
    const events = await server.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.userId, annId));
    expect(
      events.filter((e) => e.name === 'notification').map((e) => (e.payload as { data: { id: string } }).data.id),
    ).toEqual([row.id]);
  });

  it('stores a message as its kind and values (ADR 0073), sends them live, and keeps English beside them', async () => {
    await notify(server.ctx.db, annId, {
      category: 'file-request',
      message: { key: 'file_request.filled', params: { folder: 'Receipts', count: 3 } },
      action: { type: 'route', params: { route: 'Files', id: null } },
    });
    const listed = notificationsResponse.parse((await ann.get('/api/notifications')).json()).data[0]!.data.attributes;
    expect(listed).toMatchObject({
      message: { key: 'file_request.filled', params: { folder: 'Receipts', count: 3 } },
      // For clients that do not render, and the plural chosen by the count.
      title: 'Upload request “Receipts” is complete',
      description: '3 files arrived. The link no longer takes uploads.',
      action: { type: 'route', params: { route: 'Files', id: null, button: 'Show files' } },
    });
    const [event] = await server.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.userId, annId));
    expect((event!.payload as { data: { attributes: unknown } }).data.attributes).toMatchObject({
      message: { key: 'file_request.filled', params: { folder: 'Receipts', count: 3 } },
    });
    // One stored before keeps its text and has no message: the web shows the text.
    await seed(annId, 1, 'Before');
    const old = notificationsResponse
      .parse((await ann.get('/api/notifications')).json())
      .data.find((n) => n.data.attributes.title === 'Before 1')!.data.attributes;
    expect(old.message).toBeNull();
  });

  it('mail_notifications is a setting of the profile, on by default', async () => {
    expect((await me(ann)).relationships.settings.data.attributes.mail_notifications).toBe(true);
    for (const [value, expected] of [
      [false, false],
      ['true', true],
      ['0', false],
    ] as const) {
      const res = await ann.post('/api/user/settings', { name: 'mail_notifications', value, _method: 'patch' });
      expect(res.status, res.body).toBe(200);
      expect(userResource.parse(res.json()).data.relationships.settings.data.attributes.mail_notifications).toBe(
        expected,
      );
    }
    const bad = await ann.post('/api/user/settings', { name: 'mail_notifications', value: 'maybe' });
    expect(bad.status).toBe(422);
    expect((await me(bob)).relationships.settings.data.attributes.mail_notifications).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { outboxEvents } from './outbox.table.js';
import { publishEvent } from './publish.js';
import { sessionCookie, TestSocket } from './socket-client.test-helper.js';

describe('the websocket and the outbox', () => {
  let server: TestServer;
  let url: string;
  let admin: TestClient;
  let user: TestClient;
  let adminId: string;
  let userId: string;
  const sockets: TestSocket[] = [];
  const open = (options: ConstructorParameters<typeof TestSocket>[1] = {}) => {
    const socket = new TestSocket(url, options);
    sockets.push(socket);
    return socket;
  };
  const connectAs = async (client: TestClient, lastId?: string) => {
    const socket = open({ cookie: sessionCookie(client.cookies), lastId });
    await socket.connected();
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    admin = await installWithAdmin(server);
    user = await registerUser(server);
    adminId = await userIdOf(server, 'admin@example.com');
    userId = await userIdOf(server, 'user@example.com');
    // Dispatch as a running server does: on the database's notification, and every 2 s.
    server.ctx.jobs.start();
  }, 60_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server?.close());

  it('refuses a socket without a session, with the code the HTTP API uses', async () => {
    const error = await open()
      .connected()
      .then(
        () => null,
        (e: unknown) => e as Error & { data?: { code: string } },
      );
    expect(error?.message).toBe('You must sign in first.');
    expect(error?.data?.code).toBe('auth.unauthenticated');
  });

  it('closes an open socket at once when its session ends, and leaves the user’s other sessions open', async () => {
    const leaving = await registerUser(server, 'closing@example.com');
    const stayingOn = server.client();
    expect(
      (await stayingOn.post('/api/login', { email: 'closing@example.com', password: 'user-password-1' })).status,
    ).toBe(200);
    const ending = await connectAs(leaving);
    const staying = await connectAs(stayingOn);
    expect((await leaving.post('/api/logout')).status).toBeLessThan(300);
    // Far below the 30 s sweep: the deletion's notification closes it.
    await expect.poll(() => ending.socket.connected, { timeout: 5_000 }).toBe(false);
    expect(ending.received.some((e) => e.name === 'session.ended')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(staying.socket.connected).toBe(true);
  });

  it('refuses a socket whose session was signed out', async () => {
    const leaving = await registerUser(server, 'leaving@example.com');
    const cookie = sessionCookie(leaving.cookies);
    await connectAs(leaving); // accepted while signed in
    expect((await leaving.post('/api/logout')).status).toBeLessThan(300);
    const error = await open({ cookie })
      .connected()
      .then(
        () => null,
        (e: unknown) => e as Error & { data?: { code: string } },
      );
    expect(error?.data?.code).toBe('auth.unauthenticated');
  });

  it('refuses a handshake from another origin, and accepts the app’s own', async () => {
    const cookie = sessionCookie(user.cookies);
    await expect(
      open({ cookie, origin: 'https://evil.example', transports: ['polling'] }).connected(),
    ).rejects.toThrow();
    await expect(open({ cookie, origin: url, transports: ['polling'] }).connected()).resolves.toBeUndefined();
  });

  it('lets a socket listen to its own user’s room only', async () => {
    const socket = await connectAs(user);
    expect(await socket.subscribe(`private-user:${userId}`)).toEqual({ ok: true, channel: `user:${userId}` });
    const refused = await socket.subscribe(`user:${adminId}`);
    expect(refused.ok).toBe(false);
    expect(refused.error?.code).toBe('auth.forbidden');

    // The admin's events never reach the user's socket.
    await publishEvent(server.ctx.db, [adminId], 'websocket.test', { at: 'for the admin' });
    await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: 'for the user' });
    const [event] = await socket.waitFor(1);
    expect(event?.payload).toEqual({ at: 'for the user' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.received).toHaveLength(1);
  });

  it('answers /broadcasting/auth with the same rule: 200 for the own channel, 403 for another, 401 signed out', async () => {
    const own = await user.post('/broadcasting/auth', { channel_name: `private-user:${userId}` });
    expect(own.status).toBe(200);
    expect(own.json()).toEqual({ channel: `user:${userId}` });
    expect((await user.post('/broadcasting/auth', { channel_name: `user:${userId}` })).status).toBe(200);
    const other = await user.post('/broadcasting/auth', { channel_name: `private-user:${adminId}` });
    expect(other.status).toBe(403);
    expect(other.json().code).toBe('auth.forbidden');
    expect((await user.post('/broadcasting/auth', { channel_name: 'presence-everyone' })).status).toBe(403);
    expect((await server.client().post('/broadcasting/auth', { channel_name: `user:${userId}` })).status).toBe(401);
  });

  it('delivers a user’s events in the order they were written, each once, and marks them delivered', async () => {
    const socket = await connectAs(user);
    const second = await connectAs(user);
    for (let i = 0; i < 30; i++) {
      await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: String(i) });
    }
    for (const s of [socket, second]) {
      const events = await s.waitFor(30);
      expect(events.map((e) => (e.payload as { at: string }).at)).toEqual(
        Array.from({ length: 30 }, (_, i) => String(i)),
      );
      const ids = events.map((e) => BigInt(e.id));
      expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as bigint))).toBe(true);
    }
    await server.ctx.jobs.drain(['outbox-dispatch']);
    const pending = await server.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.userId, userId));
    expect(pending.every((row) => row.deliveredAt !== null)).toBe(true);
  });

  it('sends a reconnecting socket what it missed after the id it names, and not what it had', async () => {
    const first = await connectAs(user);
    await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: 'seen' });
    const [seen] = await first.waitFor(1);
    first.close();
    await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: 'missed 1' });
    await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: 'missed 2' });
    await server.ctx.jobs.drain(['outbox-dispatch']);
    const again = await connectAs(user, seen?.id);
    const events = await again.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.received.map((e) => e.payload)).toEqual([{ at: 'missed 1' }, { at: 'missed 2' }]);
    expect(events.every((e) => BigInt(e.id) > BigInt(seen?.id ?? '0'))).toBe(true);
  });

  it('sends a first connection what was written after the cursor its page read with GET /api/user', async () => {
    await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: 'before the page' });
    await server.ctx.jobs.drain(['outbox-dispatch']);
    const page = await user.get('/api/user');
    const cursor = page.json<{ data: { meta: { realtime_cursor: string } } }>().data.meta.realtime_cursor;
    expect(cursor).toMatch(/^\d+$/);
    // Written while the page was still loading its socket's client: nobody was listening.
    await publishEvent(server.ctx.db, [userId], 'websocket.test', { at: 'while loading' });
    await server.ctx.jobs.drain(['outbox-dispatch']);
    const socket = open({ cookie: sessionCookie(user.cookies), lastId: '0', after: cursor });
    await socket.connected();
    await socket.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.received.map((e) => e.payload)).toEqual([{ at: 'while loading' }]);
    // Without a cursor a first connection gets only what comes next, as before.
    const plain = await connectAs(user);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(plain.received).toHaveLength(0);
  });

  it('POST /api/admin/test-websockets sends websocket.test to the calling admin only', async () => {
    const adminSocket = await connectAs(admin);
    const userSocket = await connectAs(user);
    expect((await admin.post('/api/admin/test-websockets')).status).toBe(204);
    const [event] = await adminSocket.waitFor(1, 'websocket.test');
    expect(typeof (event?.payload as { at: string }).at).toBe('string');
    expect((await user.post('/api/admin/test-websockets')).status).toBe(403);
    expect((await server.client().post('/api/admin/test-websockets')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(userSocket.received).toHaveLength(0);
  });

  it('tells an open Files screen its folder changed: items.changed on a new folder, to the owner', async () => {
    const socket = await connectAs(user);
    const res = await user.post('/api/create-folder', { name: 'Live' });
    expect(res.status).toBe(201);
    const [event] = await socket.waitFor(1, 'items.changed');
    expect(event?.payload).toEqual({ folders: [null] });
  });
});

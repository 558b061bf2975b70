import { storageResponse } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { items } from '../../../test/tables.js';
import { writeSettings } from '../settings/index.js';
import { users } from '../users/index.js';

describe('storage breakdown', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    const otherId = await userIdOf(server, 'admin@example.com');
    const bytes = (n: number) => Buffer.alloc(n, 1);
    await seedFile(server, ownerId, { name: 'a.jpg', content: bytes(300_000), mimetype: 'image/jpeg' });
    await seedFile(server, ownerId, { name: 'b.png', content: bytes(200_000), mimetype: 'image/png' });
    await seedFile(server, ownerId, { name: 'report.pdf', content: bytes(100_000), mimetype: 'application/pdf' });
    await seedFile(server, ownerId, { name: 'data.bin', content: bytes(50_000) });
    const binned = await seedFile(server, ownerId, {
      name: 'old.txt',
      content: bytes(250_000),
      mimetype: 'text/plain',
    });
    await server.ctx.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, binned.id));
    await seedFile(server, otherId, { name: 'not-mine.jpg', content: bytes(999_000), mimetype: 'image/jpeg' });
  });
  afterAll(() => server.close());

  it('splits used space by kind, trashed files included and shown apart, against the capacity', async () => {
    await writeSettings(server.ctx.db, { storage_limitation: true });
    await server.ctx.db.update(users).set({ storageCapacity: 10_000_000 }).where(eq(users.id, ownerId));
    const res = await owner.get('/api/user/storage');
    expect(res.status).toBe(200);
    const { data } = storageResponse.parse(res.json());
    expect(data.attributes).toEqual({
      used: 900_000,
      used_formatted: '900 kB',
      capacity: 10_000_000,
      capacity_formatted: '10 MB',
      percentage: 9,
    });
    expect(data.meta.images).toEqual({ used: 500_000, used_formatted: '500 kB', percentage: 5 });
    expect(data.meta.documents).toEqual({ used: 350_000, used_formatted: '350 kB', percentage: 3.5 });
    expect(data.meta.others).toEqual({ used: 50_000, used_formatted: '50 kB', percentage: 0.5 });
    expect(data.meta.videos).toEqual({ used: 0, used_formatted: '0 B', percentage: 0 });
    expect(data.meta.audios.used).toBe(0);
    expect(data.meta.trash).toEqual({ used: 250_000, used_formatted: '250 kB', percentage: 2.5 });
  });

  it('shows shares of the used space when storage is unlimited', async () => {
    await writeSettings(server.ctx.db, { storage_limitation: false });
    const { data } = storageResponse.parse((await owner.get('/api/user/storage')).json());
    expect(data.attributes.capacity).toBeNull();
    expect(data.attributes.percentage).toBeNull();
    expect(data.meta.images.percentage).toBe(55.56);
    expect(data.meta.trash.percentage).toBe(27.78);
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/user/storage')).status).toBe(401);
  });
});

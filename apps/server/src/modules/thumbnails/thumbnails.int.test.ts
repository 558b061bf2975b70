import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileResource } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { presentItem, type ItemRow } from '../files/index.js';
import { items } from '../../../test/tables.js';
import { THUMBNAILS_JOB, thumbnailKeys } from './index.js';

describe('thumbnails', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
  });
  afterAll(() => server.close());

  /** What an upload does: the file row with a pending thumbnail, then a trigger after commit. */
  async function uploadImage(name: string, content: Buffer, mimetype: string): Promise<ItemRow> {
    const file = await seedFile(server, ownerId, { name, content, mimetype });
    await server.ctx.db.update(items).set({ thumbnailStatus: 'pending' }).where(eq(items.id, file.id));
    server.ctx.jobs.trigger(THUMBNAILS_JOB);
    return file;
  }
  const rowOf = async (id: string) => (await server.ctx.db.select().from(items).where(eq(items.id, id)))[0]!;
  const get = (client: TestClient, url: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
    });

  it('makes three WebP sizes of a PNG in the background and serves them with caching headers', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: '#3366ff80' } })
      .png()
      .toBuffer();
    const file = await uploadImage('wide.png', png, 'image/png');
    expect((await get(owner, `/api/files/${file.id}/thumbnail/sm`)).statusCode).toBe(404);

    await server.ctx.jobs.drain([THUMBNAILS_JOB]);
    const row = await rowOf(file.id);
    expect(row.thumbnailStatus).toBe('ready');
    expect([row.width, row.height]).toEqual([2000, 1000]);

    const expected = { sm: [160, 80], md: [480, 240], lg: [1600, 800] } as const;
    for (const [size, [width, height]] of Object.entries(expected)) {
      const res = await get(owner, `/api/files/${file.id}/thumbnail/${size}`);
      expect(res.statusCode, size).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], size).toEqual(['webp', width, height]);
      expect(meta.hasAlpha).toBe(true);
      const again = await get(owner, `/api/files/${file.id}/thumbnail/${size}`, {
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }

    const listed = await owner.get(`/api/files/${file.id}/download`);
    expect(listed.status).toBe(200);
  });

  it('stores the three sizes of an image at once, not one round trip after another', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aa22' } })
      .png()
      .toBuffer();
    const storage = server.ctx.storage;
    const original = Object.getOwnPropertyDescriptor(storage, 'put')?.value as typeof storage.put;
    const put = original.bind(storage);
    let running = 0;
    let most = 0;
    storage.put = async (...args) => {
      running++;
      most = Math.max(most, running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30)); // a store with a round trip, like S3
        return await put(...args);
      } finally {
        running--;
      }
    };
    try {
      const file = await uploadImage('at-once.png', png, 'image/png');
      most = 0;
      await server.ctx.jobs.drain([THUMBNAILS_JOB]);
      expect((await rowOf(file.id)).thumbnailStatus).toBe('ready');
      expect(most).toBe(3);
    } finally {
      storage.put = original;
    }
  });

  it('stores the thumbnails of one image while it fetches and decodes the next, one image at a time', async () => {
    const storage = server.ctx.storage;
    const originalGet = Object.getOwnPropertyDescriptor(storage, 'get')?.value as typeof storage.get;
    const originalPut = Object.getOwnPropertyDescriptor(storage, 'put')?.value as typeof storage.put;
    const get = originalGet.bind(storage);
    const put = originalPut.bind(storage);
    let storing = 0;
    let fetchedWhileStoring = false;
    let reading = 0;
    let mostReading = 0;
    storage.put = async (...args) => {
      storing++;
      try {
        await sleep(100); // a store with a round trip, like S3
        return await put(...args);
      } finally {
        storing--;
      }
    };
    storage.get = async (...args) => {
      if (storing > 0) fetchedWhileStoring = true;
      const blob = await get(...args);
      const bytes = await buffer(blob.body);
      // The body arrives in two pieces, 15 ms apart: whoever reads it is seen doing so for that long.
      async function* slowly() {
        reading++;
        mostReading = Math.max(mostReading, reading);
        try {
          yield bytes.subarray(0, bytes.length >> 1);
          await sleep(15);
          yield bytes.subarray(bytes.length >> 1);
        } finally {
          reading--;
        }
      }
      return { ...blob, body: Readable.from(slowly()) };
    };
    try {
      const ids: string[] = [];
      for (const [i, background] of ['#aa2222', '#22aa22', '#2222aa', '#aaaa22'].entries()) {
        const png = await sharp({ create: { width: 300 + i, height: 200, channels: 3, background } })
          .png()
          .toBuffer();
        // Pending without a trigger, so that one run of the job finds all four.
        const file = await seedFile(server, ownerId, { name: `batch-${i}.png`, content: png, mimetype: 'image/png' });
        await server.ctx.db.update(items).set({ thumbnailStatus: 'pending' }).where(eq(items.id, file.id));
        ids.push(file.id);
      }
      await server.ctx.jobs.drain([THUMBNAILS_JOB]);
      for (const id of ids) expect((await rowOf(id)).thumbnailStatus).toBe('ready');
      expect(fetchedWhileStoring).toBe(true);
      expect(mostReading).toBe(1);
    } finally {
      storage.get = originalGet;
      storage.put = originalPut;
    }
  });

  it('picks up an image uploaded through the API, and the file resource then hands out its thumbnail URLs', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#00bc7e' } })
      .jpeg()
      .toBuffer();
    const res = await uploadFile(server, owner, { name: 'holiday.jpg', content: jpeg });
    expect(res.status).toBe(201);
    const id = res.json().data.id as string;
    expect(res.json().data.attributes.thumbnail).toBeNull();
    await server.ctx.jobs.drain([THUMBNAILS_JOB]);
    const listed = fileResource.parse(await presentItem(server.ctx, await rowOf(id), { viewerId: ownerId }));
    expect(listed.data.attributes).toMatchObject({
      width: 640,
      height: 480,
      thumbnail: {
        sm: `/api/files/${id}/thumbnail/sm`,
        md: `/api/files/${id}/thumbnail/md`,
        lg: `/api/files/${id}/thumbnail/lg`,
      },
    });
    const md = await get(owner, listed.data.attributes.thumbnail!.md);
    expect((await sharp(md.rawPayload).metadata()).width).toBe(480);
  });

  it('applies EXIF orientation: a sideways JPEG is stored upright and never enlarged', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const file = await uploadImage('phone.jpg', jpeg, 'image/jpeg');
    await server.ctx.jobs.drain([THUMBNAILS_JOB]);
    const row = await rowOf(file.id);
    expect(row.thumbnailStatus).toBe('ready');
    expect([row.width, row.height]).toEqual([200, 300]);

    const lg = await sharp((await get(owner, `/api/files/${file.id}/thumbnail/lg`)).rawPayload).metadata();
    expect([lg.width, lg.height]).toEqual([200, 300]);
    const sm = await sharp((await get(owner, `/api/files/${file.id}/thumbnail/sm`)).rawPayload).metadata();
    expect(sm.height).toBe(160);
    expect(sm.width).toBeGreaterThanOrEqual(106);
    expect(sm.width).toBeLessThanOrEqual(107);
  });

  it('gives up on a corrupt image after three spaced attempts, and the file stays downloadable', async () => {
    const file = await uploadImage('broken.jpg', Buffer.from('this is not a JPEG at all'), 'image/jpeg');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await server.ctx.jobs.drain([THUMBNAILS_JOB]);
      const row = await rowOf(file.id);
      expect(row.thumbnailAttempts).toBe(attempt);
      if (attempt < 3) {
        expect(row.thumbnailStatus).toBe('pending');
        // Backoff: the image is not claimable again straight away...
        await server.ctx.jobs.drain([THUMBNAILS_JOB]);
        expect((await rowOf(file.id)).thumbnailAttempts).toBe(attempt);
        // ...so let the backoff pass.
        await server.ctx.db.update(items).set({ thumbnailClaimedAt: null }).where(eq(items.id, file.id));
      } else {
        expect(row.thumbnailStatus).toBe('failed');
        expect(row.thumbnailClaimedAt).toBeNull();
      }
    }
    expect((await get(owner, `/api/files/${file.id}/thumbnail/md`)).statusCode).toBe(404);
    const download = await get(owner, `/api/files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('this is not a JPEG at all');
    for (const key of thumbnailKeys(file.id)) expect(await server.ctx.storage.head(key)).toBeNull();
  });

  it('fails at once what it must not decode: SVG and images over 200 MB', async () => {
    const svg = await uploadImage(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const huge = await uploadImage('huge.png', Buffer.from('pretend'), 'image/png');
    await server.ctx.db
      .update(items)
      .set({ size: 201 * 1024 * 1024 })
      .where(eq(items.id, huge.id));
    await server.ctx.jobs.drain([THUMBNAILS_JOB]);
    for (const id of [svg.id, huge.id]) {
      const row = await rowOf(id);
      expect(row.thumbnailStatus).toBe('failed');
      expect(row.thumbnailAttempts).toBe(0);
    }
  });

  it("answers 404 for another user's thumbnail and for unknown sizes", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const file = await uploadImage('tiny.png', png, 'image/png');
    await server.ctx.jobs.drain([THUMBNAILS_JOB]);
    expect((await get(owner, `/api/files/${file.id}/thumbnail/sm`)).statusCode).toBe(200);
    expect((await get(other, `/api/files/${file.id}/thumbnail/sm`)).statusCode).toBe(404);
    expect((await get(owner, `/api/files/${file.id}/thumbnail/xl`)).statusCode).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: `/api/files/${file.id}/thumbnail/sm` })).statusCode).toBe(
      401,
    );
  });
});

import {
  browseResponse,
  fileResource,
  navigationResponse,
  publicShareResponse,
  shareResource,
} from '@filestore/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
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
import { type ItemRow } from '../files/index.js';
import { items } from '../../../test/tables.js';
import { THUMBNAILS_JOB } from '../thumbnails/index.js';
import { shares, shareTombstones } from './shares.table.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('share links: what a visitor reaches', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let otherId: string;
  /** The owner's tree: Parent/Shared/{a.txt, pic.png, Sub/b.txt}, and Outside/outside.txt beside it. */
  let parent: ItemRow;
  let shared: ItemRow;
  let sub: ItemRow;
  let fileA: ItemRow;
  let fileB: ItemRow;
  let picture: ItemRow;
  let outside: ItemRow;
  let outsideFile: ItemRow;
  let theirs: ItemRow;
  let theirFile: ItemRow;
  let token: string;

  const share = async (item: ItemRow, body: Record<string, unknown> = {}) => {
    const res = await owner.post('/api/share', { id: item.id, type: item.type, ...body });
    expect(res.status, res.body).toBe(201);
    return shareResource.parse(res.json()).data.attributes.token;
  };

  /** Every visitor read of a share, with ids that the share reaches unless told otherwise. */
  const reads = (t: string, ids: { folder: string; file: string } = { folder: sub.id, file: fileA.id }) => [
    `/api/sharing/folders/${ids.folder}/${t}`,
    `/api/sharing/navigation/${t}`,
    `/api/sharing/zip/${t}?items=${ids.file}|file`,
    `/api/sharing/download/${ids.file}/${t}`,
    `/api/sharing/thumbnail/${ids.file}/sm/${t}`,
  ];
  /** Every write of an editor link. */
  const writes = (client: TestClient, t: string): Promise<TestResponse>[] => [
    postMultipart(
      server,
      client,
      `/api/sharing/upload/chunks/${t}`,
      { name: 'x.txt', is_last_chunk: 1 },
      {
        content: Buffer.from('x'),
      },
    ),
    client.request('DELETE', `/api/sharing/upload/chunks/${UNKNOWN_ID}/${t}`),
    client.post(`/api/sharing/create-folder/${t}`, { name: 'New' }),
    client.request('PATCH', `/api/sharing/rename/${fileA.id}/${t}`, { name: 'renamed.txt' }),
    client.post(`/api/sharing/move/${t}`, { to_id: sub.id, items: [{ id: fileA.id, type: 'file' }] }),
    client.post(`/api/sharing/remove/${t}`, { items: [{ id: fileA.id, type: 'file' }] }),
  ];
  const expectAll = async (responses: Promise<TestResponse>[], status: number, code: string) => {
    for (const res of await Promise.all(responses)) {
      expect(res.status, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    }
  };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    otherId = await userIdOf(server, 'other@example.com');
    parent = await seedFolder(server, ownerId, { name: 'Parent' });
    shared = await seedFolder(server, ownerId, { name: 'Shared', parentId: parent.id });
    sub = await seedFolder(server, ownerId, { name: 'Sub', parentId: shared.id });
    fileA = await seedFile(server, ownerId, {
      name: 'a.txt',
      parentId: shared.id,
      content: 'alpha bytes',
      mimetype: 'text/plain',
    });
    fileB = await seedFile(server, ownerId, { name: 'b.txt', parentId: sub.id, content: 'beta' });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00bc7e' } })
      .png()
      .toBuffer();
    picture = await seedFile(server, ownerId, {
      name: 'pic.png',
      parentId: shared.id,
      content: png,
      mimetype: 'image/png',
    });
    await server.ctx.db.update(items).set({ thumbnailStatus: 'pending' }).where(eq(items.id, picture.id));
    server.ctx.jobs.trigger(THUMBNAILS_JOB);
    await server.ctx.jobs.drain([THUMBNAILS_JOB]);
    outside = await seedFolder(server, ownerId, { name: 'Outside' });
    outsideFile = await seedFile(server, ownerId, { name: 'outside.txt', parentId: outside.id });
    theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    theirFile = await seedFile(server, otherId, { name: 'their.txt', parentId: theirs.id });
    token = await share(shared);
  });
  afterAll(() => server.close());

  it('describes the share to anyone: owner, permission, and the item without the folder above it', async () => {
    const res = await server.client().get(`/api/sharing/${token}`);
    expect(res.status).toBe(200);
    const { data } = publicShareResponse.parse(res.json());
    expect(data).toMatchObject({ token, type: 'folder', permission: 'visitor', protected: false, unlocked: true });
    expect(data.owner).toEqual({ name: 'Uma User', color: expect.stringMatching(/^#/) });
    expect(data.item?.data).toMatchObject({ id: shared.id, attributes: { name: 'Shared', parent_id: null } });
    expect(data.item?.data.relationships.parent).toBeNull();
    expect(res.body).not.toContain(parent.id);
  });

  it('lists the shared folder and its folders, with breadcrumbs that start at the shared folder', async () => {
    const visitor = server.client();
    const top = browseResponse.parse((await visitor.get(`/api/sharing/folders/all/${token}`)).json());
    expect(top.data.map((r) => r.data.attributes.name)).toEqual(['Sub', 'pic.png', 'a.txt']);
    expect(top.meta.path).toEqual([{ id: shared.id, name: 'Shared' }]);
    expect(top.meta.root?.data.attributes.parent_id).toBeNull();
    expect(top.meta.root?.data.relationships.parent).toBeNull();
    const a = top.data.find((r) => r.data.id === fileA.id)!.data;
    expect(a.type === 'file' && a.attributes.file_url).toBe(`/api/sharing/download/${fileA.id}/${token}`);
    expect(a.type === 'file' && a.attributes.thumbnail).toBeNull();
    const pic = top.data.find((r) => r.data.id === picture.id)!.data;
    expect(pic.type === 'file' && pic.attributes.thumbnail?.sm).toBe(
      `/api/sharing/thumbnail/${picture.id}/sm/${token}`,
    );

    const inner = await visitor.get(`/api/sharing/folders/${sub.id}/${token}?sort=name&direction=asc`);
    const page = browseResponse.parse(inner.json());
    expect(page.data.map((r) => r.data.attributes.name)).toEqual(['b.txt']);
    expect(page.meta.path).toEqual([
      { id: shared.id, name: 'Shared' },
      { id: sub.id, name: 'Sub' },
    ]);
    expect(inner.body).not.toContain(parent.id);
    expect(inner.body).not.toContain('Parent');
  });

  it('gives the folder tree below the shared folder only', async () => {
    const res = await server.client().get(`/api/sharing/navigation/${token}`);
    const nav = navigationResponse.parse(res.json());
    expect(nav.data).toEqual([
      {
        location: 'public',
        name: 'Shared',
        isMovable: false,
        isOpen: true,
        folders: [{ id: sub.id, name: 'Sub', color: null, emoji: null, parent_id: shared.id, folders: [] }],
      },
    ]);
    expect(res.body).not.toContain('Outside');
    expect(res.body).not.toContain(parent.id);
  });

  it('downloads files with ranges and previews, zips, and thumbnails inside the share', async () => {
    const visitor = server.client();
    const whole = await visitor.get(`/api/sharing/download/${fileA.id}/${token}`);
    expect(whole.status).toBe(200);
    expect(whole.body).toBe('alpha bytes');
    expect(whole.headers['content-disposition']).toContain('attachment');
    const part = await visitor.request('GET', `/api/sharing/download/${fileA.id}/${token}`, undefined, {
      range: 'bytes=0-4',
    });
    expect(part.status).toBe(206);
    expect(part.body).toBe('alpha');
    const head = await visitor.request('HEAD', `/api/sharing/download/${fileB.id}/${token}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('4');
    const inline = await visitor.get(`/api/sharing/download/${fileA.id}/${token}?inline=1`);
    expect(inline.headers['content-disposition']).toContain('inline');

    const zip = await visitor.get(`/api/sharing/zip/${token}?items=${sub.id}|folder,${fileA.id}|file`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.body).toContain('b.txt');

    const thumb = await visitor.get(`/api/sharing/thumbnail/${picture.id}/md/${token}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it("answers 404 to ids outside the share, the folder above it, other users' and unknown ids", async () => {
    const visitor = server.client();
    for (const ids of [
      { folder: outside.id, file: outsideFile.id },
      { folder: parent.id, file: outsideFile.id },
      { folder: theirs.id, file: theirFile.id },
      { folder: UNKNOWN_ID, file: UNKNOWN_ID },
    ]) {
      for (const url of reads(token, ids)) {
        if (url.includes('/navigation/')) continue;
        const res = await visitor.get(url);
        expect(res.status, url).toBe(404);
        expect(res.body).not.toContain('outside.txt');
      }
    }
    // A folder where a file is expected, and a file where a folder is.
    expect((await visitor.get(`/api/sharing/download/${sub.id}/${token}`)).status).toBe(404);
    expect((await visitor.get(`/api/sharing/folders/${fileA.id}/${token}`)).status).toBe(404);
    expect((await visitor.get(`/api/sharing/file/${token}`)).status).toBe(404);
    // Mixing one inside and one outside item refuses the whole zip.
    const mixed = await visitor.get(`/api/sharing/zip/${token}?items=${fileA.id}|file,${outsideFile.id}|file`);
    expect(mixed.status).toBe(404);
  });

  it('shares a single file: its resource, its bytes, and nothing else of the owner', async () => {
    const fileToken = await share(fileB);
    const visitor = server.client();
    const detail = await visitor.get(`/api/sharing/file/${fileToken}`);
    expect(detail.status).toBe(200);
    const file = fileResource.parse(detail.json()).data;
    expect(file.attributes).toMatchObject({ name: 'b.txt', parent_id: null });
    expect(file.relationships.parent).toBeNull();
    expect(file.attributes.file_url).toBe(`/api/sharing/download/${fileB.id}/${fileToken}`);
    expect((await visitor.get(file.attributes.file_url)).body).toBe('beta');
    const pub = publicShareResponse.parse((await visitor.get(`/api/sharing/${fileToken}`)).json());
    expect(pub.data.item?.data.id).toBe(fileB.id);
    expect((await visitor.get(`/api/sharing/folders/all/${fileToken}`)).status).toBe(404);
    expect((await visitor.get(`/api/sharing/navigation/${fileToken}`)).status).toBe(404);
    expect((await visitor.get(`/api/sharing/download/${fileA.id}/${fileToken}`)).status).toBe(404);
    expect((await visitor.get(`/api/sharing/zip/${fileToken}?items=${fileB.id}|file`)).status).toBe(200);
  });

  it('keeps a protected share locked until its password is given, then opens that share only', async () => {
    const locked = await share(sub, { isPassword: true, password: 'right password' });
    const another = await share(outside, { isPassword: true, password: 'right password' });
    const visitor = server.client('10.2.0.1');
    const before = publicShareResponse.parse((await visitor.get(`/api/sharing/${locked}`)).json()).data;
    expect(before).toMatchObject({ protected: true, unlocked: false, item: null });
    await expectAll(
      [`/api/sharing/file/${locked}`, ...reads(locked, { folder: sub.id, file: fileB.id })].map((u) => visitor.get(u)),
      403,
      'share.locked',
    );

    const ok = await visitor.post(`/api/sharing/authenticate/${locked}`, { password: 'right password' });
    expect(ok.status).toBe(200);
    expect(publicShareResponse.parse(ok.json()).data).toMatchObject({ unlocked: true, item: { data: { id: sub.id } } });
    const rowId = (await server.ctx.db.select().from(shares).where(eq(shares.token, locked)))[0]!.id;
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toContain(`fs_share_${rowId}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain('Path=/api/sharing');
    expect((await visitor.get(`/api/sharing/folders/all/${locked}`)).status).toBe(200);
    expect((await visitor.get(`/api/sharing/download/${fileB.id}/${locked}`)).body).toBe('beta');

    // The same browser is still locked out of another protected share, with the cookie as it is or renamed.
    expect((await visitor.get(`/api/sharing/folders/all/${another}`)).status).toBe(403);
    const anotherId = (await server.ctx.db.select().from(shares).where(eq(shares.token, another)))[0]!.id;
    const forged = server.client('10.2.0.2');
    forged.cookies.set(`fs_share_${anotherId}`, visitor.cookies.get(`fs_share_${rowId}`)!);
    const res = await forged.get(`/api/sharing/folders/all/${another}`);
    expect(res.status).toBe(403);
    expect(res.json().code).toBe('share.locked');
    // A browser that never unlocked stays locked out.
    expect((await server.client('10.2.0.3').get(`/api/sharing/folders/all/${locked}`)).status).toBe(403);
  });

  it('keeps the writes of a protected editor link locked too, until the password is given', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Locked drop', parentId: outside.id });
    const locked = await share(folder, { permission: 'editor', isPassword: true, password: 'drop it' });
    const editor = server.client('10.2.1.1');
    const before = JSON.stringify(await server.ctx.db.select().from(items).where(eq(items.ownerId, ownerId)));
    await expectAll(writes(editor, locked), 403, 'share.locked');
    expect(JSON.stringify(await server.ctx.db.select().from(items).where(eq(items.ownerId, ownerId)))).toBe(before);
    expect((await editor.post(`/api/sharing/authenticate/${locked}`, { password: 'drop it' })).status).toBe(200);
    expect((await editor.post(`/api/sharing/create-folder/${locked}`, { name: 'Now open' })).status).toBe(201);
  });

  it('refuses wrong passwords with 401, and after 5 in a minute from one address, any with 429', async () => {
    const locked = await share(fileA, { isPassword: true, password: 'correct horse' });
    const guesser = server.client('10.3.0.1');
    for (let i = 0; i < 5; i++) {
      const res = await guesser.post(`/api/sharing/authenticate/${locked}`, { password: `guess ${i}` });
      expect(res.status).toBe(401);
      expect(res.json().code).toBe('share.wrong_password');
    }
    const limited = await guesser.post(`/api/sharing/authenticate/${locked}`, { password: 'correct horse' });
    expect(limited.status).toBe(429);
    expect(limited.json().code).toBe('auth.too_many_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guesser.get(`/api/sharing/file/${locked}`)).status).toBe(403);
    // Another address is not held back by the guesser.
    const friend = server.client('10.3.0.2');
    expect((await friend.post(`/api/sharing/authenticate/${locked}`, { password: 'correct horse' })).status).toBe(200);
    expect((await friend.get(`/api/sharing/file/${locked}`)).status).toBe(200);
  });

  it('answers 410 share.expired once the link expired, 410 share.revoked once removed or its item deleted, and 404 to unknown and trashed shares', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Dated', parentId: outside.id });
    const expiring = await share(folder, { permission: 'editor', expiration: 1 });
    const visitor = server.client('10.4.0.1');
    expect((await visitor.get(`/api/sharing/folders/all/${expiring}`)).status).toBe(200);
    await server.ctx.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.token, expiring));
    const all = (t: string) => [
      visitor.get(`/api/sharing/${t}`),
      visitor.post(`/api/sharing/authenticate/${t}`, { password: 'whatever' }),
      visitor.get(`/api/sharing/file/${t}`),
      ...reads(t).map((u) => visitor.get(u)),
      ...writes(visitor, t),
    ];
    await expectAll(all(expiring), 410, 'share.expired');

    await expectAll(all('no-such-token-no-such-token-0000'), 404, 'not_found');

    const revoked = await share(await seedFolder(server, ownerId, { name: 'Revoked', parentId: outside.id }), {
      permission: 'editor',
    });
    await owner.post('/api/share/revoke', { tokens: [revoked] });
    await expectAll(all(revoked), 410, 'share.revoked');
    // The answer says what happened and nothing more: no owner, no item.
    const gone = (await visitor.get(`/api/sharing/${revoked}`)).json();
    expect(Object.keys(gone.details ?? {})).toEqual([]);
    expect(JSON.stringify(gone)).not.toMatch(/Revoked|owner|@example/);
    // Only the token's hash is remembered.
    const [tombstone] = await server.ctx.db.select().from(shareTombstones);
    expect(Object.keys(tombstone!).sort()).toEqual(['goneAt', 'reason', 'tokenHash']);
    expect(tombstone!.tokenHash).not.toContain(revoked);

    const binned = await seedFolder(server, ownerId, { name: 'Binned', parentId: outside.id });
    const trashedToken = await share(binned, { permission: 'editor' });
    await owner.post('/api/remove', { items: [{ id: binned.id, type: 'folder' }] });
    await expectAll(all(trashedToken), 404, 'not_found');
    // Emptied from the trash, the item is gone for good, and its link says it was removed.
    const dumped = await owner.post('/api/trash/dump', { _method: 'delete' });
    expect(dumped.status, dumped.body).toBe(200);
    await expectAll(all(trashedToken), 410, 'share.revoked');
  });

  it('needs no session, and a signed-in stranger gets no more than anyone', async () => {
    const stranger = await registerUser(server, 'stranger@example.com', 'user-password-1', '10.5.0.1');
    const res = await stranger.get(`/api/sharing/folders/${outside.id}/${token}`);
    expect(res.status).toBe(404);
    expect((await stranger.get(`/api/sharing/folders/all/${token}`)).status).toBe(200);
  });
});

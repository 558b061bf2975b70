import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { BLOB_DELETIONS_JOB } from '../storage/index.js';
import { avatarBlobKeys, findUserById } from '../users/index.js';

const SIZES = { xs: 42, sm: 60, md: 160 } as const;

/** A wide picture with EXIF that must not survive (a copyright line and a camera). */
async function photo(format: 'png' | 'jpeg', width = 300, height = 200): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).withExif({
    IFD0: { Copyright: 'secret-exif-owner', Make: 'SpyCam' },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function getBytes(server: TestServer, client: TestClient, url: string) {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe('the avatar (issue 15)', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  const upload = (client: TestClient, content: Buffer, filename = 'me.png', contentType = 'image/png') =>
    postMultipart(server, client, '/api/user/avatar', {}, { field: 'avatar', filename, content, contentType });
  const avatarKey = async () => (await findUserById(server.ctx.db, userId))!.avatarKey;
  const blobsOf = async (setId: string) =>
    Promise.all(avatarBlobKeys(userId, setId).map(async (key) => (await server.ctx.storage.head(key)) !== null));
  /** Every blob under the user's avatar folder, by looking at each set id we ever saw. */
  const seenSets = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server);
    userId = await userIdOf(server, 'user@example.com');
  });
  afterAll(() => server.close());

  it('refuses a file that is not an image whatever its name and type, and stores nothing', async () => {
    const res = await upload(user, Buffer.from('just some text, honestly\n'.repeat(40)), 'evil.png', 'image/png');
    expect(res.status).toBe(422);
    expect(res.json().code).toBe('avatar.not_an_image');
    expect(await avatarKey()).toBeNull();
    expect((await user.get('/api/user')).json().data.attributes.avatar).toBeNull();
  });

  it('refuses an image in a format other than JPEG, PNG or WebP', async () => {
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const res = await upload(user, gif, 'a.png', 'image/png');
    expect(res.status).toBe(422);
    expect(res.json().code).toBe('avatar.not_an_image');
    expect(await avatarKey()).toBeNull();
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    // Just over: the body's length passes the early check, the parser's limit stops the file.
    // Far over: refused by Content-Length before anything is parsed.
    for (const extra of [5 * MiB, 8 * MiB]) {
      const res = await upload(user, Buffer.concat([await photo('png'), Buffer.alloc(extra)]));
      expect(res.status).toBe(413);
      expect(res.json().code).toBe('avatar.too_large');
      expect(await avatarKey()).toBeNull();
    }
  });

  it('refuses a request without the avatar field', async () => {
    const res = await postMultipart(
      server,
      user,
      '/api/user/avatar',
      {},
      { field: 'other', content: await photo('png') },
    );
    expect(res.status).toBe(422);
    expect(await avatarKey()).toBeNull();
  });

  it('refuses an upload from someone signed out', async () => {
    const stranger = server.client();
    const res = await postMultipart(
      server,
      stranger,
      '/api/user/avatar',
      {},
      { field: 'avatar', content: await photo('png') },
    );
    expect([401, 419]).toContain(res.status);
    expect(await avatarKey()).toBeNull();
  });

  for (const format of ['png', 'jpeg'] as const) {
    it(`stores a ${format.toUpperCase()} as three square WebP crops without its metadata`, async () => {
      const previous = await avatarKey();
      const original = await photo(format);
      // The test means something only if the original carries the metadata.
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await upload(user, original, `me.${format}`, `image/${format}`);
      expect(res.status).toBe(200);
      const setId = await avatarKey();
      expect(setId).toMatch(/^[0-9a-f-]{36}$/);
      expect(setId).not.toBe(previous);
      seenSets.add(setId!);
      const urls = res.json().data.attributes.avatar;
      expect(urls).toEqual({
        xs: `/api/avatars/${userId}/${setId}/xs`,
        sm: `/api/avatars/${userId}/${setId}/sm`,
        md: `/api/avatars/${userId}/${setId}/md`,
      });
      expect((await user.get('/api/user')).json().data.attributes.avatar).toEqual(urls);
      for (const size of ['xs', 'sm', 'md'] as const) {
        const got = await getBytes(server, user, urls[size]);
        expect(got.status).toBe(200);
        expect(got.headers['content-type']).toBe('image/webp');
        expect(got.headers['cache-control']).toContain('immutable');
        expect(got.headers['x-content-type-options']).toBe('nosniff');
        expect(got.headers['content-security-policy']).toContain('sandbox');
        const meta = await sharp(got.bytes).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([SIZES[size], SIZES[size]]);
        expect(meta.exif).toBeUndefined();
        expect(got.bytes.includes('secret-exif-owner')).toBe(false);
        expect(got.bytes.includes('SpyCam')).toBe(false);
      }
    });
  }

  it('deletes the old set once a new one is in place; its URLs stop answering at once', async () => {
    const oldSet = (await avatarKey())!;
    const oldUrl = (await user.get('/api/user')).json().data.attributes.avatar.md as string;
    expect(await blobsOf(oldSet)).toEqual([true, true, true]);
    const res = await upload(user, await photo('png', 100, 400));
    expect(res.status).toBe(200);
    const newSet = (await avatarKey())!;
    expect(newSet).not.toBe(oldSet);
    expect((await getBytes(server, user, oldUrl)).status).toBe(404);
    await server.ctx.jobs.drain([BLOB_DELETIONS_JOB]);
    expect(await blobsOf(oldSet)).toEqual([false, false, false]);
    expect(await blobsOf(newSet)).toEqual([true, true, true]);
    // The earlier sets of this suite are gone too: nothing is left behind.
    for (const set of seenSets) if (set !== newSet) expect(await blobsOf(set)).toEqual([false, false, false]);
  });

  it('lets another signed-in user load the image, and nobody signed out', async () => {
    const url = (await user.get('/api/user')).json().data.attributes.avatar.sm as string;
    const other = await getBytes(server, admin, url);
    expect(other.status).toBe(200);
    expect((await sharp(other.bytes).metadata()).width).toBe(60);
    expect((await getBytes(server, server.client(), url)).status).toBe(401);
    // A made-up set id of a real user is unknown.
    expect((await getBytes(server, admin, `/api/avatars/${userId}/${crypto.randomUUID()}/sm`)).status).toBe(404);
  });

  it('shows the avatar wherever the person appears beside team items', async () => {
    const urls = (await user.get('/api/user')).json().data.attributes.avatar;
    const made = await user.post('/api/teams/folders', { name: 'Crew', invitations: [] });
    expect(made.status).toBe(201);
    const page = (await user.get('/api/teams/folders/all')).json();
    const team = page.data.find((r: any) => r.data.attributes.name === 'Crew').data; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(team.relationships.members.data[0]).toMatchObject({ id: userId, avatar: urls });
  });

  it('removes the avatar: null in the resource, blobs deleted, the URL gone', async () => {
    const setId = (await avatarKey())!;
    const url = (await user.get('/api/user')).json().data.attributes.avatar.md as string;
    const res = await user.request('DELETE', '/api/user/avatar');
    expect(res.status).toBe(200);
    expect(res.json().data.attributes.avatar).toBeNull();
    expect(await avatarKey()).toBeNull();
    expect((await getBytes(server, admin, url)).status).toBe(404);
    await server.ctx.jobs.drain([BLOB_DELETIONS_JOB]);
    expect(await blobsOf(setId)).toEqual([false, false, false]);
    // Removing again changes nothing and still answers.
    expect((await user.request('DELETE', '/api/user/avatar')).status).toBe(200);
  });
});

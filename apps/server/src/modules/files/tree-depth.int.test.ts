import { randomUUID } from 'node:crypto';
import { FOLDER_DEPTH_MAX } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  postMultipart,
  seedFile,
  seedFolder,
  userIdOf,
  type TestClient,
  type TestServer,
  startTestServer,
} from '../../../test/harness.js';
import { users } from '../users/index.js';
import { items } from './items.table.js';

/**
 * A chain of `length` folders below `parentId` written straight to the database, as a tree made
 * before folders had a depth limit (or by an older release) would be. Counters are kept right.
 */
async function seedChain(server: TestServer, ownerId: string, length: number, parentId: string | null = null) {
  const ids = Array.from({ length }, () => randomUUID());
  const rows = ids.map((id, i) => ({
    id,
    ownerId,
    creatorId: ownerId,
    parentId: i === 0 ? parentId : ids[i - 1]!,
    type: 'folder' as const,
    name: `level ${i + 1}`,
    folderCount: i === length - 1 ? 0 : 1,
  }));
  for (let i = 0; i < rows.length; i += 500) await server.ctx.db.insert(items).values(rows.slice(i, i + 500));
  if (parentId === null) {
    await server.ctx.db
      .update(users)
      .set({ rootFolderCount: sql`${users.rootFolderCount} + 1` })
      .where(eq(users.id, ownerId));
  } else {
    await server.ctx.db
      .update(items)
      .set({ folderCount: sql`${items.folderCount} + 1` })
      .where(eq(items.id, parentId));
  }
  return ids;
}

const parentOf = async (server: TestServer, id: string) =>
  (await server.ctx.db.select({ parentId: items.parentId }).from(items).where(eq(items.id, id)))[0]?.parentId;

describe('a tree deeper than 1,000 levels, made before the depth limit', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let chain: string[];
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    ownerId = await userIdOf(server, 'admin@example.com');
    chain = await seedChain(server, ownerId, 1_005);
    await seedFile(server, ownerId, { name: 'deepest.txt', parentId: chain.at(-1)! });
  }, 120_000);
  afterAll(() => server.close());

  it('refuses to move its top folder into its bottom folder: no cycle, nothing cut off', async () => {
    const res = await owner.post('/api/move', { to_id: chain.at(-1), items: [{ id: chain[0], type: 'folder' }] });
    expect(res.status).toBe(422);
    expect(res.json().code).toBe('items.move_into_itself');
    expect(await parentOf(server, chain[0]!)).toBeNull();
    // The bottom folder still lists, with every ancestor in its breadcrumbs.
    const listing = await owner.get(`/api/browse/folders/${chain.at(-1)}`);
    expect(listing.status).toBe(200);
    expect(listing.json().data.map((i: { data: { attributes: { name: string } } }) => i.data.attributes.name)).toEqual([
      'deepest.txt',
    ]);
    expect(listing.json().meta.path).toHaveLength(1_005);
    expect(listing.json().meta.path[0].name).toBe('level 1');
  });

  it('answers the navigation tree (down to the depth limit) instead of a 500', async () => {
    const res = await owner.get('/api/browse/navigation');
    expect(res.status).toBe(200);
    let depth = 0;
    for (let level = res.json().data[0].folders; level.length; level = level[0].folders) depth++;
    expect(depth).toBe(FOLDER_DEPTH_MAX);
  });

  it('refuses to zip it rather than leaving its deepest files out', async () => {
    const res = await owner.get(`/api/zip?items=${chain[0]}|folder`);
    expect(res.status).toBe(409);
    expect(res.json().code).toBe('items.too_deep');
    // A part of it within the limit zips whole, its deepest file included.
    const part = await owner.get(`/api/zip?items=${chain.at(-10)}|folder`);
    expect(part.status).toBe(200);
    expect(part.body).toContain('deepest.txt');
  });

  it('refuses new folders in it, and lets a part of it move to the root', async () => {
    const create = await owner.post('/api/create-folder', { name: 'deeper', parent_id: chain.at(-1) });
    expect(create.status).toBe(409);
    expect(create.json().code).toBe('items.too_deep');
    const move = await owner.post('/api/move', { to_id: null, items: [{ id: chain[500], type: 'folder' }] });
    expect(move.status).toBe(200);
    expect(await parentOf(server, chain[500]!)).toBeNull();
  });
});

describe(`folders nest at most ${FOLDER_DEPTH_MAX} deep`, () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let chain: string[];
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    ownerId = await userIdOf(server, 'admin@example.com');
    chain = await seedChain(server, ownerId, FOLDER_DEPTH_MAX);
  }, 60_000);
  afterAll(() => server.close());

  const depthOf = (levels: number) => chain[levels - 1]!;

  it('creates a folder at the last level and refuses one below it', async () => {
    const last = await owner.post('/api/create-folder', { name: 'last', parent_id: depthOf(FOLDER_DEPTH_MAX - 1) });
    expect(last.status).toBe(201);
    const below = await owner.post('/api/create-folder', { name: 'below', parent_id: depthOf(FOLDER_DEPTH_MAX) });
    expect(below.status).toBe(409);
    expect(below.json()).toMatchObject({ code: 'items.too_deep', details: { maxDepth: FOLDER_DEPTH_MAX } });
  });

  it('refuses a folder upload whose folders would pass the limit, and takes one that fits', async () => {
    const upload = (parentId: string, name: string) =>
      postMultipart(
        server,
        owner,
        '/api/upload/chunks',
        { name, parent_id: parentId, path: `/a/b/${name}`, is_last_chunk: true },
        { content: Buffer.from('hello') },
      );
    const refused = await upload(depthOf(FOLDER_DEPTH_MAX - 1), 'too-deep.txt');
    expect(refused.status).toBe(409);
    expect(refused.json().code).toBe('items.too_deep');
    const rows = await server.ctx.db
      .select()
      .from(items)
      .where(eq(items.parentId, depthOf(FOLDER_DEPTH_MAX - 1)));
    expect(rows.map((r) => r.name)).not.toContain('a');
    const fits = await upload(depthOf(FOLDER_DEPTH_MAX - 2), 'fits.txt');
    expect(fits.status).toBe(201);
  });

  it('refuses a move that would take a subfolder past the limit', async () => {
    const top = await seedFolder(server, ownerId, { name: 'Two levels' });
    await seedFolder(server, ownerId, { name: 'inner', parentId: top.id });
    const refused = await owner.post('/api/move', {
      to_id: depthOf(FOLDER_DEPTH_MAX - 1),
      items: [{ id: top.id, type: 'folder' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.json().code).toBe('items.too_deep');
    expect(await parentOf(server, top.id)).toBeNull();
    const fits = await owner.post('/api/move', {
      to_id: depthOf(FOLDER_DEPTH_MAX - 2),
      items: [{ id: top.id, type: 'folder' }],
    });
    expect(fits.status).toBe(200);
  });

  it('refuses an upload request whose folder would pass the limit', async () => {
    const res = await owner.post('/api/file-request', { folder_id: depthOf(FOLDER_DEPTH_MAX) });
    expect(res.status).toBe(409);
    expect(res.json().code).toBe('items.too_deep');
  });
});

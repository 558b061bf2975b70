import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  seedFile,
  seedFolder,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { items } from './items.table.js';

/** é as one code point (NFC, what most systems type) and as e with a combining accent (NFD, macOS). */
const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';

/**
 * Issue 39, defect 9: names that are one after Unicode NFC clash in a folder, as they would on the
 * file systems a zip is unpacked on; names are kept as given (ADR 0067).
 */
describe('names clash after Unicode normalisation', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    ownerId = await userIdOf(server, 'admin@example.com');
  });
  afterAll(() => server.close());

  const namesIn = async (parentId: string) =>
    (
      await server.ctx.db
        .select({ name: items.name })
        .from(items)
        .where(and(eq(items.parentId, parentId), isNull(items.deletedAt)))
    )
      .map((r) => r.name)
      .sort();

  it('gives an upload whose name is another’s in the other form the " (1)" suffix', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Uploads NFC' });
    const first = await uploadFile(server, owner, { name: `${NFC}.txt`, content: 'one', parentId: parent.id });
    const second = await uploadFile(server, owner, { name: `${NFD}.txt`, content: 'two', parentId: parent.id });
    const third = await uploadFile(server, owner, {
      name: `${NFD.toUpperCase()}.TXT`,
      content: '3',
      parentId: parent.id,
    });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(first.json().data.attributes.name).toBe(`${NFC}.txt`);
    // Kept as given, with the suffix: the two never share a name once normalised.
    expect(second.json().data.attributes.name).toBe(`${NFD} (1).txt`);
    expect(third.json().data.attributes.name).toBe(`${NFD.toUpperCase()} (2).TXT`);
    const normalised = (await namesIn(parent.id)).map((n) => n.normalize('NFC').toLowerCase());
    expect(new Set(normalised).size).toBe(3);
  });

  it('finds the folder of an upload path whatever the form of its name', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Paths NFC' });
    const a = await uploadFile(server, owner, {
      name: 'a.txt',
      content: 'a',
      parentId: parent.id,
      path: `/${NFC}/a.txt`,
    });
    const b = await uploadFile(server, owner, {
      name: 'b.txt',
      content: 'b',
      parentId: parent.id,
      path: `/${NFD}/b.txt`,
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json().data.attributes.parent_id).toBe(a.json().data.attributes.parent_id);
    expect(await namesIn(parent.id)).toEqual([NFC]);
  });

  it('suffixes a rename, a new folder and a move onto a name in the other form', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Rename NFC' });
    await seedFile(server, ownerId, { name: `${NFC}.txt`, parentId: parent.id });
    const other = await seedFile(server, ownerId, { name: 'other.txt', parentId: parent.id });
    const renamed = await owner.request('PATCH', `/api/rename/${other.id}`, { name: `${NFD}.txt` });
    expect(renamed.status).toBe(200);
    expect(renamed.json().data.attributes.name).toBe(`${NFD} (1).txt`);
    // Its own name in the other form is no clash with itself.
    const own = await owner.request('PATCH', `/api/rename/${other.id}`, { name: `${NFC} (1).txt` });
    expect(own.json().data.attributes.name).toBe(`${NFC} (1).txt`);

    await seedFolder(server, ownerId, { name: NFC, parentId: parent.id });
    const created = await owner.post('/api/create-folder', { name: NFD, parent_id: parent.id });
    expect(created.status).toBe(201);
    expect(created.json().data.attributes.name).toBe(`${NFD} (1)`);

    const elsewhere = await seedFolder(server, ownerId, { name: 'Elsewhere NFC' });
    const moving = await seedFile(server, ownerId, { name: `${NFD}.txt`, parentId: elsewhere.id });
    const moved = await owner.post('/api/move', { to_id: parent.id, items: [{ id: moving.id, type: 'file' }] });
    expect(moved.status).toBe(200);
    const names = (await namesIn(parent.id)).map((n) => n.normalize('NFC').toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses two live items of one folder whose names are one after NFC in the database itself', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Index NFC' });
    await seedFolder(server, ownerId, { name: NFC, parentId: parent.id });
    const raw = (name: string) =>
      server.ctx.db.insert(items).values({ ownerId, creatorId: ownerId, parentId: parent.id, type: 'folder', name });
    await expect(raw(NFD)).rejects.toThrow();
    await expect(raw(NFD.toUpperCase())).rejects.toThrow();
  });
});

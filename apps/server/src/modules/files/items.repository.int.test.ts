import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestServer } from '../../../test/harness.js';
import { findUserByEmail } from '../users/index.js';
import { users } from '../users/index.js';
import { ancestryOf } from './ancestry.repository.js';
import { ensureFolderPath, folderPath, insertItem } from './items.repository.js';
import { items } from './items.table.js';
import { extensionOf, nameWithSuffix } from './names.js';

describe('names', () => {
  it('suffixes before the extension and never stacks suffixes', () => {
    expect(nameWithSuffix('report.pdf', 'file', 1)).toBe('report (1).pdf');
    expect(nameWithSuffix('report (1).pdf', 'file', 2)).toBe('report (2).pdf');
    expect(nameWithSuffix('archive.tar.gz', 'file', 1)).toBe('archive.tar (1).gz');
    expect(nameWithSuffix('.env', 'file', 1)).toBe('.env (1)');
    expect(nameWithSuffix('Photos.2024', 'folder', 3)).toBe('Photos.2024 (3)');
    expect(extensionOf('Photo.JPG')).toBe('jpg');
    expect(extensionOf('.bashrc')).toBeNull();
    expect(extensionOf('trailing.')).toBeNull();
  });
});

describe('items repository', () => {
  let server: TestServer;
  let ownerId: string;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    ownerId = (await findUserByEmail(server.ctx.db, 'admin@example.com'))!.id;
  });
  afterAll(() => server.close());

  const counts = async (id: string | null) => {
    if (id === null) {
      const [u] = await server.ctx.db.select().from(users).where(eq(users.id, ownerId));
      return { folders: u!.rootFolderCount, files: u!.rootFileCount, used: u!.storageUsed };
    }
    const [f] = await server.ctx.db.select().from(items).where(eq(items.id, id));
    return { folders: f!.folderCount, files: f!.fileCount };
  };

  it('gives clashing names the first free suffix, across folders and files, case-insensitively', async () => {
    const db = server.ctx.db;
    const a = await insertItem(db, { ownerId, parentId: null, type: 'folder', name: 'Docs' });
    const b = await insertItem(db, { ownerId, parentId: null, type: 'folder', name: 'docs' });
    const c = await insertItem(db, {
      ownerId,
      parentId: null,
      type: 'file',
      name: 'Docs',
      size: 10,
      blobKey: 'files/x',
    });
    expect([a.name, b.name, c.name]).toEqual(['Docs', 'docs (1)', 'Docs (2)']);
    const f1 = await insertItem(db, { ownerId, parentId: a.id, type: 'file', name: 'a.txt', size: 5 });
    const f2 = await insertItem(db, { ownerId, parentId: a.id, type: 'file', name: 'A.txt', size: 7 });
    expect([f1.name, f2.name]).toEqual(['a.txt', 'A (1).txt']);
    expect(await counts(a.id)).toEqual({ folders: 0, files: 2 });
    expect(await counts(null)).toEqual({ folders: 2, files: 1, used: 22 });
  });

  it('folds case as PostgreSQL does: final sigma and dotted I clash, and get a suffix instead of an error', async () => {
    const db = server.ctx.db;
    const a = await insertItem(db, { ownerId, parentId: null, type: 'folder', name: 'ΟΔΟΣ' });
    const b = await insertItem(db, { ownerId, parentId: null, type: 'folder', name: 'ΟΔΟΣ' });
    const c = await insertItem(db, { ownerId, parentId: null, type: 'folder', name: 'İstanbul' });
    const d = await insertItem(db, { ownerId, parentId: null, type: 'folder', name: 'İstanbul' });
    expect([a.name, b.name, c.name, d.name]).toEqual(['ΟΔΟΣ', 'ΟΔΟΣ (1)', 'İstanbul', 'İstanbul (1)']);
    const owner = { ownerId, creatorId: ownerId };
    const leaf = await ensureFolderPath(db, owner, null, ['ΟΔΟΣ']);
    expect(await ensureFolderPath(db, owner, null, ['οδοσ'])).toBe(leaf);
  });

  it('keeps a long name within the limit when it needs a suffix', () => {
    const long = `${'a'.repeat(251)}.txt`;
    const suffixed = nameWithSuffix(long, 'file', 12);
    expect(suffixed.length).toBe(255);
    expect(suffixed.endsWith(' (12).txt')).toBe(true);
    expect(nameWithSuffix('😀'.repeat(128), 'folder', 1).length).toBeLessThanOrEqual(255);
  });

  it('puts every file of a folder upload in one folder when a file holds the folder’s name', async () => {
    const db = server.ctx.db;
    const owner = { ownerId, creatorId: ownerId };
    await insertItem(db, { ownerId, parentId: null, type: 'file', name: 'Scans', size: 1 });
    const first = await ensureFolderPath(db, owner, null, ['Scans']);
    const second = await ensureFolderPath(db, owner, null, ['Scans']);
    expect(second).toBe(first);
    const [folder] = await db.select().from(items).where(eq(items.id, first!));
    expect(folder!.name).toBe('Scans (1)');
  });

  it('resolves folder paths by merging into existing folders, and answers subtree questions', async () => {
    const db = server.ctx.db;
    const owner = { ownerId, creatorId: ownerId };
    const leaf = await ensureFolderPath(db, owner, null, ['Photos', '2024', 'May']);
    const again = await ensureFolderPath(db, owner, null, ['photos', '2024', 'May']);
    expect(again).toBe(leaf);
    const path = await folderPath(db, leaf!);
    expect(path.map((p) => p.name)).toEqual(['Photos', '2024', 'May']);
    const photos = path[0]!.id;
    const ids = [leaf!, photos, path[1]!.id];
    const ancestry = await ancestryOf(db, ids);
    const inside = ids.filter((id) => ancestry.isWithin(id, path[1]!.id));
    expect(inside.sort()).toEqual([leaf!, path[1]!.id].sort());
  });
});

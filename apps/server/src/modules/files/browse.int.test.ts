import { browseResponse, navigationResponse, type BrowseResponse, type SortField } from '@filestore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { folderPhaseBase, key, phaseQuery, trashTopsWhere } from './browse.repository.js';
import { items } from './items.table.js';

const BIG_FOLDERS = 500;

/** Re-encodes an (opaque) cursor after changing it, as a tampering client would. */
const tamper = (cursor: string, change: (c: Record<string, unknown>) => Record<string, unknown>) =>
  Buffer.from(JSON.stringify(change(JSON.parse(Buffer.from(cursor, 'base64url').toString())))).toString('base64url');
const BIG_FILES = 4500;

describe('browsing folders, latest files and the folder tree', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let bigId: string;

  const list = async (client: TestClient, url: string): Promise<BrowseResponse> => {
    const res = await client.get(url);
    expect(res.status, `${url}: ${res.body}`).toBe(200);
    return browseResponse.parse(res.json());
  };

  /** Every id of a listing, following nextCursor from page 1. */
  const walk = async (url: string, perPage: number) => {
    const ids: string[] = [];
    let page = await list(owner, `${url}${url.includes('?') ? '&' : '?'}per_page=${perPage}`);
    ids.push(...page.data.map((r) => r.data.id));
    for (let n = 2; page.meta.paginate.nextCursor; n++) {
      const cursor = encodeURIComponent(page.meta.paginate.nextCursor);
      page = await list(owner, `${url}${url.includes('?') ? '&' : '?'}per_page=${perPage}&cursor=${cursor}`);
      expect(page.meta.paginate.currentPage).toBe(n);
      ids.push(...page.data.map((r) => r.data.id));
    }
    return ids;
  };

  /** The order the database itself gives, computed without the listing code. */
  const expectedOrder = async (sort: SortField, direction: 'asc' | 'desc') => {
    const d = sql.raw(direction);
    const fileKey = {
      created_at: sql`created_at ${d}, id ${d}`,
      name: sql`lower(name) ${d}, id ${d}`,
      size: sql`size ${d}, id ${d}`,
      type: sql`coalesce(extension, '') ${d}, lower(name) ${d}, id ${d}`,
    }[sort];
    const folderKey = sort === 'created_at' ? fileKey : sql`lower(name) ${d}, id ${d}`;
    const ids = async (type: string, order: typeof fileKey) =>
      rowsOf<{ id: string }>(
        await server.ctx.db.execute(
          sql`select id from items where parent_id = ${bigId} and type = ${type} and deleted_at is null order by ${order}`,
        ),
      ).map((r) => r.id);
    return [...(await ids('folder', folderKey)), ...(await ids('file', fileKey))];
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    bigId = (await seedFolder(server, ownerId, { name: 'Big' })).id;
    // 5,000 children in one statement. Three rows share each creation time, sizes and extensions
    // repeat, so the id has to break ties for the pages to be right.
    await server.ctx.db.execute(sql`
      insert into items (owner_id, creator_id, parent_id, type, name, extension, mimetype, category, size, blob_key, created_at)
      select ${ownerId}, ${ownerId}, ${bigId},
        case when g <= ${BIG_FOLDERS} then 'folder' else 'file' end,
        case when g <= ${BIG_FOLDERS} then 'Folder ' || lpad(g::text, 5, '0')
             else 'File ' || lpad(g::text, 5, '0') || '.' || (array['pdf','jpg','txt','zip'])[g % 4 + 1] end,
        case when g <= ${BIG_FOLDERS} then null else (array['pdf','jpg','txt','zip'])[g % 4 + 1] end,
        case when g <= ${BIG_FOLDERS} then null else 'application/octet-stream' end,
        case when g <= ${BIG_FOLDERS} then null else 'other' end,
        case when g <= ${BIG_FOLDERS} then 0 else (g % 97) * 1000 end,
        case when g <= ${BIG_FOLDERS} then null else 'files/seeded-' || g end,
        timestamptz '2024-01-01' + (g / 3) * interval '1 second'
      from generate_series(1, ${BIG_FOLDERS + BIG_FILES}) g`);
    await server.ctx.db.execute(
      sql`update items set folder_count = ${BIG_FOLDERS}, file_count = ${BIG_FILES} where id = ${bigId}`,
    );
    await server.ctx.db.execute(sql`analyze items`);
  });
  afterAll(() => server.close());

  it('pages a 5,000-item folder by cursor in every sort, folders first, without gaps or repeats', async () => {
    for (const [sort, direction] of [
      ['created_at', 'desc'],
      ['created_at', 'asc'],
      ['name', 'asc'],
      ['name', 'desc'],
      ['size', 'desc'],
      ['size', 'asc'],
      ['type', 'asc'],
      ['type', 'desc'],
    ] as const) {
      // Direction is case-insensitive.
      const dir = sort === 'name' ? direction : direction.toUpperCase();
      const ids = await walk(`/api/browse/folders/${bigId}?sort=${sort}&direction=${dir}`, 200);
      expect(ids.length, `${sort} ${direction}`).toBe(BIG_FOLDERS + BIG_FILES);
      expect(ids, `${sort} ${direction}`).toEqual(await expectedOrder(sort, direction));
    }
  });

  it('defaults to newest first, and pages by number across the folder/file boundary', async () => {
    const all = await expectedOrder('created_at', 'desc');
    const first = await list(owner, `/api/browse/folders/${bigId}`);
    expect(first.data.map((r) => r.data.id)).toEqual(all.slice(0, 50));
    expect(first.meta.paginate).toMatchObject({ currentPage: 1, perPage: 50, total: 5000, lastPage: 100 });
    expect(first.meta.root?.data).toMatchObject({
      id: bigId,
      type: 'folder',
      attributes: { name: 'Big', items: 5000 },
    });
    expect(first.meta.path).toEqual([{ id: bigId, name: 'Big' }]);
    // 500 folders, 70 a page: page 8 holds the last 10 folders and the first 60 files.
    const boundary = await list(owner, `/api/browse/folders/${bigId}?page=8&per_page=70`);
    expect(boundary.data.map((r) => r.data.id)).toEqual(all.slice(490, 560));
    expect(boundary.data.slice(0, 10).every((r) => r.data.type === 'folder')).toBe(true);
    expect(boundary.data.slice(10).every((r) => r.data.type === 'file')).toBe(true);
    // Its cursor continues exactly where the page ended.
    const next = await list(
      owner,
      `/api/browse/folders/${bigId}?per_page=70&cursor=${encodeURIComponent(boundary.meta.paginate.nextCursor!)}`,
    );
    expect(next.meta.paginate.currentPage).toBe(9);
    expect(next.data.map((r) => r.data.id)).toEqual(all.slice(560, 630));
    // A page ending exactly on the boundary continues with the first file.
    const exact = await list(owner, `/api/browse/folders/${bigId}?page=10&per_page=50`);
    expect(exact.data.every((r) => r.data.type === 'folder')).toBe(true);
    const after = await list(
      owner,
      `/api/browse/folders/${bigId}?per_page=50&cursor=${encodeURIComponent(exact.meta.paginate.nextCursor!)}`,
    );
    expect(after.data.map((r) => r.data.id)).toEqual(all.slice(500, 550));
    const last = await list(owner, `/api/browse/folders/${bigId}?page=100`);
    expect(last.data.map((r) => r.data.id)).toEqual(all.slice(4950));
    expect(last.meta.paginate.nextCursor).toBeNull();
    expect((await list(owner, `/api/browse/folders/${bigId}?page=101`)).data).toEqual([]);
  });

  it('reads page 1, a deep cursor page and a deep numbered page with one index range scan and no sort, in every order', async () => {
    const explain = async (q: ReturnType<typeof phaseQuery>) =>
      rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${q.getSQL()}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const index = { created_at: 'created', name: 'name', size: 'size', type: 'type' } as const;
    for (const sort of ['created_at', 'name', 'size', 'type'] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        for (const type of ['folder', 'file'] as const) {
          const base = folderPhaseBase({ ownerId, parentId: bigId, sort, direction }, type);
          const [deep] = await phaseQuery(server.ctx.db, { ...base, from: null, offset: 400, limit: 1 });
          const from = { key: deep!.key, id: deep!.item.id };
          const expectedIndex = type === 'folder' && sort !== 'created_at' ? 'name' : index[sort];
          for (const plan of [
            await explain(phaseQuery(server.ctx.db, { ...base, from: null, offset: 0, limit: 51 })),
            await explain(phaseQuery(server.ctx.db, { ...base, from, offset: 0, limit: 51 })),
          ]) {
            const label = `${sort} ${direction} ${type}\n${plan}`;
            expect(plan, label).toMatch(new RegExp(`Index Scan( Backward)? using items_browse_${expectedIndex}_idx`));
            expect(plan, label).not.toMatch(/Sort|Bitmap|Seq Scan/);
          }
          if (sort === 'created_at' && type === 'file') {
            // The cursor is the seek key of the scan, not a filter over rows read before it.
            const plan = await explain(phaseQuery(server.ctx.db, { ...base, from, offset: 0, limit: 51 }));
            expect(plan).toMatch(/Index Cond: .*ROW\(type, created_at, id\) [<>] ROW/);
          }
          // Seeking: a deep cursor page reads about as many pages as page 1, not the rows before it.
          const buffers = async (q: ReturnType<typeof phaseQuery>) => {
            const plan = rowsOf<{ 'QUERY PLAN': string }>(
              await server.ctx.db.execute(sql`explain (analyze, buffers) ${q.getSQL()}`),
            ).map((r) => r['QUERY PLAN']);
            const line = plan.find((l) => /^\s*Buffers:/.test(l)) ?? '';
            return [...line.matchAll(/(?:hit|read)=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
          };
          if (type === 'file') {
            const [deeper] = await phaseQuery(server.ctx.db, { ...base, from: null, offset: 4000, limit: 1 });
            const far = { key: deeper!.key, id: deeper!.item.id };
            const first = await buffers(phaseQuery(server.ctx.db, { ...base, from: null, offset: 0, limit: 51 }));
            const seeked = await buffers(phaseQuery(server.ctx.db, { ...base, from: far, offset: 0, limit: 51 }));
            expect(seeked, `${sort} ${direction} ${type}`).toBeLessThanOrEqual(first + 10);
          }
          // A page by number skips the ids on the browse index, then reads its rows by primary key.
          const skip = await explain(phaseQuery(server.ctx.db, { ...base, from: null, offset: 400, limit: 51 }));
          const skipLabel = `${sort} ${direction} ${type} offset\n${skip}`;
          // (The 500 folders are few enough for the planner to sort them instead.)
          if (type === 'file') {
            expect(skip, skipLabel).toMatch(
              new RegExp(`Index (Only )?Scan( Backward)? using items_browse_${expectedIndex}_idx`),
            );
          }
          expect(skip, skipLabel).toMatch(/(using|on) items_pkey/);
          expect(skip, skipLabel).not.toMatch(/Seq Scan/);
        }
      }
    }
  });

  it('reads the top of a large trash from its own index, newest deletion first, without sorting', async () => {
    const where = and(trashTopsWhere(ownerId), eq(items.type, 'file'));
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await server.ctx.db.execute(
        sql`explain ${phaseQuery(server.ctx.db, { where, keys: [key.deleted], direction: 'DESC', from: null, offset: 0, limit: 51 }).getSQL()}`,
      ),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan( Backward)? using items_trash_tops_idx/);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('reads the root (parent_id is null) of a large tree from the browse indexes too', async () => {
    const third = await registerUser(server, 'third@example.com');
    const thirdId = await userIdOf(server, 'third@example.com');
    await server.ctx.db.execute(sql`
      insert into items (owner_id, parent_id, type, name, extension, size, created_at)
      select ${thirdId}, null, case when g % 5 = 0 then 'folder' else 'file' end, 'Root item ' || g,
        case when g % 5 = 0 then null else 'txt' end, g, timestamptz '2024-01-01' + g * interval '1 minute'
      from generate_series(1, 3000) g`);
    await server.ctx.db.execute(
      sql`update users set root_folder_count = 600, root_file_count = 2400 where id = ${thirdId}`,
    );
    await server.ctx.db.execute(sql`analyze items`);
    for (const type of ['folder', 'file'] as const) {
      const base = folderPhaseBase(
        {
          ownerId: thirdId,
          parentId: null,
          sort: 'created_at',
          direction: 'DESC',
        },
        type,
      );
      const [deep] = await phaseQuery(server.ctx.db, { ...base, from: null, offset: 300, limit: 1 });
      const q = phaseQuery(server.ctx.db, {
        ...base,
        from: { key: deep!.key, id: deep!.item.id },
        offset: 0,
        limit: 51,
      });
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${q.getSQL()}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan, plan).toMatch(/Index Scan Backward using items_browse_created_idx/);
      expect(plan, plan).toMatch(/parent_id IS NULL/);
      expect(plan, plan).not.toMatch(/Sort|Bitmap|Seq Scan/);
    }
    const ids = await (async () => {
      const all: string[] = [];
      let page = await list(third, '/api/browse/folders/all?per_page=200');
      all.push(...page.data.map((r) => r.data.id));
      while (page.meta.paginate.nextCursor) {
        const cursor = encodeURIComponent(page.meta.paginate.nextCursor);
        page = await list(third, `/api/browse/folders/all?per_page=200&cursor=${cursor}`);
        all.push(...page.data.map((r) => r.data.id));
      }
      return all;
    })();
    expect(ids).toHaveLength(3000);
    expect(new Set(ids).size).toBe(3000);
  });

  it('lists the root from the counters, with a null root and an empty path', async () => {
    const docs = await seedFolder(server, ownerId, { name: '📁 مستندات' });
    const inner = await seedFolder(server, ownerId, { name: 'Inner', parentId: docs.id });
    await seedFile(server, ownerId, { name: 'קובץ.txt' });
    const root = await list(owner, '/api/browse/folders/all?sort=name&direction=asc');
    expect(root.meta.root).toBeNull();
    expect(root.meta.path).toEqual([]);
    expect(root.meta.paginate.total).toBe(3);
    expect(root.data.map((r) => r.data.attributes.name)).toEqual([
      ...['Big', '📁 مستندات'].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
      'קובץ.txt',
    ]);
    const nested = await list(owner, `/api/browse/folders/${inner.id}`);
    expect(nested.meta.path).toEqual([
      { id: docs.id, name: '📁 مستندات' },
      { id: inner.id, name: 'Inner' },
    ]);
    expect(nested.data).toEqual([]);
    expect(nested.meta.paginate).toMatchObject({ total: 0, lastPage: 1, nextCursor: null });
  });

  it('answers 404 for files, trashed folders, unknown ids and other people’s folders', async () => {
    const file = await seedFile(server, ownerId, { name: 'not-a-folder.txt' });
    const trashed = await seedFolder(server, ownerId, { name: 'Gone' });
    expect((await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'folder' }] })).status).toBe(200);
    for (const id of [file.id, trashed.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await owner.get(`/api/browse/folders/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const theirs = await other.get(`/api/browse/folders/${bigId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).not.toContain('Big');
    expect((await list(other, '/api/browse/folders/all')).data).toEqual([]);
    expect((await server.client().get('/api/browse/folders/all')).status).toBe(401);
  });

  it('refuses malformed ids, sizes, sorts and cursors with 422', async () => {
    const page = await list(owner, `/api/browse/folders/${bigId}?per_page=10`);
    const cursor = encodeURIComponent(page.meta.paginate.nextCursor!);
    for (const url of [
      '/api/browse/folders/root',
      '/api/browse/folders/..%2F..%2Fetc',
      `/api/browse/folders/${bigId}?per_page=0`,
      `/api/browse/folders/${bigId}?per_page=201`,
      `/api/browse/folders/${bigId}?page=0`,
      `/api/browse/folders/${bigId}?sort=owner`,
      `/api/browse/folders/${bigId}?direction=sideways`,
      `/api/browse/folders/${bigId}?cursor=not-a-cursor`,
      // A cursor belongs to its folder and its order.
      `/api/browse/folders/all?cursor=${cursor}`,
      `/api/browse/folders/${bigId}?sort=name&cursor=${cursor}`,
      // A tampered cursor whose key cannot be a creation time.
      `/api/browse/folders/${bigId}?per_page=10&cursor=${tamper(page.meta.paginate.nextCursor!, (c) => ({ ...c, k: ['folder', 'not a date'] }))}`,
      `/api/browse/folders/${bigId}?per_page=10&cursor=${tamper(page.meta.paginate.nextCursor!, (c) => ({ ...c, k: ['folder'] }))}`,
      `/api/browse/folders/${bigId}?per_page=10&cursor=${tamper(page.meta.paginate.nextCursor!, (c) => ({ ...c, id: 'x' }))}`,
    ]) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(422);
      expect(res.json().code).toBe('validation.failed');
    }
  });

  it('lists the latest files of every folder, newest first, without folders or trashed files', async () => {
    const fresh = await seedFolder(server, ownerId, { name: 'Fresh' });
    const a = await seedFile(server, ownerId, { name: 'a.txt', parentId: fresh.id });
    const b = await seedFile(server, ownerId, { name: 'b.txt' });
    const c = await seedFile(server, ownerId, { name: 'c.txt', parentId: bigId });
    const gone = await seedFile(server, ownerId, { name: 'gone.txt' });
    await owner.post('/api/remove', { items: [{ id: gone.id, type: 'file' }] });
    const latest = await list(owner, '/api/browse/latest?per_page=3');
    expect(latest.data.map((r) => r.data.id)).toEqual([c.id, b.id, a.id]);
    expect(latest.meta).toMatchObject({ root: null, path: [] });
    const liveFiles = rowsOf<{ n: number }>(
      await server.ctx.db.execute(
        sql`select count(*)::int as n from items where owner_id = ${ownerId} and type = 'file' and deleted_at is null`,
      ),
    )[0]!.n;
    expect(latest.meta.paginate.total).toBe(liveFiles);
    const next = await list(
      owner,
      `/api/browse/latest?per_page=3&cursor=${encodeURIComponent(latest.meta.paginate.nextCursor!)}`,
    );
    expect(next.data.every((r) => r.data.type === 'file')).toBe(true);
    expect(next.data.map((r) => r.data.id)).not.toContain(a.id);
    expect((await list(other, '/api/browse/latest')).data).toEqual([]);
  });

  it('gives the folder tree of live folders in one section', async () => {
    const res = await other.post('/api/create-folder', { name: 'Theirs' });
    expect(res.status).toBe(201);
    const top = await seedFolder(server, ownerId, { name: 'Tree' });
    const child = await seedFolder(server, ownerId, { name: 'Branch', parentId: top.id });
    await seedFolder(server, ownerId, { name: 'Leaf', parentId: child.id });
    const dropped = await seedFolder(server, ownerId, { name: 'Dropped', parentId: top.id });
    await owner.post('/api/remove', { items: [{ id: dropped.id, type: 'folder' }] });
    const nav = navigationResponse.parse((await owner.get('/api/browse/navigation')).json());
    expect(nav.data).toHaveLength(1);
    expect(nav.data[0]).toMatchObject({ location: 'files', name: 'Files', isMovable: true, isOpen: true });
    const tree = nav.data[0]!.folders.find((f) => f.id === top.id)!;
    expect(tree.folders.map((f) => f.name)).toEqual(['Branch']);
    expect(tree.folders[0]!.folders.map((f) => f.name)).toEqual(['Leaf']);
    const big = nav.data[0]!.folders.find((f) => f.id === bigId)!;
    expect(big.folders).toHaveLength(BIG_FOLDERS);
    expect(JSON.stringify(nav)).not.toContain('Theirs');
    const theirs = navigationResponse.parse((await other.get('/api/browse/navigation')).json());
    expect(theirs.data[0]!.folders.map((f) => f.name)).toEqual(['Theirs']);
  });
});

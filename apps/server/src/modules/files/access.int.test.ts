import { randomUUID } from 'node:crypto';
import { ITEMS_PER_REQUEST_MAX } from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { findUserById } from '../users/index.js';
import { authorize, type Actor } from './access.js';
import { items } from './items.table.js';

/** Scans of `items` started so far in this transaction: index probes and sequential scans. */
async function scansOfItems(tx: Db): Promise<number> {
  const [row] = rowsOf<{ scans: number | string }>(
    await tx.execute(
      sql`select coalesce(idx_scan, 0) + coalesce(seq_scan, 0) as scans from pg_stat_xact_user_tables where relname = 'items'`,
    ),
  );
  return Number(row?.scans ?? 0);
}

describe('access policy: set-based checks and bounded requests', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let actor: Actor;
  /** A chain of folders, outermost first, each inside the one before. */
  let chain: string[];
  const DEPTH = 250;

  /** Inserts a chain of folders under `parentId` in one statement, with exact counters. */
  async function insertChain(parentId: string | null, depth: number, prefix: string): Promise<string[]> {
    const ids = Array.from({ length: depth }, () => randomUUID());
    const values = ids.map(
      (id, i) =>
        sql`(${id}::uuid, ${ownerId}::uuid, ${i === 0 ? parentId : ids[i - 1]}::uuid, 'folder', ${`${prefix} ${i}`}, ${i < depth - 1 ? 1 : 0})`,
    );
    await server.ctx.db.execute(sql`
      insert into items (id, owner_id, parent_id, type, name, folder_count)
      values ${sql.join(values, sql`, `)}`);
    if (parentId === null) {
      await server.ctx.db.execute(
        sql`update users set root_folder_count = root_folder_count + 1 where id = ${ownerId}`,
      );
    } else {
      await server.ctx.db.execute(sql`update items set folder_count = folder_count + 1 where id = ${parentId}`);
    }
    return ids;
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    ownerId = await userIdOf(server, 'admin@example.com');
    const user = await findUserById(server.ctx.db, ownerId);
    if (!user) throw new Error('no owner');
    actor = { kind: 'user', user };
    chain = await insertChain(null, DEPTH, 'Level');
    await server.ctx.db.execute(sql`analyze items`);
  });
  afterAll(() => server.close());

  it(`decides ${DEPTH} ids of one ${DEPTH}-deep chain with one walk up, not one walk per id`, async () => {
    // Trash the top: every id of the chain is then in the trash through it, at the end of its walk.
    await server.ctx.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, chain[0]!));
    try {
      const refs = chain.map((id) => ({ id, type: 'folder' as const }));
      const { rows, scans } = await server.ctx.db.transaction(async (tx) => {
        const before = await scansOfItems(tx);
        const loaded = await authorize(tx, actor, 'restore', refs, { state: 'trashed' });
        return { rows: loaded, scans: (await scansOfItems(tx)) - before };
      });
      expect(rows.map((r) => r.trashedBy)).toEqual(chain.map(() => chain[0]));
      // A walk per id reads ~DEPTH²/2 = 31,000 rows up the chain; one walk for the set a few per id.
      expect(scans).toBeLessThan(4 * DEPTH);
    } finally {
      await server.ctx.db.update(items).set({ deletedAt: null }).where(eq(items.id, chain[0]!));
    }
  });

  it('walks each folder above a set of ids once (the recursive walk keeps each item once)', async () => {
    const explain = rowsOf<{ 'QUERY PLAN': string }>(
      await server.ctx.db.execute(
        sql`explain (analyze, costs off) with recursive up(id, parent_id, trashed) as (
          select id, parent_id, deleted_at is not null from items where id in (${sql.join(
            chain.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          union
          select i.id, i.parent_id, i.deleted_at is not null from items i join up on i.id = up.parent_id
        ) select * from up`,
      ),
    ).map((r) => r['QUERY PLAN']);
    const union = explain.find((l) => /Recursive Union/.test(l)) ?? '';
    expect(Number(/rows=(\d+)/.exec(union)?.[1])).toBe(DEPTH);
  });

  it('moves and trashes every folder of a deep chain named in one request, in parallel with a listing', async () => {
    const other = await registerUser(server, 'bystander@example.com');
    const extra = await insertChain(chain[DEPTH - 1]!, DEPTH, 'Deeper');
    const target = await seedFolder(server, ownerId, { name: 'Target' });
    const refs = extra.map((id) => ({ id, type: 'folder' }));
    const [moved, listing] = await Promise.all([
      owner.post('/api/move', { to_id: target.id, items: refs }),
      other.get('/api/browse/folders/all'),
    ]);
    expect(moved.status, moved.body).toBe(200);
    expect(listing.status).toBe(200);
    const [t] = await server.ctx.db.select().from(items).where(eq(items.id, target.id));
    expect(t?.folderCount).toBe(DEPTH);
    const trashed = await owner.post('/api/remove', { items: refs.map((r) => ({ ...r, force_delete: false })) });
    expect(trashed.status, trashed.body).toBe(200);
    const [after] = await server.ctx.db.select().from(items).where(eq(items.id, target.id));
    expect(after?.folderCount).toBe(0);
  });

  it(`accepts ${ITEMS_PER_REQUEST_MAX} ids and refuses one more with 400 items.too_many, changing nothing`, async () => {
    const unknown = Array.from({ length: ITEMS_PER_REQUEST_MAX }, () => ({ id: randomUUID(), type: 'file' }));
    // At the bound the request is checked as a set and answers 404 for ids it does not know.
    const atBound = await owner.post('/api/move', { to_id: null, items: unknown });
    expect(atBound.status, atBound.body).toBe(404);

    const mine = { id: chain[DEPTH - 1]!, type: 'folder' };
    const tooMany = [...unknown, mine];
    const parentBefore = (await server.ctx.db.select().from(items).where(eq(items.id, mine.id)))[0]?.parentId;
    const refused = await Promise.all([
      owner.post('/api/move', { to_id: null, items: tooMany }),
      owner.post('/api/remove', { items: tooMany.map((r) => ({ ...r, force_delete: true })) }),
      owner.post('/api/trash/restore', { items: tooMany }),
      owner.post('/api/favourites', { ids: tooMany.map((r) => r.id) }),
    ]);
    for (const res of refused) {
      expect(res.status, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'items.too_many' });
    }
    const [still] = await server.ctx.db.select().from(items).where(eq(items.id, mine.id));
    expect(still?.parentId).toBe(parentBefore);
    expect(still?.deletedAt).toBeNull();
  });
});

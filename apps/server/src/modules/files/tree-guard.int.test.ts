import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../app/context.js';
import { rowsOf } from '../../lib/db/migrate.js';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  userIdOf,
  type TestClient,
  type TestServer,
  startTestServer,
  testDatabaseKind,
  testPostgresUrl,
} from '../../../test/harness.js';
import { users } from '../users/index.js';
import { items } from './items.table.js';

/** The error a statement failed with, or null when it passed. */
async function failureOf(work: Promise<unknown>): Promise<{ constraint?: string; message: string } | null> {
  try {
    await work;
    return null;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      if ((e as { constraint?: string }).constraint) return e as { constraint: string; message: string };
    }
    return { message: String(error) };
  }
}

const parentOf = async (server: TestServer, id: string) =>
  (await server.ctx.db.select({ parentId: items.parentId }).from(items).where(eq(items.id, id)))[0]?.parentId;

describe('the database keeps the items tree free of cycles (migration 0009)', () => {
  let server: TestServer;
  let ownerId: string;
  let otherId: string;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  it('refuses a parent change that makes a loop, whatever code sends it', async () => {
    const db = server.ctx.db;
    const a = await seedFolder(server, ownerId, { name: 'A' });
    const b = await seedFolder(server, ownerId, { name: 'B', parentId: a.id });
    const c = await seedFolder(server, ownerId, { name: 'C', parentId: b.id });
    const loop = await failureOf(db.update(items).set({ parentId: c.id }).where(eq(items.id, a.id)));
    expect(loop?.constraint).toBe('items_tree_acyclic');
    const self = await failureOf(db.update(items).set({ parentId: a.id }).where(eq(items.id, a.id)));
    expect(self?.constraint).toBe('items_tree_acyclic');
    // Two rows swapped in one statement are checked against each other.
    const x = await seedFolder(server, ownerId, { name: 'X' });
    const y = await seedFolder(server, ownerId, { name: 'Y' });
    const swap = await failureOf(
      db.execute(sql`update items set parent_id = case when id = ${x.id}::uuid then ${y.id}::uuid else ${x.id}::uuid end
        where id in (${x.id}::uuid, ${y.id}::uuid)`),
    );
    expect(swap?.constraint).toBe('items_tree_acyclic');
    expect(await parentOf(server, a.id)).toBeNull();
    expect(await parentOf(server, x.id)).toBeNull();
    // A legal move still passes.
    await db.update(items).set({ parentId: a.id }).where(eq(items.id, x.id));
    expect(await parentOf(server, x.id)).toBe(a.id);
  });

  it('keeps each owner’s tree to that owner’s items', async () => {
    const mine = await seedFolder(server, ownerId, { name: 'Mine' });
    const theirs = await seedFolder(server, otherId, { name: 'Theirs' });
    const moved = await failureOf(
      server.ctx.db.update(items).set({ parentId: mine.id }).where(eq(items.id, theirs.id)),
    );
    expect(moved?.constraint).toBe('items_tree_one_owner');
    const inserted = await failureOf(seedFolder(server, otherId, { name: 'Inside', parentId: mine.id }));
    expect(inserted?.constraint).toBe('items_tree_one_owner');
  });

  it('breaks loops an older release let in: the loop hangs from the root again, names and counts kept right', async () => {
    const db = server.ctx.db;
    const owner = await registerUser(server, 'loops@example.com');
    const loopsId = await userIdOf(server, 'loops@example.com');
    await seedFolder(server, loopsId, { name: 'Photos' });
    const p = await seedFolder(server, loopsId, { name: 'Holder' });
    const q = await seedFolder(server, loopsId, { name: 'Photos', parentId: p.id });
    const r = await seedFolder(server, loopsId, { name: 'Photos', parentId: q.id });
    const file = await seedFile(server, loopsId, { name: 'kept.txt', parentId: r.id });
    // What the old move let through: Holder (at the root) into R, below itself, named like the
    // folder at the root. Written past the guard, counters moved as the move moved them.
    await db.execute(sql`alter table items disable trigger items_keep_tree`);
    await db.update(items).set({ parentId: r.id, name: 'Photos' }).where(eq(items.id, p.id));
    await db.execute(sql`update items set folder_count = folder_count + 1 where id = ${r.id}::uuid`);
    await db.execute(sql`update users set root_folder_count = root_folder_count - 1 where id = ${loopsId}::uuid`);
    await db.execute(sql`alter table items enable trigger items_keep_tree`);
    expect((await owner.get(`/api/browse/folders/${r.id}`)).status).not.toBe(200);

    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0009_tree_without_cycles.sql'), 'utf8');
    const [reachable, repair] = migration.split('--> statement-breakpoint');
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(reachable!));
      await tx.execute(sql.raw(repair!));
    });

    const loop = await db
      .select()
      .from(items)
      .where(sql`${items.id} in (${p.id}::uuid, ${q.id}::uuid, ${r.id}::uuid)`);
    const atRoot = loop.filter((row) => row.parentId === null);
    expect(atRoot).toHaveLength(1);
    const [root] = atRoot;
    const [user] = await db.select().from(users).where(eq(users.id, loopsId));
    expect(user!.rootFolderCount).toBe(2);
    // Every member is reachable from the root again, the file too.
    const listing = await owner.get(`/api/browse/folders/${file.parentId}`);
    expect(listing.status).toBe(200);
    expect(listing.json().meta.path[0].id).toBe(root!.id);
    // Named like the folder already at the root, it got the next free name.
    expect(root!.name).toBe('Photos (1)');
    const counts = rowsOf<{ id: string; folder_count: number; live: number }>(
      await db.execute(sql`select f.id, f.folder_count,
        (select count(*)::int from items c where c.parent_id = f.id and c.type = 'folder' and c.deleted_at is null) as live
        from items f where f.owner_id = ${loopsId}::uuid and f.type = 'folder'`),
    );
    for (const row of counts) expect(row.folder_count).toBe(row.live);
  });
});

/**
 * Two moves, A into B and B into A, each in its own transaction on its own connection: the second
 * must wait for the first and then see it. Only PostgreSQL has parallel connections to race.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('parallel moves on PostgreSQL', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    ownerId = await userIdOf(server, 'admin@example.com');
    const [row] = rowsOf<{ name: string }>(await server.ctx.db.execute(sql`select current_database() as name`));
    const base = new URL(testPostgresUrl ?? '');
    base.pathname = `/${row!.name}`;
    url = base.toString();
  });
  afterAll(() => server.close());

  /** The error the second move failed with, or null when both went through. */
  async function raceSwap(): Promise<unknown> {
    const a = await seedFolder(server, ownerId, { name: `A ${Date.now()}` });
    const b = await seedFolder(server, ownerId, { name: `B ${Date.now()}` });
    const one = new pg.Client({ connectionString: url });
    const two = new pg.Client({ connectionString: url });
    await Promise.all([one.connect(), two.connect()]);
    try {
      await one.query('begin');
      await two.query('begin');
      await one.query('update items set parent_id = $1 where id = $2', [b.id, a.id]);
      const pid = (await two.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      let secondDone = false;
      const second = two
        .query('update items set parent_id = $1 where id = $2', [a.id, b.id])
        .then(
          () => null,
          (error: unknown) => error,
        )
        .finally(() => (secondDone = true));
      // Let the second statement either finish or queue behind the first transaction.
      for (let i = 0; i < 100 && !secondDone; i++) {
        const waiting = await server.ctx.db.execute(
          sql`select 1 from pg_stat_activity where pid = ${pid} and wait_event_type = 'Lock'`,
        );
        if (rowsOf(waiting).length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await one.query('commit');
      const secondError = await second;
      await two.query(secondError ? 'rollback' : 'commit');
      return secondError;
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
  }

  it('lets only one of two crossing moves through, and the API answers the loser 422', async () => {
    const second = await raceSwap();
    expect((second as { constraint?: string } | null)?.constraint).toBe('items_tree_acyclic');
    const loops = await server.ctx.db.execute(
      sql`select a.id from items a join items b on a.parent_id = b.id and b.parent_id = a.id`,
    );
    expect(rowsOf(loops)).toHaveLength(0);

    // Through the API as well, many pairs at once.
    const pairs = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => [
        await seedFolder(server, ownerId, { name: `left ${i}` }),
        await seedFolder(server, ownerId, { name: `right ${i}` }),
      ]),
    );
    const answers = await Promise.all(
      pairs.flatMap(([l, r]) => [
        owner.post('/api/move', { to_id: r!.id, items: [{ id: l!.id, type: 'folder' }] }),
        owner.post('/api/move', { to_id: l!.id, items: [{ id: r!.id, type: 'folder' }] }),
      ]),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(5).fill(200), ...Array(5).fill(422)]);
  });

  it('(control) without the lock in the guard, the same race makes a cycle', async () => {
    const db = server.ctx.db;
    const [def] = rowsOf<{ def: string }>(
      await db.execute(sql`select pg_get_functiondef('items_keep_tree'::regproc) as def`),
    );
    const unlocked = def!.def.replace(/PERFORM pg_advisory_xact_lock\([^;]*\);/, '');
    expect(unlocked).not.toBe(def!.def);
    await db.execute(sql.raw(unlocked));
    try {
      expect(await raceSwap()).toBeNull();
      const loops = await db.execute(
        sql`select a.id from items a join items b on a.parent_id = b.id and b.parent_id = a.id`,
      );
      expect(rowsOf(loops).length).toBeGreaterThan(0);
      await db.execute(sql`alter table items disable trigger items_keep_tree`);
      await db.execute(
        sql`update items set parent_id = null where id in (select a.id from items a join items b on a.parent_id = b.id and b.parent_id = a.id)`,
      );
      await db.execute(sql`alter table items enable trigger items_keep_tree`);
    } finally {
      await db.execute(sql.raw(def!.def));
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../app/context.js';
import { openDatabase, type Database } from '../../lib/db/database.js';
import { migrate, rowsOf } from '../../lib/db/migrate.js';
import { freshTestDatabase } from '../../../test/harness.js';
import { userRef } from '../access/index.js';
import { claimUrl, insertBatch } from './remote-uploads.repository.js';

/**
 * A claim takes exactly one URL, whatever plan the database picks for it. Found by the remote-upload
 * browser journey on named statements (ADR 0050): after the start-up `vacuum (analyze)` of an empty
 * table, PostgreSQL's generic plan ran the claim's `limit 1 … skip locked` subquery once per row of
 * the table it updated, so the first claim of a two-URL batch marked both URLs running and answered
 * one: the second was leased to nobody for the lease's length (31 minutes by default).
 */
let database: Database | undefined;
let drop = async () => undefined as void;
afterEach(async () => {
  const [opened, dropIt] = [database, drop];
  database = undefined;
  drop = async () => undefined;
  await opened?.close();
  await dropIt();
});

/** The test database's URL with a planner setting for every connection (as libpq's `options`). */
function withPlanCacheMode(url: string, mode: string): string {
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', `-c plan_cache_mode=${mode}`);
  return withOptions.toString();
}

for (const planCacheMode of ['auto', 'force_generic_plan']) {
  it(`claims one URL at a time (plan_cache_mode=${planCacheMode}, tables analysed while empty)`, async () => {
    const fresh = await freshTestDatabase();
    drop = fresh.drop;
    const target =
      fresh.target.driver === 'postgres'
        ? { ...fresh.target, url: withPlanCacheMode(fresh.target.url, planCacheMode) }
        : { ...fresh.target, namedStatements: true };
    database = await openDatabase(target);
    const { db } = database;
    await migrate(db, MIGRATIONS_DIR);
    if (target.driver !== 'postgres') await db.execute(sql.raw(`set plan_cache_mode = ${planCacheMode}`));
    await db.execute(sql`analyze`);
    const [owner] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into users (email, color) values ('claims@example.com', '#123456') returning id`),
    );
    // The job looks every 10 s: its claim runs often on the empty table, named from its second run.
    for (let run = 0; run < 8; run++) expect(await claimUrl(db, 60_000)).toBeNull();

    const urls = ['http://origin.test/1', 'http://origin.test/2', 'http://origin.test/3'];
    const batch = await insertBatch(db, {
      ownerId: owner!.id,
      storageOwnerId: owner!.id,
      actorKey: userRef(owner!.id),
      linkToken: null,
      parentId: null,
      urls,
    });
    const statuses = async () =>
      rowsOf<{ position: number; status: string }>(
        await db.execute(
          sql`select position, status from remote_upload_urls where batch_id = ${batch.id} order by position`,
        ),
      ).map((r) => r.status);

    for (let position = 0; position < urls.length; position++) {
      const claim = await claimUrl(db, 60_000);
      expect(claim).toMatchObject({ batchId: batch.id, position, url: urls[position], attempts: 1 });
      // Only the claimed URL is running; the ones after it are still waiting for their turn.
      expect(await statuses()).toEqual(
        urls.map((_, i) => (i < position ? 'done' : i === position ? 'running' : 'pending')),
      );
      await db.execute(
        sql`update remote_upload_urls set status = 'done' where batch_id = ${batch.id} and position = ${position}`,
      );
    }
    expect(await claimUrl(db, 60_000)).toBeNull();
  }, 120_000);
}

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../test/harness.js';
import { openDatabase, type Database } from './database.js';

/**
 * `nameStatements` wraps node-postgres' `client.query` (ADR 0017): it relies on drizzle handing
 * node-postgres a plain `{ text, values }` config, on query objects carrying `submit`, and on a
 * config's `name` making node-postgres prepare the statement once per connection. An upgrade of
 * either that changes one of these makes this fail instead of silently planning every statement.
 */
describe.skipIf(!testPostgresUrl)('named statements through node-postgres', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('prepares a statement drizzle runs again, once, on its connection', async () => {
    database = await openDatabase({ driver: 'postgres', url: testPostgresUrl ?? '' });
    const db = database.db;
    const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
      const result: unknown = await db.execute(query);
      return (result as { rows: T[] }).rows;
    };
    for (let i = 0; i < 3; i++) {
      expect(await rows(sql`select ${41}::int + 1 as answer`)).toEqual([{ answer: 42 }]);
    }
    const prepared = await rows<{ statement: string }>(sql`select statement from pg_prepared_statements`);
    expect(prepared.map((r) => r.statement)).toContain('select $1::int + 1 as answer');
  });
});

import { PGlite, messages } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameEmbeddedStatements } from './pglite-named.js';

/**
 * The embedded database's own path and the named one side by side (ADR 0050): the same rows, types
 * and errors, statements named from their second run, and a plan gone stale run again unnamed.
 */
describe('named statements on the embedded database', () => {
  let plain: PGlite;
  let named: PGlite;

  const prepared = async (pg: PGlite) =>
    (await pg.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;

  beforeAll(async () => {
    [plain, named] = await Promise.all([PGlite.create(), PGlite.create()]);
    nameEmbeddedStatements(named, 3);
    for (const pg of [plain, named]) {
      await pg.exec(`
        create table things (
          id int primary key, name text not null unique, tags text[], data jsonb, at timestamptz, size bigint, ratio numeric
        );
        insert into things values
          (1, 'one', '{a,"b c"}', '{"k": [1, 2]}', '2026-11-27T10:00:00Z', 9007199254740993, 1.50),
          (2, 'two', null, null, null, null, null);
      `);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([plain?.close(), named?.close()]);
  });

  it('answers what PGlite answers, on every run, with drizzle’s parsers and without', async () => {
    const text = 'select * from things where id = any($1::int[]) or name = $2 order by id';
    for (let run = 0; run < 4; run++) {
      const [mine, theirs] = await Promise.all([named.query(text, [[1, 2], 'x']), plain.query(text, [[1, 2], 'x'])]);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const [a, b] = [drizzle(named), drizzle(plain)];
    for (let run = 0; run < 3; run++) {
      const q = sql`select id, at, data, tags from things where data is not null and ${run} >= 0`;
      expect(await a.execute(q)).toEqual(await b.execute(q));
    }
    expect((await prepared(named)).map((s) => s.statement)).toContain(text);
    expect(await prepared(plain)).toEqual([]);
  });

  it('keeps PGlite’s errors: the code, and the query it came from', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    for (let run = 0; run < 3; run++) {
      const error = (await named.query(insert, [10 + run, 'one']).catch((e: unknown) => e)) as messages.DatabaseError;
      expect(error).toBeInstanceOf(messages.DatabaseError);
      expect(error.code).toBe('23505');
      expect((error as unknown as { query: string }).query).toBe(insert);
    }
    // A statement that does not parse is not remembered, and the connection goes on.
    await expect(named.query('select nothing from nowhere where x = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    await expect(named.query('select nothing from nowhere where x = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    expect((await named.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
  });

  it('commits and rolls back inside transactions as PGlite does', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    await named.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.query(insert, [100 + i, `t${i}`]);
    });
    await expect(
      named.transaction(async (tx) => {
        await tx.query(insert, [200, 'kept?']);
        await tx.query(insert, [201, 'one']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = (await named.query<{ id: number }>('select id from things where id >= $1 order by id', [100])).rows;
    expect(rows.map((r) => r.id)).toEqual([100, 101, 102]);
  });

  it('runs a statement whose table changed under it again, unnamed, and names it afresh', async () => {
    const text = 'select * from things where id = $1';
    for (let run = 0; run < 3; run++) await named.query(text, [1]);
    await named.exec('alter table things add column extra text default $$x$$');
    const after = await named.query<{ extra: string }>(text, [1]);
    expect(after.rows[0]?.extra).toBe('x');
    for (let run = 0; run < 3; run++)
      expect((await named.query<{ extra: string }>(text, [1])).rows[0]?.extra).toBe('x');
  });

  it('parses a named statement again after a schema change, in a transaction too', async () => {
    // An instance of its own: the shared one has named its cap of texts by now.
    const named = await PGlite.create();
    nameEmbeddedStatements(named);
    // A column's type changed: the parameter type fixed when the statement was parsed no longer fits.
    await named.exec('create table kinds (id int primary key, label text); insert into kinds values (1, $$a$$)');
    const byId = 'select id, label from kinds where id = $1';
    for (let run = 0; run < 3; run++) expect((await named.query(byId, [1])).rows).toEqual([{ id: 1, label: 'a' }]);
    await named.exec(
      'drop table kinds; create table kinds (id text primary key, label text); insert into kinds values ($$k$$, $$b$$)',
    );
    for (let run = 0; run < 3; run++) expect((await named.query(byId, ['k'])).rows).toEqual([{ id: 'k', label: 'b' }]);
    // A result changed inside a transaction: a stale plan would abort it before it could run again.
    const all = 'select * from kinds where id = $1';
    for (let run = 0; run < 3; run++) await named.query(all, ['k']);
    const inside = await named.transaction(async (tx) => {
      await tx.query('alter table kinds add column note text default $$n$$');
      const rows = [(await tx.query(all, ['k'])).rows, (await tx.query(all, ['k'])).rows];
      await tx.query('savepoint s');
      await tx.query('alter table kinds drop column note');
      rows.push((await tx.query(all, ['k'])).rows);
      await tx.query('rollback to savepoint s');
      rows.push((await tx.query(all, ['k'])).rows);
      return rows;
    });
    const withNote = [{ id: 'k', label: 'b', note: 'n' }];
    expect(inside).toEqual([withNote, withNote, [{ id: 'k', label: 'b' }], withNote]);
    for (let run = 0; run < 3; run++) expect((await named.query(all, ['k'])).rows).toEqual(withNote);
    await named.close();
  }, 60_000);

  it('names at most its cap of texts; others keep running unnamed', async () => {
    for (let i = 0; i < 10; i++) {
      for (let run = 0; run < 2; run++) {
        expect((await named.query<{ n: number }>(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
      }
    }
    expect((await prepared(named)).length).toBeLessThanOrEqual(3);
  });
});

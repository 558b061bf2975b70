import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameEmbeddedStatements } from './pglite-named.js';

type Outcome = { ok: unknown } | { error: { code?: string; message: string } };
const outcome = async (f: () => Promise<unknown>): Promise<Outcome> => {
  try {
    return { ok: await f() };
  } catch (e) {
    const err = e as { code?: string; message: string };
    return { error: { code: err.code, message: err.message.replace(/statement "fs\d+"/, 'statement ""') } };
  }
};
const strip = (r: unknown) => {
  const { rows, fields, affectedRows, rowCount, command } = r as Record<string, unknown>;
  return { rows, fields, affectedRows, rowCount, command };
};

describe('named statements: attack', () => {
  let plain: PGlite;
  let named: PGlite;
  const both = async (f: (pg: PGlite) => Promise<unknown>, runs = 4) => {
    for (let run = 0; run < runs; run++) {
      const a = await outcome(() => f(named));
      const b = await outcome(() => f(plain));
      expect(a, `run ${run}`).toEqual(b);
    }
  };

  beforeAll(async () => {
    [plain, named] = await Promise.all([PGlite.create(), PGlite.create()]);
    nameEmbeddedStatements(named, 50);
    for (const pg of [plain, named]) {
      await pg.exec(`
        create table v (id serial primary key, at timestamptz, big bigint, b bytea, flag boolean, doc jsonb,
          ids uuid[], n numeric, t text, d date, tags text[]);
        create table log (id serial primary key, note text);
        create function log_notify() returns trigger language plpgsql as $$
          begin perform pg_notify('logged', new.note); return new; end $$;
        create trigger log_notify after insert on log for each row execute function log_notify();
      `);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([plain?.close(), named?.close()]);
  });

  it('every value type, object and array rows', async () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const values = [
      at,
      9007199254740993n,
      Buffer.from([0, 1, 255]),
      true,
      { k: [1, 'x', null], s: 'a"b\\c' },
      ['6f1c2a4e-0000-4000-8000-000000000001', '6f1c2a4e-0000-4000-8000-000000000002'],
      '1.50',
      "it's",
      '2026-11-27',
      ['a,b', 'c"d', null, ''],
    ];
    const insert =
      'insert into v (at, big, b, flag, doc, ids, n, t, d, tags) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *';
    await both(async (pg) => strip(await pg.query(insert, values)));
    await both(async (pg) => strip(await pg.query(insert, [new Uint8Array([9]), ...Array(9).fill(null)].slice(0))), 1);
    await both(async (pg) =>
      strip(
        await pg.query(insert, [
          undefined,
          undefined,
          new Uint8Array([7, 8]),
          false,
          [1, { a: 2 }],
          [],
          0,
          '',
          null,
          [],
        ]),
      ),
    );
    await both(async (pg) => strip(await pg.query('select * from v order by id', [], { rowMode: 'array' })));
    await both(async (pg) => strip(await pg.query('select id, id, t as id from v order by id', [])));
    await both(async (pg) => strip(await pg.query('select id, id from v order by id', [], { rowMode: 'array' })));
    await both(async (pg) => strip(await pg.query('select $1 as x, $2::int as y', [5, '7'])));
    await both(async (pg) => strip(await pg.query('select $1::jsonb as x', ['"str"'])));
    await both(async (pg) => strip(await pg.query('select $1::jsonb as x', [{ a: 1n === 1n }])));
    const db = drizzle(named);
    const dp = drizzle(plain);
    for (let i = 0; i < 3; i++) {
      const q = sql`select ${at}::timestamptz as a, ${'{1,2}'}::int[] as b, ${{ x: 1 }}::jsonb as c, ${true} as d, ${null}::text as e`;
      expect(await db.execute(q)).toEqual(await dp.execute(q));
    }
  });

  it('bind errors, then reuse (root and transaction)', async () => {
    const q = 'select $1::int + 1 as n';
    for (const p of ['abc', 1, 'abc', 2, 'abc', 3]) await both(async (pg) => strip(await pg.query(q, [p])), 1);
    await both(async (pg) => strip(await pg.query(q, [1, 2])), 2);
    await both(async (pg) => strip(await pg.query('select $1::int as a, $2::int as b', [1])), 3);
    await both(
      (pg) =>
        pg.transaction(async (tx) => {
          await tx.query(q, [1]);
          await tx.query(q, ['abc']).catch(() => undefined);
          return strip(await tx.query(q, [2]));
        }),
      3,
    );
    await both(async (pg) => strip(await pg.query(q, [4])), 2);
  });

  it('drizzle nested savepoints with errors, named statements reused afterwards', async () => {
    const run = (pg: PGlite) =>
      drizzle(pg).transaction(async (tx) => {
        await tx.execute(sql`insert into log (note) values (${'outer'})`);
        const r1 = await tx
          .transaction(async (t2) => {
            await t2.execute(sql`insert into log (note) values (${'inner'})`);
            await t2.execute(sql`insert into log (id, note) values (${1}, ${'dup'})`);
            await t2.execute(sql`insert into log (id, note) values (${1}, ${'dup'})`);
          })
          .catch((e: { code?: string }) => e.code);
        const r2 = await tx.transaction(async (t2) => {
          await t2.execute(sql`insert into log (note) values (${'inner'})`);
          return t2.execute(sql`select count(*)::int as n from log`);
        });
        return [r1, (r2 as unknown as { rows: unknown }).rows];
      });
    await both(async (pg) => run(pg), 4);
    await both(async (pg) => strip(await pg.query('select id, note from log order by id')), 2);
  });

  it('error inside a transaction then rollback, then the same statements', async () => {
    const ins = 'insert into log (id, note) values ($1, $2) returning id';
    const f = (pg: PGlite) =>
      pg.transaction(async (tx) => {
        await tx.query(ins, [1000, 'x']);
        await tx.query(ins, [1000, 'x']);
      });
    await both(f, 3);
    await both(async (pg) => strip(await pg.query(ins, [1001, 'y'])), 1);
    await both(async (pg) => strip(await pg.query('delete from log where id = $1 returning note', [1001])), 3);
    // a statement first parsed (named) inside a transaction that is rolled back
    const fresh = 'select note from log where id = $1 and note <> $2';
    await both(
      (pg) =>
        pg.transaction(async (tx) => {
          await tx.query(fresh, [1, 'a']);
          await tx.query(fresh, [1, 'a']);
          await tx.rollback();
        }),
      1,
    );
    await both(async (pg) => strip(await pg.query(fresh, [1, 'a'])), 3);
    await both(
      (pg) =>
        pg.transaction(async (tx) => {
          await tx.query('select 1/0').catch(() => undefined);
          return strip(await tx.query(fresh, [1, 'a']));
        }),
      2,
    );
  });

  it('50 concurrent queries mixing root and transactions', async () => {
    const go = async (pg: PGlite) => {
      const jobs = Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? pg.transaction(async (tx: Transaction) => {
              const [a, b] = await Promise.all([
                tx.query<{ n: number }>('select $1::int * 2 as n', [i]),
                tx.query<{ n: number }>('insert into log (note) values ($1) returning length(note) as n', [`c${i}`]),
              ]);
              return [a.rows[0]?.n, b.rows[0]?.n];
            })
          : pg.query<{ n: number }>('select $1::int * 2 as n', [i]).then((r) => r.rows[0]?.n),
      );
      return Promise.all(jobs);
    };
    await both(go, 3);
  });

  it('LISTEN/NOTIFY arrive outside and inside transactions', async () => {
    const got = { plain: [] as string[], named: [] as string[] };
    await plain.listen('logged', (p) => got.plain.push(p));
    await named.listen('logged', (p) => got.named.push(p));
    const ins = 'insert into log (note) values ($1)';
    for (const pg of [named, plain]) {
      for (let i = 0; i < 3; i++) await pg.query(ins, [`root${i}`]);
      for (let i = 0; i < 3; i++) await pg.transaction(async (tx) => void (await tx.query(ins, [`tx${i}`])));
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(got.named).toEqual(got.plain);
    expect(got.named).toHaveLength(6);
  });

  it('comments, whitespace, parentheses, CTEs, long texts', async () => {
    const texts = [
      '  \n select $1::int as a',
      '/* c */ select $1::int as a',
      '-- c\nselect $1::int as a',
      '(select $1::int as a)',
      'with x as (insert into log (note) values ($1::text) returning id) select count(*)::int as n from x',
      `select $1::int as a ${'/* pad */ '.repeat(20_000)}`,
      `select ${Array.from({ length: 500 }, (_, i) => `$1::int + ${i} as c${i}`).join(', ')}`,
      'SELECT $1::int AS a',
      'select $1::int as a; select 2',
    ];
    for (const t of texts) await both(async (pg) => strip(await pg.query(t, [3])), 3);
  });

  it('schema changes under a named statement (root)', async () => {
    for (const pg of [plain, named])
      await pg.exec('create table s (id int primary key, name text); insert into s values (1, $$a$$)');
    const q = 'select * from s where id = $1';
    await both(async (pg) => strip(await pg.query(q, [1])), 3);
    for (const pg of [plain, named])
      await pg.exec('drop table s; create table s (id text primary key, name int); insert into s values ($$1$$, 5)');
    await both(async (pg) => strip(await pg.query(q, ['1'])), 3);
  });

  it('schema changes under a named statement (transaction)', async () => {
    for (const pg of [plain, named]) await pg.exec('create table s2 (id int primary key); insert into s2 values (1)');
    const q = 'select * from s2 where id = $1';
    await both(async (pg) => strip(await pg.query(q, [1])), 3);
    await both(
      (pg) =>
        pg.transaction(async (tx) => {
          await tx.exec('alter table s2 add column extra text');
          return strip(await tx.query(q, [1]));
        }),
      1,
    );
  });
});

import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { StatementNames } from './prepared.js';

/**
 * The statements of the embedded database run through the protocol directly, named once common
 * (ADR 0050), as ADR 0017 gives them to node-postgres.
 *
 * PGlite's `query` parses, analyses and plans its text on every run, in six trips into its
 * WebAssembly module, and copies its ~320 result parsers into a new object for every query that
 * brings parsers of its own (drizzle's all do). Here a statement named once is only bound and
 * executed afterwards, in one trip; a text not (yet) named is parsed as the unnamed statement, in
 * two; and the answer is read with PGlite's parsers as the prototype of the query's own. On the
 * embedded database every statement waits for the one before, whoever sent it.
 *
 * The same `StatementNames` policy decides which texts get a name (seen twice, at most
 * `PGLITE_NAMES_MAX`). Plain commands (BEGIN, COMMIT, SET, VACUUM…) and queries with options only
 * PGlite's own path knows (a blob for COPY) go through PGlite's `query` as before. Errors are
 * PGlite's own `DatabaseError`, carrying the query as PGlite's would.
 */
export const PGLITE_NAMES_MAX = 200;

const DML = /^\s*(select|insert|update|delete|with)\b/i;
/** A statement whose plan no longer fits its text (a table's columns changed under it). */
const STALE_PLAN_CODES = new Set(['0A000', '26000']);
/**
 * Texts that leave every table, type and function as it was. Any other text run through `query` or
 * `exec` (CREATE, ALTER, DROP, DO…) may change what a named statement's text means: a column's type
 * (the statement's parameter types were fixed when it was parsed), or its result (which inside a
 * transaction aborts it before the stale plan can be run again).
 */
const KEEPS_SCHEMA =
  /^\s*(select|insert|update|delete|with|begin|start|commit|end|rollback|abort|savepoint|release|set|reset|show|listen|unlisten|notify|lock|vacuum|analyze|checkpoint|explain|fetch|move|close|declare|values|table)\b[^;]*;?\s*$/i;

type QueryFn = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

export function nameEmbeddedStatements(pg: PGlite, max = PGLITE_NAMES_MAX): void {
  const names = new StatementNames(max);
  const described = new Map<string, number[]>();
  /** Named statements parsed before a schema change: closed before they are parsed again. */
  const toClose = new Set<string>();
  /**
   * Schema changes running, and whether one ran since the named statements were last dropped. Until
   * the transaction block it ran in ends, statements run unnamed (parsed on every run, as PGlite
   * does): a rollback (of the block or to a savepoint) could undo it under a statement parsed since.
   */
  let changingSchema = 0;
  let schemaChanged = false;
  const changesSchema = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
    if (KEEPS_SCHEMA.test(text)) return run();
    changingSchema++;
    try {
      return await run();
    } finally {
      changingSchema--;
      schemaChanged = true;
    }
  };
  /** Inside the query lock: the name `text` runs under now ('' for the unnamed statement). */
  const nameNow = (text: string) => {
    if (schemaChanged && changingSchema === 0 && !pg.isInTransaction()) {
      for (const name of described.keys()) toClose.add(name);
      described.clear();
      schemaChanged = false;
    }
    return schemaChanged || changingSchema > 0 ? '' : (names.nameFor(text) ?? '');
  };
  const { serialize } = protocol;
  const concat = (parts: Uint8Array[]) => Buffer.concat(parts);

  const tagged = (error: unknown, text: string, params: unknown[], options?: QueryOptions) => {
    if (error instanceof messages.DatabaseError) {
      Object.assign(error, { query: text, params, queryOptions: options });
    }
    return error;
  };

  /**
   * The parsers of a query's answer: PGlite's own with the query's on top. PGlite copies all of its
   * ~320 parsers into a new object for every query given parsers of its own (drizzle gives every
   * query nine), ~0.2–0.5 ms a statement; an object whose prototype holds PGlite's costs nothing.
   */
  const parsersFor = (options?: QueryOptions) =>
    options?.parsers ? Object.assign(Object.create(pg.parsers) as typeof pg.parsers, options.parsers) : pg.parsers;

  /**
   * Runs `text` as the statement `name` (parsed once and kept), or as the unnamed statement when
   * `name` is '' (parsed each time, as PGlite does). Called inside PGlite's query lock.
   */
  async function run(name: string, text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    let paramTypes = name ? described.get(name) : undefined;
    if (!paramTypes) {
      const answer = await pg.execProtocolStream(
        concat([
          // Not an error when it does not exist (any more).
          ...(toClose.has(name) ? [serialize.close({ type: 'S', name })] : []),
          serialize.parse({ name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      paramTypes = parse.parseDescribeStatementResults(answer);
      if (name) {
        described.set(name, paramTypes);
        toClose.delete(name);
      }
    }
    const types = paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] as number;
      const serializer = options?.serializers?.[type] ?? pg.serializers[type];
      // As PGlite does: a type it has no serializer for takes the value's own text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const answer = await pg.execProtocolStream(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(answer, parsersFor(options), { ...options, parsers: undefined })[0] as Results;
  }

  /** Whether `text` runs here (named once common, see `nameNow`), or through PGlite's own path. */
  const runsHere = (text: string, options?: QueryOptions) => !options?.blob && DML.test(text);

  /**
   * Runs the named statement inside PGlite's query lock. A statement whose plan went stale is
   * closed and answers null: the caller runs the text unnamed this once.
   */
  const runLocked = (text: string, params: unknown[], options?: QueryOptions) =>
    pg._runExclusiveQuery(async (): Promise<Results | null> => {
      const name = nameNow(text);
      try {
        return await run(name, text, params, options);
      } catch (error) {
        if (name && error instanceof messages.DatabaseError && STALE_PLAN_CODES.has(error.code ?? '')) {
          described.delete(name);
          await pg.execProtocolStream(concat([serialize.close({ type: 'S', name }), serialize.sync()]), {
            syncToFs: false,
          });
          return null;
        }
        throw tagged(error, text, params, options);
      }
    });

  const rootQuery = pg.query.bind(pg) as QueryFn;
  pg.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!runsHere(text, options)) return changesSchema(text, () => rootQuery(text, params, options));
    await pg._checkReady();
    const result = await pg._runExclusiveTransaction(async () => {
      const answer = await runLocked(text, params, options);
      // Outside a transaction PGlite writes its files through after each query; so does this path.
      if (answer) await pg.syncToFs();
      return answer;
    });
    return result ?? rootQuery(text, params, options);
  }) as PGlite['query'];

  const rootExec = pg.exec.bind(pg);
  pg.exec = (text: string, options?: QueryOptions) => changesSchema(text, () => rootExec(text, options));

  const transaction = pg.transaction.bind(pg);
  pg.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery: QueryFn = tx.query.bind(tx);
      tx.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (!runsHere(text, options)) return changesSchema(text, () => txQuery(text, params, options));
        return (await runLocked(text, params, options)) ?? txQuery(text, params, options);
      }) as Transaction['query'];
      const txExec = tx.exec.bind(tx);
      tx.exec = (text: string, options?: QueryOptions) => changesSchema(text, () => txExec(text, options));
      return callback(tx);
    });
}

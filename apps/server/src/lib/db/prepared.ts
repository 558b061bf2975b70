import type { PoolClient } from 'pg';

/**
 * Named (prepared) statements for the texts a server runs again and again, given to node-postgres
 * without the callers knowing (ADR 0017).
 *
 * An unnamed statement is parsed, analysed and planned by PostgreSQL on every run; for the short
 * look-ups a request makes (the session, the access walk, a page of a listing) that is most of
 * PostgreSQL's work. node-postgres prepares a statement once per connection when the query carries a
 * `name`, then only binds and executes it. The text is the key: the same text always gets the same
 * name, so a name never meets a second text (node-postgres refuses that).
 *
 * Only texts seen `SEEN_BEFORE_NAMING` times are named, and at most `NAMES_MAX` of them per
 * process, so statements built with a list of values inlined (one text per list length) cannot make
 * every connection hold thousands of prepared statements; past the cap, texts run unnamed as before.
 */
const SEEN_BEFORE_NAMING = 2;
const NAMES_MAX = 400;
/** Texts counted but not yet named; forgotten wholesale when it grows this large. */
const SEEN_MAX = 4_000;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();

  constructor(private readonly max = NAMES_MAX) {}

  /** The name for this text, or undefined while it should run unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.max) return named;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < SEEN_BEFORE_NAMING) {
      if (this.seen.size >= SEEN_MAX) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const name = `fs${this.names.size}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
}

/**
 * Makes every query of `client` whose config is an object without a name (what drizzle sends) run
 * as a named statement once its text is common (see `StatementNames`). Queries given as plain
 * text (`BEGIN`, `COMMIT`, migrations) and queries that name themselves are left alone.
 */
export function nameStatements(client: PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !('submit' in config)) {
      const c = config as QueryConfigLike;
      if (c.name === undefined && typeof c.text === 'string') {
        const name = names.nameFor(c.text);
        if (name !== undefined) return query({ ...c, name }, ...rest);
      }
    }
    return query(config, ...rest);
  }) as PoolClient['query'];
}

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and kept (drizzle's `.prepare()` with `sql.placeholder` values),
 * for statements a request runs every time: building a select from drizzle's objects cost more of
 * the server's time than running it (ADR 0017). `key` names the statement's shape; `make` must
 * build the same text for the same key.
 */
export function preparedOn<T>(db: object, key: string, make: () => T): T {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map<string, unknown>()));
  let query = byKey.get(key) as T | undefined;
  if (query === undefined) byKey.set(key, (query = make()));
  return query;
}

/**
 * Values as the text of one PostgreSQL array (`{"a","b"}`): one parameter, whatever their number.
 * Each element is quoted, so a value holding a comma or a brace stays one element.
 */
export const arrayParam = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';

/** One folder met on the way up: enough to say whether it is trashed and where it hangs. */
interface Node {
  parentId: string | null;
  trashed: boolean;
  /** Known when the walk read it (the access walk does; `ancestryQuery` does not). */
  name?: string;
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Every item above `ids` (and `ids` themselves) in one recursive walk up the primary key. `union`
 * keeps each item once, so a thousand ids in one deep branch cost what the branch is deep, not a
 * walk per id (issue 12 item 6: per-id walks made 999 ids of a 1,000-deep chain ~500,000 look-ups),
 * and a cycle, should one ever exist, ends the walk instead of running forever. No depth cap: a
 * deep item is never called live because its walk stopped early.
 */
export const ancestryQuery = (ids: readonly string[]) => sql`
  with recursive up(id, parent_id, trashed) as (
    select id, parent_id, deleted_at is not null from items where id in (${idList(ids)})
    union
    select i.id, i.parent_id, i.deleted_at is not null from items i join up on i.id = up.parent_id
  )
  select id, parent_id, trashed from up`;

/**
 * The items above a set of ids, answering for each id the questions the access policy asks of its
 * ancestors: which item put it in the trash, and whether it lies inside a given folder. Each answer
 * is remembered for every item on the way, so the whole set costs one pass over the nodes.
 */
export class Ancestry {
  private readonly trashedMemo = new Map<string, string | null>();
  private readonly insideMemo = new Map<string, Map<string, boolean>>();

  constructor(private readonly nodes: ReadonlyMap<string, Node>) {}

  /**
   * `id` and every folder above it, outermost first, with their names (the breadcrumbs of a folder);
   * only from a walk that read names (`ancestryColumn`).
   */
  pathTo(id: string): { id: string; name: string }[] {
    const path: { id: string; name: string }[] = [];
    for (let cur: string | null = id; cur !== null;) {
      const node = this.nodes.get(cur);
      if (!node) break;
      path.push({ id: cur, name: node.name ?? '' });
      cur = node.parentId;
      if (path.length > this.nodes.size) throw new Error(`the items above ${id} form a cycle`);
    }
    return path.reverse();
  }

  /** Whether the walk met `id` (it exists). */
  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /**
   * The item whose trashing put `id` in the trash (ADR 0005): itself, the nearest trashed folder
   * above it, or null when it is live.
   */
  trashedBy(id: string): string | null {
    const memo = this.trashedMemo;
    const seen: string[] = [];
    let answer: string | null = null;
    for (let cur: string | null = id; cur !== null;) {
      const known = memo.get(cur);
      if (known !== undefined) {
        answer = known;
        break;
      }
      const node = this.nodes.get(cur);
      if (!node) break;
      seen.push(cur);
      if (node.trashed) {
        answer = cur;
        break;
      }
      cur = node.parentId;
      if (seen.length > this.nodes.size) throw new Error(`the items above ${id} form a cycle`);
    }
    for (const x of seen) memo.set(x, answer);
    return answer;
  }

  /** Whether `id` is `rootId` or lies below it. */
  isWithin(id: string, rootId: string): boolean {
    let memo = this.insideMemo.get(rootId);
    if (!memo) this.insideMemo.set(rootId, (memo = new Map([[rootId, true]])));
    const known = memo;
    const seen: string[] = [];
    let answer = false;
    for (let cur: string | null = id; cur !== null;) {
      const hit = known.get(cur);
      if (hit !== undefined) {
        answer = hit;
        break;
      }
      seen.push(cur);
      cur = this.nodes.get(cur)?.parentId ?? null;
      if (seen.length > this.nodes.size + 1) throw new Error(`the items above ${id} form a cycle`);
    }
    for (const x of seen) known.set(x, answer);
    return answer;
  }

  /**
   * The proper ancestors of each id that are among `among`, nearest first, found lazily: each
   * item's nearest selected ancestor is worked out once, so a thousand selected items in one chain
   * cost the chain, and a caller asking "is any of them …" stops at the first.
   */
  selectedAbove(among: ReadonlySet<string>): (id: string) => Generator<string> {
    const nearest = new Map<string, string | null>();
    const nearestAbove = (id: string): string | null => {
      const seen: string[] = [];
      let answer: string | null = null;
      for (let cur = this.nodes.get(id)?.parentId ?? null; cur !== null; cur = this.nodes.get(cur)?.parentId ?? null) {
        if (among.has(cur)) {
          answer = cur;
          break;
        }
        const known = nearest.get(cur);
        if (known !== undefined) {
          answer = known;
          break;
        }
        seen.push(cur);
        if (seen.length > this.nodes.size) throw new Error(`the items above ${id} form a cycle`);
      }
      for (const x of seen) nearest.set(x, answer);
      return answer;
    };
    return function* (id: string) {
      let steps = 0;
      for (let cur = nearestAbove(id); cur !== null; cur = nearestAbove(cur)) {
        yield cur;
        if (++steps > among.size) throw new Error(`the items above ${id} form a cycle`);
      }
    };
  }
}

/**
 * The same walk as one JSON value, from the ids of `ownerIds` only, with the names met on the way
 * (a folder's breadcrumbs come with its access check): a statement that reads the rows adds it as a
 * column (evaluated once), so deciding a request costs one round trip. The ids go as arrays, so the
 * text is the same for every request and PostgreSQL plans it once per connection (ADR 0017):
 * `ids` and `ownerIds` are each one `uuid[]` value (placeholders of a prepared query).
 */
export const ancestryColumn = (ids: SQL, ownerIds: SQL) => sql`(
  with recursive up(id, parent_id, trashed, name) as (
    select id, parent_id, deleted_at is not null, name from items
    where id = any(${ids}::uuid[]) and owner_id = any(${ownerIds}::uuid[])
    union
    select i.id, i.parent_id, i.deleted_at is not null, i.name from items i join up on i.id = up.parent_id
  )
  select coalesce(json_agg(json_build_array(id, parent_id, trashed, name)), '[]'::json) from up)`;

/** An `ancestryColumn` value as read back (parsed JSON, or its text). */
export function ancestryFromColumn(value: unknown): Ancestry {
  const walk = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as [
    string,
    string | null,
    boolean,
    string,
  ][];
  return new Ancestry(new Map(walk.map(([id, parentId, trashed, name]) => [id, { parentId, trashed, name }])));
}

/** The ancestry of `ids` in one query (see `ancestryQuery`). */
export async function ancestryOf(db: Db, ids: readonly string[]): Promise<Ancestry> {
  const nodes = new Map<string, Node>();
  if (ids.length) {
    const result = await db.execute(ancestryQuery([...new Set(ids)]));
    for (const r of rowsOf<{ id: string; parent_id: string | null; trashed: boolean }>(result)) {
      nodes.set(r.id, { parentId: r.parent_id, trashed: r.trashed });
    }
  }
  return new Ancestry(nodes);
}

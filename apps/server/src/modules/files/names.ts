import { and, eq, isNull, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { ITEM_NAME_MAX } from '@filestore/contract';
import { items } from './items.table.js';

/**
 * One rule everywhere (create, upload, move, restore): a name already taken in the folder gets the
 * first free " (n)" suffix, before the extension for files: `report.pdf` → `report (1).pdf`.
 * Names compare case-insensitively and after Unicode NFC, like the file systems a zip is unpacked on.
 */
export function splitForSuffix(name: string, type: 'folder' | 'file'): { base: string; ext: string } {
  if (type === 'folder') return { base: name, ext: '' };
  const dot = name.lastIndexOf('.');
  // A leading dot (".env") is part of the name, not an extension.
  if (dot <= 0 || dot === name.length - 1) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot) };
}

export function nameWithSuffix(name: string, type: 'folder' | 'file', n: number): string {
  if (n === 0) return name;
  const { base, ext } = splitForSuffix(name, type);
  // "report (1)" suffixed again becomes "report (2)", not "report (1) (1)".
  const suffix = ` (${n})`;
  const stem = base.replace(/ \(\d+\)$/, '');
  // A name at the length limit gives up the end of its stem, never its extension or the suffix.
  const room = Math.max(ITEM_NAME_MAX - suffix.length - ext.length, 1);
  let cut = stem.slice(0, room);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never half an emoji
  return `${cut}${suffix}${ext}`;
}

/** Lower-case text after the last dot, or null (no dot, dotfile, or a trailing dot). */
export function extensionOf(name: string): string | null {
  const { ext } = splitForSuffix(name, 'file');
  return ext ? ext.slice(1).toLowerCase().slice(0, 32) : null;
}

const BATCH = 32;
/** Names looked up in one statement on the first look (two parameters each, far below the limit). */
const FIRST_LOOK_BATCH = 1000;

export interface NameRequest {
  name: string;
  type: 'folder' | 'file';
  /** The item itself when it is renamed or moved: its own current name is not a clash. */
  id?: string;
}

const sameFolder = (ownerId: string, parentId: string | null) =>
  and(
    eq(items.ownerId, ownerId),
    parentId === null ? isNull(items.parentId) : eq(items.parentId, parentId),
    isNull(items.deletedAt),
  );

/**
 * What makes two names one in a folder, as the unique index `items_live_name_unique` compares them:
 * case-folded by PostgreSQL after Unicode NFC (é as one code point or as e and a combining accent
 * is one name: ADR 0067). Names are stored as given.
 */
export const nameKey = (name: SQLWrapper | string) =>
  typeof name === 'string' ? sql`lower(normalize(${name}::text, NFC))` : sql`lower(normalize(${name}, NFC))`;

/**
 * For each candidate: its case-folded form as PostgreSQL folds it (the unique index decides with
 * PostgreSQL's `lower`, which differs from JavaScript's for final sigma or dotted I) and whether a
 * live item of the folder already has it.
 */
async function lookUpCandidates(
  db: Db,
  ownerId: string,
  parentId: string | null,
  candidates: readonly string[],
  ownIds: readonly string[],
): Promise<{ name: string; key: string; taken: boolean }[]> {
  const values = sql.join(
    candidates.map((c, i) => sql`(${i}::int, ${c}::text)`),
    sql`, `,
  );
  const notOwn = ownIds.length ? notInArray(items.id, [...ownIds]) : undefined;
  const rows = await db.execute(sql`
    select v.i, lower(normalize(v.c, NFC)) as key, exists (
      select 1 from ${items}
      where ${and(sameFolder(ownerId, parentId), notOwn)} and ${nameKey(items.name)} = lower(normalize(v.c, NFC))
    ) as taken
    from (values ${values}) as v(i, c)`);
  const found = rowsOf<{ i: number; key: string; taken: boolean }>(rows);
  const byIndex = new Map(found.map((r) => [Number(r.i), r]));
  return candidates.map((name, i) => {
    const row = byIndex.get(i);
    return { name, key: row?.key ?? name, taken: row?.taken === true };
  });
}

/**
 * Picks a free name for each request in folder `parentId` of `ownerId`, also keeping the requests
 * apart from each other. Looks names up in batches through the unique index; the caller writes them
 * and retries (see `retryOnNameClash`) if another transaction took one meanwhile.
 */
export async function allocateNames(
  db: Db,
  ownerId: string,
  parentId: string | null,
  requests: readonly NameRequest[],
): Promise<string[]> {
  const allocated = new Set<string>();
  const result: string[] = [];
  const ownIds = requests.flatMap((r) => (r.id ? [r.id] : []));
  // Every name as asked, looked up together: most are free, and a request naming thousands of
  // items costs a few statements instead of one each. Only a taken name looks for its suffix.
  const asked: { name: string; key: string; taken: boolean }[] = [];
  for (let i = 0; i < requests.length; i += FIRST_LOOK_BATCH) {
    const names = requests.slice(i, i + FIRST_LOOK_BATCH).map((r) => r.name);
    asked.push(...(await lookUpCandidates(db, ownerId, parentId, names, ownIds)));
  }
  for (const [index, request] of requests.entries()) {
    const first = asked[index];
    if (first && first.name === request.name && !first.taken && !allocated.has(first.key)) {
      allocated.add(first.key);
      result.push(first.name);
      continue;
    }
    for (let start = 0; ; start += BATCH) {
      const candidates = Array.from({ length: BATCH }, (_, i) => nameWithSuffix(request.name, request.type, start + i));
      const looked = await lookUpCandidates(db, ownerId, parentId, candidates, ownIds);
      const free = looked.find((c) => !c.taken && !allocated.has(c.key));
      if (free) {
        allocated.add(free.key);
        result.push(free.name);
        break;
      }
    }
  }
  return result;
}

const UNIQUE_VIOLATION = '23505';

export function isNameClash(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    const constraint = (e as { constraint?: string }).constraint;
    if (code === UNIQUE_VIOLATION && (!constraint || constraint === 'items_live_name_unique')) return true;
    if (e instanceof Error && /items_live_name_unique/.test(e.message)) return true;
  }
  return false;
}

/**
 * Runs `write` inside a savepoint and runs it again when a concurrent writer took a name between
 * our look-up and our write. The transaction around it survives the failed attempt.
 */
export async function retryOnNameClash<T>(db: Db, write: (tx: Db) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => write(tx));
    } catch (error) {
      if (attempt >= attempts || !isNameClash(error)) throw error;
    }
  }
}

import type { Paginate } from '@filestore/contract';
import { PAGE_SIZE_DEFAULT } from '@filestore/contract';
import { z } from 'zod';
import type { ItemRow } from './items.table.js';
import { invalidCursor } from './files.errors.js';

/**
 * Listings are a sequence of phases (folders, then files), each read from one index in one order.
 * A page is either an offset (`page`, spread over the phases with the phases' totals) or a keyset
 * cursor (the phase and the sort key of the last row sent), so a deep page never counts or skips rows.
 */
export interface KeyedRow {
  row: ItemRow;
  /** The row's sort key as text, in order (the id comes separately). */
  key: string[];
}

export interface Phase {
  total: number;
  /** Rows after `from` (or from the start), skipping `offset`, at most `limit`. */
  fetch(from: { key: string[]; id: string } | null, offset: number, limit: number): Promise<KeyedRow[]>;
}

const cursorShape = z.object({
  /** Which listing (and sort) the cursor belongs to; a cursor of another listing is refused. */
  l: z.string(),
  /** Page number the cursor leads to. */
  p: z.number().int().min(1),
  ph: z.number().int().min(0),
  k: z.array(z.string()).nullable(),
  id: z.uuid().nullable(),
});
type Cursor = z.infer<typeof cursorShape>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string, listing: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorShape.safeParse(parsed);
  if (!result.success || result.data.l !== listing || (result.data.k === null) !== (result.data.id === null)) {
    throw invalidCursor();
  }
  return result.data;
}

export interface PageRequest {
  page?: number | undefined;
  per_page?: number | undefined;
  cursor?: string | undefined;
}

/**
 * Reads one page over the phases. `listing` names the listing and its order (it goes into the
 * cursor). One query per phase touched, plus a one-row look-ahead that tells whether a next page exists.
 */
export async function readPage(
  phases: readonly Phase[],
  request: PageRequest,
  listing: string,
): Promise<{ rows: ItemRow[]; paginate: Paginate }> {
  const perPage = request.per_page ?? PAGE_SIZE_DEFAULT;
  const total = phases.reduce((sum, p) => sum + p.total, 0);
  let phase = 0;
  let offset = 0;
  let from: { key: string[]; id: string } | null = null;
  let currentPage = request.page ?? 1;
  if (request.cursor) {
    const cursor = decodeCursor(request.cursor, listing);
    if (cursor.ph >= phases.length) throw invalidCursor();
    ({ ph: phase, p: currentPage } = cursor);
    from = cursor.k && cursor.id ? { key: cursor.k, id: cursor.id } : null;
  } else {
    offset = (currentPage - 1) * perPage;
    // The offset lands in the first phase whose total it does not exceed.
    while (phase < phases.length - 1 && offset >= (phases[phase]?.total ?? 0)) {
      offset -= phases[phase]?.total ?? 0;
      phase++;
    }
  }

  const rows: KeyedRow[] = [];
  let next: Cursor | null = null;
  for (; phase < phases.length; phase++) {
    const need = perPage - rows.length;
    const got = await (phases[phase] as Phase).fetch(from, offset, need + 1);
    if (got.length > need) {
      rows.push(...got.slice(0, need));
      const last = rows.at(-1);
      // A page that ends exactly where a phase starts continues at the start of that phase.
      next =
        need > 0 && last
          ? { l: listing, p: currentPage + 1, ph: phase, k: last.key, id: last.row.id }
          : { l: listing, p: currentPage + 1, ph: phase, k: null, id: null };
      break;
    }
    rows.push(...got);
    from = null;
    offset = 0;
  }

  return {
    rows: rows.map((r) => r.row),
    paginate: {
      currentPage,
      perPage,
      total,
      lastPage: Math.max(1, Math.ceil(total / perPage)),
      nextCursor: next ? encodeCursor(next) : null,
    },
  };
}

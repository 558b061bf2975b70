import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { defaultPages } from './default-pages.js';
import { pages, type PageRow } from './pages.table.js';

export async function findPage(db: Db, slug: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  return row;
}

export async function listPages(db: Db): Promise<PageRow[]> {
  return db.select().from(pages).orderBy(asc(pages.slug));
}

/** The visible pages' slugs and titles, for the public footer. */
export async function visiblePageLinks(db: Db): Promise<Array<{ slug: string; title: string }>> {
  return db
    .select({ slug: pages.slug, title: pages.title })
    .from(pages)
    .where(eq(pages.visibility, true))
    .orderBy(asc(pages.slug));
}

export async function updatePage(
  db: Db,
  slug: string,
  change: Partial<Pick<PageRow, 'title' | 'content' | 'visibility'>>,
): Promise<PageRow | undefined> {
  const [row] = await db
    .update(pages)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(pages.slug, slug))
    .returning();
  return row;
}

/** Inserts the default pages that are missing; never overwrites an edited one. */
export async function seedDefaultPages(db: Db): Promise<void> {
  await db.insert(pages).values(defaultPages).onConflictDoNothing();
}

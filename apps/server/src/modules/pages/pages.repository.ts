import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { defaultPages } from './default-pages.js';
import { pages, type PageRow } from './pages.table.js';

export async function findPage(db: Db, slug: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  return row;
}

/** Inserts the default pages that are missing; never overwrites an edited one. */
export async function seedDefaultPages(db: Db): Promise<void> {
  await db.insert(pages).values(defaultPages).onConflictDoNothing();
}

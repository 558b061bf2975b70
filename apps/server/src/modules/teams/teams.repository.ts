import { inArray } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { users, type UserRow } from '../users/index.js';

export async function usersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

import { randomInt } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { users, type UserRow } from './users.table.js';

const PALETTE = [
  '#00BC7E',
  '#0077FF',
  '#FF5A5F',
  '#FFB400',
  '#8B5CF6',
  '#EC4899',
  '#14B8A6',
  '#F97316',
  '#6366F1',
  '#84CC16',
];

export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

export const fullName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  role: 'admin' | 'user';
  verified: boolean;
  themeMode?: 'light' | 'dark' | 'system';
  emojiType?: 'twemoji' | 'applemoji';
}

export async function insertUser(db: Db, input: NewUser): Promise<UserRow> {
  const { firstName, lastName } = splitName(input.name);
  const rows = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      role: input.role,
      firstName,
      lastName,
      color: PALETTE[randomInt(PALETTE.length)] ?? '#00BC7E',
      emailVerifiedAt: input.verified ? new Date() : null,
      themeMode: input.themeMode,
      emojiType: input.emojiType,
    })
    .onConflictDoNothing()
    .returning();
  const row = rows[0];
  if (!row) {
    throw new AppError(422, 'auth.email_taken', 'This email is already registered.', undefined, {
      email: ['This email is already registered.'],
    });
  }
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return !!row;
}

/**
 * Replaces the password hash only while it is still `expected`: a sign-in that rehashes the password
 * it just verified must not undo a change or reset that landed meanwhile. True when it replaced it.
 */
export async function replacePasswordHash(db: Db, id: string, expected: string, next: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: next })
    .where(and(eq(users.id, id), eq(users.passwordHash, expected)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<UserRow, 'id' | 'createdAt'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', "The requested entry wasn't found.");
  return row;
}

export async function countUsers(db: Db): Promise<{ total: number; admins: number }> {
  const [all] = await db.select({ n: count() }).from(users);
  const [admins] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin')));
  return { total: all?.n ?? 0, admins: admins?.n ?? 0 };
}

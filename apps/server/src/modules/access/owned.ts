import type { UserRow } from '../users/index.js';

/*
 * Owned records (ADR 0062): an invoice or transaction, a notification, a page, an invitation. Who may
 * read one is decided here, for every module that keeps such records; a refusal is answered as "no
 * such record" (404) by the caller, so nobody learns that someone else's exists.
 */

/** The signed-in user asking (null: nobody signed in). */
export type Reader = Pick<UserRow, 'id' | 'role'> | null;

/**
 * Whether `reader` may read a record owned by `ownerId`: its owner; administrators too where the
 * record is one they look after (`admins`: invoices, whose owners' support they answer).
 */
export function mayReadOwned(reader: Reader, ownerId: string, opts: { admins?: boolean } = {}): boolean {
  if (!reader) return false;
  return reader.id === ownerId || (opts.admins === true && reader.role === 'admin');
}

/**
 * Whether `reader` may read a page: a published one anyone, a hidden one administrators only (the
 * reference served hidden pages regardless).
 */
export const mayReadPage = (reader: Reader, page: { visibility: boolean }): boolean =>
  page.visibility || reader?.role === 'admin';

/**
 * Whether `user` is who a record was addressed to by email (a team invitation: accepted or declined
 * by its invitee only). Emails compare without case, as accounts are found by them.
 */
export const isAddressee = (user: Pick<UserRow, 'email'> | null, email: string): boolean =>
  user !== null && user.email.toLowerCase() === email.toLowerCase();

import type { UserRow } from '../users/index.js';
import type { Caller } from './callers.js';
import { refusalOf } from './gates.js';

/*
 * Owned records (ADR 0062): an invoice or transaction, a notification, a page, an invitation. Who may
 * read one is decided here, for every module that keeps such records; a refusal is answered as "no
 * such record" (404) by the caller, so nobody learns that someone else's exists.
 */

/** Who asks: the request's caller (a token acts as an administrator only with the admin scope). */
export type Reader = Caller;

/** Whether the caller may act as an administrator: the admin gate's own decision, token scope included. */
const actsAsAdministrator = (reader: Reader): boolean => refusalOf('admin', reader) === null;

/**
 * Whether `reader` may read a record owned by `ownerId`: its owner; administrators too where the
 * record is one they look after (`admins`: invoices, whose owners' support they answer).
 */
export function mayReadOwned(reader: Reader, ownerId: string, opts: { admins?: boolean } = {}): boolean {
  if (reader.kind === 'anonymous') return false;
  return reader.user.id === ownerId || (opts.admins === true && actsAsAdministrator(reader));
}

/**
 * Whether `reader` may read a page: a published one anyone, a hidden one administrators only (the
 * reference served hidden pages regardless).
 */
export const mayReadPage = (reader: Reader, page: { visibility: boolean }): boolean =>
  page.visibility || actsAsAdministrator(reader);

/**
 * Whether `user` is who a record was addressed to by email (a team invitation: accepted or declined
 * by its invitee only). Emails compare without case, as accounts are found by them.
 */
export const isAddressee = (user: Pick<UserRow, 'email'> | null, email: string): boolean =>
  user !== null && user.email.toLowerCase() === email.toLowerCase();

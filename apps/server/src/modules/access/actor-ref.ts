import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/*
 * How stored work names the actor that started it (ADR 0062): an upload session and a remote upload
 * batch remember who may go on with them. A typed value everywhere in the code; one codec turns it
 * into the stored text `<kind>:<id>` and back, and nothing else builds, splits or compares that text.
 */

/** A signed-in user, or whoever holds a share link or an upload request (named by the link's id). */
export type ActorRef = { kind: 'user'; id: string } | { kind: 'share'; id: string } | { kind: 'request'; id: string };
export type ActorKind = ActorRef['kind'];
/** A link whose guests work in someone else's storage. */
export type LinkRef = Extract<ActorRef, { kind: 'share' | 'request' }>;

const KINDS: ReadonlySet<string> = new Set<ActorKind>(['user', 'share', 'request']);

/** The one codec between an `ActorRef` and the stored column (`upload_sessions.actor_key`, `remote_upload_batches.actor_key`). */
export const actorRefCodec = {
  encode: (ref: ActorRef): string => `${ref.kind}:${ref.id}`,
  decode(stored: string): ActorRef {
    const colon = stored.indexOf(':');
    const kind = stored.slice(0, colon);
    const id = stored.slice(colon + 1);
    if (colon < 0 || !KINDS.has(kind) || !id) throw new Error(`not an actor reference: ${JSON.stringify(stored)}`);
    return { kind: kind as ActorKind, id };
  },
  /** A LIKE pattern matching the stored references of every actor of this kind. */
  patternOf: (kind: ActorKind): string => `${kind}:%`,
};

/** A text column holding an `ActorRef`, read and written through the codec (the column stays `text`). */
export const actorRefColumn = customType<{ data: ActorRef; driverData: string }>({
  dataType: () => 'text',
  toDriver: (ref) => actorRefCodec.encode(ref),
  fromDriver: (stored) => actorRefCodec.decode(stored),
});

/** A condition: the stored reference in `column` is of an actor of `kind`. */
export const actorOfKind = (column: SQLWrapper, kind: ActorKind): SQL =>
  sql`${column} like ${actorRefCodec.patternOf(kind)}`;

/** Whether two references name the same actor. */
export const sameActor = (a: ActorRef, b: ActorRef): boolean => a.kind === b.kind && a.id === b.id;

/**
 * Whether `actor` may go on with work `startedBy` started (the next chunk of an upload session, its
 * cancel, a remote batch's progress): only the actor that started it. The caller answers a refusal
 * as "no such session" (404), so nobody learns that someone else's exists.
 */
export const mayContinue = (actor: ActorRef, startedBy: ActorRef): boolean => sameActor(actor, startedBy);

/** The reference of a user, or of a link as its guests act through it. */
export const userRef = (id: string): ActorRef => ({ kind: 'user', id });
export const linkRef = (kind: LinkRef['kind'], id: string): LinkRef => ({ kind, id });

/*
 * The access layer (ADR 0062): who may do what to which resource, for every actor. This module
 * holds the typed callers and actors, the route gates every route declares, the capabilities a
 * token never has (account security), the references that name an actor on stored records, and the
 * ownership checks of owned records; the item policy (`files/access.ts`) builds on it.
 */
export {
  actorOfKind,
  actorRefCodec,
  actorRefColumn,
  linkRef,
  mayContinue,
  sameActor,
  userRef,
  type ActorKind,
  type ActorRef,
  type LinkRef,
} from './actor-ref.js';
export {
  linkDecision,
  requestClosed,
  requireUsableLink,
  shareExpired,
  shareLocked,
  type LinkDecision,
  type LinkState,
} from './links.js';
export { isAddressee, mayReadOwned, mayReadPage, type Reader } from './owned.js';
export { callerOf, isAdministrator, type Caller, type TokenGrant } from './callers.js';
export {
  accountSecurityRefusal,
  declareScopeGate,
  refusalOf,
  requireAdmin,
  requireSession,
  requireUser,
  ROUTE_GATES,
  routeGates,
  tokenScopeRefusal,
  type RouteGate,
} from './gates.js';

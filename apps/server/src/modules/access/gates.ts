import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError, forbidden, unauthenticated } from '../../lib/errors.js';
import type { UserRow } from '../users/index.js';
import { callerOf, isAdministrator, type Caller } from './callers.js';

/**
 * What a route needs of its caller (ADR 0062), declared in its options as `config: { access }`:
 *
 * - `public`: anyone (a caller, when there is one, may still change what it shows);
 * - `link`: anyone at the route; the share link or upload request named by the token in the path
 *   opens it in the module (sharing, file-requests), through a link actor of the item policy;
 * - `setup`: the first-run wizard: anyone until an administrator exists, then 410 `setup.completed`;
 * - `user`: a signed-in user, by the session cookie or by a personal access token of either scope;
 * - `session`: account security, a capability a token never has: a user signed in by the browser's
 *   session cookie (setting or changing the password, two-factor and its recovery codes, passkeys,
 *   access tokens, sessions), whatever the scope of a token;
 * - `admin`: an administrator, by the session or by a token created with the admin scope.
 */
export const ROUTE_GATES = ['public', 'link', 'setup', 'user', 'session', 'admin'] as const;
export type RouteGate = (typeof ROUTE_GATES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's gate (ADR 0062): every route declares one, or the server does not start. */
    access?: RouteGate;
  }
}

export const tokenScopeRefusal = () =>
  new AppError(
    403,
    'auth.token_scope',
    'This access token may not use the admin API: create one with the admin scope.',
  );

/** A token on an account-security route: the same code as a token's scope refused on the admin API. */
export const accountSecurityRefusal = () =>
  new AppError(
    403,
    'auth.token_scope',
    'Account security (password, two-factor, passkeys, access tokens, sessions) is changed from a signed-in browser, never with an access token.',
  );

/**
 * The one decision of who may pass which gate: null to let the caller in, else the refusal.
 * Anonymous callers get 401 `auth.unauthenticated`; on the admin gate the role is checked before a
 * token's scope, so a demoted administrator's admin-scope token gets 403 `auth.forbidden` (ADR 0032).
 * The `setup` gate depends on the installation, not on the caller: see `routeGates`.
 */
export function refusalOf(gate: RouteGate, caller: Caller): AppError | null {
  switch (gate) {
    case 'public':
    case 'link':
    case 'setup':
      return null;
    case 'user':
      return caller.kind === 'anonymous' ? unauthenticated() : null;
    case 'session':
      if (caller.kind === 'anonymous') return unauthenticated();
      return caller.kind === 'token' ? accountSecurityRefusal() : null;
    case 'admin':
      if (caller.kind === 'anonymous') return unauthenticated();
      if (!isAdministrator(caller.user)) return forbidden();
      return caller.kind === 'token' && caller.token.scope !== 'admin' ? tokenScopeRefusal() : null;
  }
}

function pass(request: FastifyRequest, gate: RouteGate): Caller {
  const caller = callerOf(request);
  const refusal = refusalOf(gate, caller);
  if (refusal) throw refusal;
  return caller;
}

/**
 * The signed-in user the route's gate (`user`, `session` or `admin`) let in. Decided again from
 * the same caller, so a handler reached another way (a misdeclared route) still refuses.
 */
export function requireUser(request: FastifyRequest): UserRow {
  const caller = pass(request, 'user');
  if (caller.kind === 'anonymous') throw unauthenticated();
  return caller.user;
}

/** The administrator the `admin` gate let in (see `requireUser`). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const caller = pass(request, 'admin');
  if (caller.kind === 'anonymous') throw unauthenticated();
  return caller.user;
}

/** The user signed in by the browser's session, whom the `session` gate let in (see `requireUser`). */
export function requireSession(request: FastifyRequest): UserRow {
  const caller = pass(request, 'session');
  if (caller.kind !== 'session') throw unauthenticated();
  return caller.user;
}

/** Set on a plugin's instance whose routes another library registers without our options. */
const SCOPE_GATE = Symbol('filestore.scopeGate');
type Scoped = { [SCOPE_GATE]?: RouteGate };

/**
 * The gate of every route a library registers inside this plugin's scope without taking route
 * options of ours (the built web app's files from @fastify/static: `public`). Our own routes
 * declare theirs one by one.
 */
export function declareScopeGate(scope: FastifyInstance | TypedApp, gate: RouteGate): void {
  (scope as unknown as Scoped)[SCOPE_GATE] = gate;
}

const gateOf = (instance: FastifyInstance, route: Pick<RouteOptions, 'config'>): RouteGate | undefined =>
  route.config?.access ?? (instance as unknown as Scoped)[SCOPE_GATE];

/**
 * Registers the gates on the root app, after the bearer and session hooks and before any route:
 * an `onRoute` hook that refuses to register a route without a known gate (the server does not
 * start), and one `onRequest` hook that decides the route's gate before its body is parsed or
 * validated. Paths no route serves under `/api/admin` or `/api/subscriptions/admin` get the admin gate too, so the admin API's
 * map is not readable from outside.
 */
/** Where the admin APIs live: a path no route serves there is refused as the admin gate would, not 404. */
const ADMIN_PREFIXES = ['/api/admin', '/api/subscriptions/admin'];

export function routeGates(app: TypedApp, ctx: AppContext): void {
  app.addHook('onRoute', function (route) {
    const gate = gateOf(this, route);
    if (!gate || !(ROUTE_GATES as readonly string[]).includes(gate)) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        `${methods} ${route.url} declares no access gate: add config: { access: ${ROUTE_GATES.map((g) => `'${g}'`).join(' | ')} } (ADR 0062).`,
      );
    }
    route.config = { ...route.config, access: gate };
  });

  app.addHook('onRequest', async (request) => {
    const gate = request.is404
      ? ADMIN_PREFIXES.some((prefix) => request.url.startsWith(prefix))
        ? 'admin'
        : undefined
      : request.routeOptions.config.access;
    if (!gate) return;
    if (gate === 'setup') {
      if (await ctx.isInstalled()) throw new AppError(410, 'setup.completed', 'The application is already installed.');
      return;
    }
    pass(request, gate);
  });
}

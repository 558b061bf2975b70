import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, registerUser, startTestServer, type TestServer } from '../../../test/harness.js';
import { ROUTE_GATES, type RouteGate } from './index.js';

/*
 * Issue 39 point 3 (ADR 0062): every route the server registers is asked by every kind of caller,
 * with a body that cannot even be parsed and parameters that fail validation, and must be refused
 * by its gate, before any of that, wherever the gate says so. The routes come from Fastify's own
 * registrations (the billing test clock's routes included), so a new route is covered as it
 * appears; a gate this table does not know fails the test.
 */

type CallerName =
  | 'anonymous'
  | 'user session'
  | 'user token (user scope)'
  | 'non-admin token (admin scope)'
  | 'admin session'
  | 'admin token (user scope)'
  | 'admin token (admin scope)';

type Refusal = readonly [status: number, code: string];
const UNAUTHENTICATED: Refusal = [401, 'auth.unauthenticated'];
const FORBIDDEN: Refusal = [403, 'auth.forbidden'];
const TOKEN_SCOPE: Refusal = [403, 'auth.token_scope'];
const SETUP_DONE: Refusal = [410, 'setup.completed'];

/** Which gate refuses whom, and how; a caller missing from a gate's row passes it. */
const REFUSALS: Record<RouteGate, Partial<Record<CallerName, Refusal>>> = {
  public: {},
  link: {},
  // The server under test is installed: the wizard refuses everyone.
  setup: {
    anonymous: SETUP_DONE,
    'user session': SETUP_DONE,
    'user token (user scope)': SETUP_DONE,
    'non-admin token (admin scope)': SETUP_DONE,
    'admin session': SETUP_DONE,
    'admin token (user scope)': SETUP_DONE,
    'admin token (admin scope)': SETUP_DONE,
  },
  user: { anonymous: UNAUTHENTICATED },
  session: {
    anonymous: UNAUTHENTICATED,
    'user token (user scope)': TOKEN_SCOPE,
    'non-admin token (admin scope)': TOKEN_SCOPE,
    'admin token (user scope)': TOKEN_SCOPE,
    'admin token (admin scope)': TOKEN_SCOPE,
  },
  admin: {
    anonymous: UNAUTHENTICATED,
    'user session': FORBIDDEN,
    'user token (user scope)': FORBIDDEN,
    // The owner's role is checked before the token's scope (ADR 0032).
    'non-admin token (admin scope)': FORBIDDEN,
    'admin token (user scope)': TOKEN_SCOPE,
  },
};

interface Caller {
  name: CallerName;
  headers: Record<string, string>;
}

const routes: { method: string; url: string; gate: unknown }[] = [];
let server: TestServer;
let callers: Caller[];

/** The headers a browser signed in with this client's cookies sends (cookie and XSRF echo). */
function sessionHeaders(cookies: Map<string, string>): Record<string, string> {
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
  };
}

beforeAll(async () => {
  server = await startTestServer(
    { BILLING_TEST_CLOCK: 'true' },
    {
      onRoute: (route: RouteOptions) => {
        // Read once every hook has run: the gates' own hook gives the web app's files their scope's gate.
        for (const method of [route.method].flat()) {
          routes.push({
            method,
            url: route.url,
            get gate() {
              return route.config?.access;
            },
          });
        }
      },
    },
  );
  const admin = await installWithAdmin(server);
  const user = await registerUser(server);
  const demoted = await registerUser(server, 'demoted@example.com');
  await admin.get('/api/ping');
  await user.get('/api/ping');
  const mint = async (client: typeof admin, scope: 'user' | 'admin', password = 'user-password-1') => {
    const res = await client.post('/api/user/tokens', { name: `${scope} token`, scope, password });
    expect(res.status, res.body).toBe(201);
    return res.json<{ plainTextToken: string }>().plainTextToken;
  };
  // An admin-scope token of a non-administrator exists: an administrator made it, then lost the role.
  const demotedId = (await admin.get('/api/admin/users?search=demoted')).json().data[0].id as string;
  expect((await admin.post(`/api/admin/users/${demotedId}/role`, { role: 'admin' })).status).toBe(200);
  const demotedAdminToken = await mint(demoted, 'admin');
  expect((await admin.post(`/api/admin/users/${demotedId}/role`, { role: 'user' })).status).toBe(200);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  // A visitor's browser: the XSRF cookie and its echo, no session (so CSRF is not what refuses it).
  const visitor = server.client();
  await visitor.get('/api/ping');
  callers = [
    { name: 'anonymous', headers: sessionHeaders(visitor.cookies) },
    { name: 'user session', headers: sessionHeaders(user.cookies) },
    { name: 'user token (user scope)', headers: bearer(await mint(user, 'user')) },
    { name: 'non-admin token (admin scope)', headers: bearer(demotedAdminToken) },
    { name: 'admin session', headers: sessionHeaders(admin.cookies) },
    { name: 'admin token (user scope)', headers: bearer(await mint(admin, 'user', 'admin-password-1')) },
    { name: 'admin token (admin scope)', headers: bearer(await mint(admin, 'admin', 'admin-password-1')) },
  ];
});
afterAll(() => server.close());

/** A request that fails validation everywhere: `x` for every parameter, a body that is not JSON. */
async function probe(method: string, url: string, caller: Caller) {
  const path = url.replace(/:[A-Za-z0-9_]+\??/g, 'x');
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  return server.app.inject({
    method: method as 'GET',
    url: path,
    remoteAddress: '127.0.0.1',
    headers: {
      accept: 'application/json',
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      ...caller.headers,
    },
    ...(withBody ? { payload: '{"not json' } : {}),
  });
}

describe('every route declares a gate', () => {
  it('that the table above knows', () => {
    expect(routes.length).toBeGreaterThan(200);
    // The billing test clock's routes are there, so they are covered too.
    expect(routes.some((r) => r.url === '/api/admin/testing/clock')).toBe(true);
    const unknown = routes.filter((r) => !(ROUTE_GATES as readonly unknown[]).includes(r.gate));
    expect(unknown.map((r) => `${r.method} ${r.url}: ${String(r.gate)}`)).toEqual([]);
    expect(Object.keys(REFUSALS).sort()).toEqual([...ROUTE_GATES].sort());
  });
});

describe('each caller is refused by the gate before parsing or validation, where the gate says so', () => {
  it('on every registered route, for every caller', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of routes) {
      if (route.method === 'HEAD') continue;
      for (const caller of callers) {
        const expected = REFUSALS[route.gate as RouteGate][caller.name];
        if (!expected) continue;
        const res = await probe(route.method, route.url, caller);
        const code = res.headers['content-type']?.toString().includes('json')
          ? res.json<{ code?: string }>().code
          : undefined;
        if (res.statusCode !== expected[0] || code !== expected[1]) {
          wrong.push(
            `${route.method} ${route.url} as ${caller.name}: ${res.statusCode} ${code} (want ${expected.join(' ')})`,
          );
        }
        refused += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(400);
  });

  it('and lets every other caller through the gate (what the handler answers then is its own)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.method === 'HEAD' || route.gate === 'public' || route.gate === 'link' || route.gate === 'setup')
        continue;
      for (const caller of callers) {
        if (REFUSALS[route.gate as RouteGate][caller.name]) continue;
        const res = await probe(route.method, route.url, caller);
        const code = res.headers['content-type']?.toString().includes('json')
          ? res.json<{ code?: string }>().code
          : undefined;
        if (res.statusCode === 401 || code === 'auth.token_scope' || res.statusCode >= 500) {
          wrong.push(`${route.method} ${route.url} as ${caller.name}: ${res.statusCode} ${code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(['/api/admin', '/api/subscriptions/admin'])('on paths no route serves under %s too', async (prefix) => {
    const [anonymous, user, , , , adminUserScope] = callers;
    for (const [caller, refusal] of [
      [anonymous!, UNAUTHENTICATED],
      [user!, FORBIDDEN],
      [adminUserScope!, TOKEN_SCOPE],
    ] as const) {
      const res = await probe('POST', `${prefix}/no-such-thing`, caller);
      expect([res.statusCode, res.json().code]).toEqual([...refusal]);
    }
    expect((await probe('GET', `${prefix}/no-such-thing`, callers[4]!)).statusCode).toBe(404);
  });
});

describe('billing’s admin routes (issue 39 defect 4)', () => {
  const cases = [
    ['PUT', '/api/admin/payments/stripe', { secret_key: 1 }],
    ['DELETE', '/api/admin/payments/stripe', undefined],
    ['POST', '/api/subscriptions/admin/plans', { name: '' }],
    ['PATCH', '/api/subscriptions/admin/plans/x', { name: '' }],
    ['POST', '/api/subscriptions/admin/users/x/credit', { amount: 'lots' }],
    ['GET', '/api/subscriptions/admin/transactions?page=-1', undefined],
  ] as const;

  it('answer 401 to a visitor and 403 to a user, not 422 with their schema', async () => {
    for (const [method, url, body] of cases) {
      const visitor = await server.client().request(method, url, body);
      expect([visitor.status, visitor.json().code], `${method} ${url}`).toEqual([401, 'auth.unauthenticated']);
      const user = server.client();
      for (const [name, value] of callers[1]!.headers.cookie!.split('; ').map((c) => c.split('='))) {
        user.cookies.set(name!, value!);
      }
      const res = await user.request(method, url, body);
      expect([res.status, res.json().code], `${method} ${url}`).toEqual([403, 'auth.forbidden']);
    }
  });

  it('still validate the administrator’s body (422)', async () => {
    const admin = server.client();
    for (const [name, value] of callers[4]!.headers.cookie!.split('; ').map((c) => c.split('='))) {
      admin.cookies.set(name!, value!);
    }
    const res = await admin.request('PUT', '/api/admin/payments/stripe', { secret_key: 1 });
    expect(res.status).toBe(422);
  });
});

import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { createRequire } from 'node:module';
import type { TypedApp } from '../../app/types.js';
import type { RouteGate } from '../access/index.js';
import { BINARY_RESPONSES, DOCUMENTED_REQUESTS, DOCUMENTED_RESPONSES, ERROR_RESPONSE } from './documented-responses.js';

/** The security schemes of the document (ADR 0032). */
export const SESSION_SCHEME = 'sessionCookie';
export const BEARER_SCHEME = 'bearerToken';

/**
 * Who may call, from the gate the route declares (ADR 0062): nobody needed for the public, link and
 * setup gates; the session only for account security; the session or a token, with the admin scope
 * for the admin gate.
 */
const securityOf = (gate: RouteGate | undefined): Record<string, string[]>[] => {
  switch (gate) {
    case 'user':
      return [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];
    case 'session':
      return [{ [SESSION_SCHEME]: [] }];
    case 'admin':
      // The bearer token must have been created with the admin scope, by an administrator.
      return [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: ['admin'] }];
    default:
      return [];
  }
};

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`, as @fastify/swagger writes it. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

/** Groups of the reference page, by path; the first that matches. */
const TAGS: readonly [string, RegExp][] = [
  [
    'Sign-in',
    /^\/(api\/)?(login|logout|register|password\/|user\/(check|verify)|socialite\/|two-factor-challenge|passkeys\/)/,
  ],
  ['Passkeys', /^\/api\/user\/passkeys/],
  ['API tokens', /^\/api\/user\/tokens/],
  ['Account', /^\/api\/user(\/|$)/],
  ['Uploads', /^\/api\/upload\//],
  ['Share links', /^\/api\/(share|sharing|browse\/share)(\/|$)/],
  ['Upload requests', /^\/api\/file-request(\/|$)/],
  ['Teams', /^\/api\/teams\//],
  ['Notifications', /^\/api\/notifications(\/|$)/],
  ['Files and folders', /^\/api\/(browse|create-folder|rename|move|remove|trash|favourites|search|zip|files)(\/|$)/],
  ['Administration', /^\/api\/admin\//],
  ['Setup wizard', /^\/api\/setup\//],
  ['Site pages', /^\/api\/(page\/|homepage$|contact$)/],
  ['API reference', /^\/api\/(openapi\.json|docs)/],
];

const tagOf = (path: string) => TAGS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'App';

const DESCRIPTION = `The HTTP API of the web app, generated from the zod schemas of its contract.

**Signing in.** Either the session cookie the web app gets from \`POST /api/login\`, or a personal
access token created under *Settings → API tokens*, sent as \`Authorization: Bearer fst_…\`.

**CSRF.** A request authenticated by the cookie that changes anything (POST, PUT, PATCH, DELETE)
must echo the \`XSRF-TOKEN\` cookie in the \`X-XSRF-TOKEN\` header, else it answers 419. A bearer
request needs no such header: it carries no cookie, and its cookies are ignored.

**Admin API.** \`/api/admin\` answers an administrator only; a token reaches it only when it was
created with the \`admin\` scope.

**Account security.** The password, two-factor, passkeys, access tokens and sessions under
\`/api/user\` answer the session only, never a token (403 \`auth.token_scope\`).

**Errors.** \`{type: 'error', code, message, errors?, details?}\` with a stable \`code\`; a token that is
forged, malformed or revoked answers 401 \`auth.invalid_token\`.`;

/**
 * Registers @fastify/swagger, which collects every route registered after it (so this runs before
 * any route), and turns each route's zod schemas into JSON Schema with fastify-type-provider-zod's
 * transform. Each operation gets its security (public, signed-in, admin) and a tag.
 */
export async function registerOpenApi(app: TypedApp) {
  // The server package's version (src/ and dist/ sit at the same depth below it).
  const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'File storage API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'filestore_session',
            description: 'The web app’s session; state-changing requests also need X-XSRF-TOKEN.',
          },
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token (fst_…). The admin API needs one with the admin scope.',
          },
        },
      },
    },
    // Schemas with a registered id (the error envelope) become components.
    transformObject: jsonSchemaTransformObject,
    transform: (input) => {
      const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
      const key = `${method} ${input.url}`;
      const declared = input.schema?.response as Record<number, unknown> | undefined;
      // The contract's answer where the route declares none, then the error envelope for the rest.
      const response = { ...(declared ?? DOCUMENTED_RESPONSES[key]), default: ERROR_RESPONSE };
      const { schema, url } = jsonSchemaTransform({ ...input, schema: { ...input.schema, response } });
      const binary = BINARY_RESPONSES[key];
      if (binary) {
        const responses = (schema.response ?? {}) as Record<string, unknown>;
        responses['200'] = {
          description: 'The bytes',
          content: { [binary]: { schema: { type: 'string', contentMediaType: binary } } },
        };
        schema.response = responses;
      }
      const requested = DOCUMENTED_REQUESTS[key];
      if (requested) Object.assign(schema, requested);
      const path = openApiPath(url);
      return {
        url,
        schema: { ...schema, tags: [tagOf(path)], security: securityOf(input.route.config?.access) },
      };
    },
  });
}

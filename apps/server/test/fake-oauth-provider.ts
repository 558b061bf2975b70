import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A sign-in provider on loopback for the social sign-in tests (ADR 0035): GitHub's, Google's and
 * Facebook's paths on one node:http server. The authorization page answers at once with a redirect
 * carrying a code and the state (as if the person had said yes); the token endpoint checks the
 * client secret, the redirect URI and the PKCE verifier against what the authorization asked;
 * the API answers the person of the token. Nothing leaves 127.0.0.1.
 */

export interface FakePerson {
  id: string;
  name: string;
  email: string;
  /** Whether the provider says the email is verified (GitHub's emails endpoint, Google's email_verified). */
  verified: boolean;
}

interface Grant {
  person: FakePerson;
  redirectUri: string;
  challenge: string | null;
}

export interface FakeProvider {
  origin: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next authorization. */
  person: FakePerson;
  /** Say no at the next authorization (`?error=access_denied` back to the app). */
  denyNext: boolean;
  /** Every token request, as the form the app sent (the secret replaced by whether it was right). */
  tokenRequests: Record<string, string>[];
  /** GitHub's authorization, token and API URLs on this fake, as the server's configuration takes them. */
  env(provider: 'github' | 'google' | 'facebook'): Record<string, string>;
  close(): Promise<void>;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export async function startFakeOAuthProvider(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeProvider> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakePerson>();
  const fake: FakeProvider = {
    origin: '',
    clientId: options.clientId ?? 'fake-client-id',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    person: { id: '4242', name: 'Gita Hub', email: 'gita@example.com', verified: true },
    denyNext: false,
    tokenRequests: [],
    env(provider) {
      const key = provider.toUpperCase();
      return {
        [`OAUTH_${key}_AUTHORIZATION_URL`]: `${fake.origin}/authorize`,
        [`OAUTH_${key}_TOKEN_URL`]: `${fake.origin}/token`,
        [`OAUTH_${key}_API_URL`]: fake.origin,
      };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', fake.origin);
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (url.searchParams.get('client_id') !== fake.clientId || fake.denyNext) {
        fake.denyNext = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = base64url(randomBytes(16));
        const method = url.searchParams.get('code_challenge_method');
        grants.set(code, {
          person: { ...fake.person },
          redirectUri,
          challenge: method === 'S256' ? url.searchParams.get('code_challenge') : null,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        // The secret by HTTP Basic (RFC 6749 §2.3.1, as arctic's client sends it) or in the form (Facebook).
        const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString('utf8').split(':')
          : [form.client_id, form.client_secret];
        const secretRight = id === fake.clientId && secret === fake.clientSecret;
        fake.tokenRequests.push({ ...form, client_secret: String(secretRight) });
        if (!secretRight) return json(res, 401, { error: 'invalid_client' });
        const grant = form.code ? grants.get(form.code) : undefined;
        if (form.code) grants.delete(form.code);
        if (!grant || grant.redirectUri !== form.redirect_uri) return json(res, 400, { error: 'invalid_grant' });
        if (grant.challenge !== null) {
          const verifier = form.code_verifier ?? '';
          const computed = base64url(createHash('sha256').update(verifier).digest());
          if (computed !== grant.challenge) {
            return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          }
        }
        const accessToken = base64url(randomBytes(16));
        tokens.set(accessToken, grant.person);
        return json(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const person = tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
    if (!person) return json(res, 401, { message: 'Bad credentials' });
    // GitHub
    if (url.pathname === '/user') return json(res, 200, { id: Number(person.id), login: 'gita', name: person.name });
    if (url.pathname === '/user/emails') {
      return json(res, 200, [
        { email: `${person.id}@users.noreply.example`, primary: false, verified: true, visibility: null },
        { email: person.email, primary: true, verified: person.verified, visibility: 'private' },
      ]);
    }
    // Google (OpenID Connect userinfo) and Facebook (Graph API)
    if (url.pathname === '/userinfo') {
      return json(res, 200, {
        sub: person.id,
        name: person.name,
        email: person.email,
        email_verified: person.verified,
      });
    }
    if (url.pathname === '/me') return json(res, 200, { id: person.id, name: person.name, email: person.email });
    return json(res, 404, { message: 'Not Found' });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

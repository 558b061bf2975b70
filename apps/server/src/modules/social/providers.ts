import { CONTROL_CHARACTERS, EMAIL_PATTERN, type SocialProvider } from '@filestore/contract';
import type { OAuth2Tokens } from 'arctic';
import type { Env } from '../../app/config.js';
import { openSealedSetting, type Settings } from '../settings/index.js';

// arctic loads with the first social sign-in (ADR 0051): most servers never turn one on.
let arcticModule: Promise<typeof import('arctic')> | undefined;
export const arctic = () => (arcticModule ??= import('arctic'));

/**
 * The three sign-in providers through arctic's generic OAuth 2.0 client (ADR 0035): its provider
 * classes hard-code the real endpoints, and the tests need them on a fake on loopback, so each
 * provider is its endpoints from the configuration, its scopes, and how to read the person's id,
 * name and email.
 */

export interface ProviderProfile {
  id: string;
  name: string | null;
  email: string | null;
  /** The provider says this email belongs to the person; only then does it link to an existing account. */
  emailVerified: boolean;
}

interface Endpoints {
  authorization: string;
  token: string;
  api: string;
}

interface ProviderSpec {
  scopes: string[];
  /** PKCE where the provider supports it (Facebook's is still marked as testing). */
  pkce: boolean;
  endpoints: (env: Env) => Endpoints;
  profile: (api: string, accessToken: string) => Promise<ProviderProfile>;
}

/** A provider's answer we cannot use (an error status, a body without the fields). */
export class ProviderError extends Error {}

const API_TIMEOUT_MS = 10_000;

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      // GitHub refuses requests without one.
      'User-Agent': 'filestore',
    },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(`${new URL(url).pathname} answered ${response.status}`);
  }
  return response.json();
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const record = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProviderError('not an object');
  return value as Record<string, unknown>;
};
const idOf = (value: unknown): string => {
  const id = typeof value === 'number' ? String(value) : text(value);
  if (!id) throw new ProviderError('no user id');
  return id;
};

const specs: Record<SocialProvider, ProviderSpec> = {
  google: {
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    endpoints: (env) => ({
      authorization: env.OAUTH_GOOGLE_AUTHORIZATION_URL,
      token: env.OAUTH_GOOGLE_TOKEN_URL,
      api: env.OAUTH_GOOGLE_API_URL,
    }),
    // OpenID Connect's userinfo: `sub` is the stable id, `email_verified` Google's word on the email.
    async profile(api, accessToken) {
      const info = record(await getJson(`${api}/userinfo`, accessToken));
      return {
        id: idOf(info.sub),
        name: text(info.name),
        email: text(info.email),
        emailVerified: info.email_verified === true,
      };
    },
  },
  facebook: {
    scopes: ['email', 'public_profile'],
    pkce: false,
    endpoints: (env) => ({
      authorization: env.OAUTH_FACEBOOK_AUTHORIZATION_URL,
      token: env.OAUTH_FACEBOOK_TOKEN_URL,
      api: env.OAUTH_FACEBOOK_API_URL,
    }),
    // The Graph API says nothing about whether the email was confirmed: it is taken as unverified.
    async profile(api, accessToken) {
      const me = record(await getJson(`${api}/me?fields=id,name,email`, accessToken));
      return { id: idOf(me.id), name: text(me.name), email: text(me.email), emailVerified: false };
    },
  },
  github: {
    scopes: ['read:user', 'user:email'],
    pkce: true,
    endpoints: (env) => ({
      authorization: env.OAUTH_GITHUB_AUTHORIZATION_URL,
      token: env.OAUTH_GITHUB_TOKEN_URL,
      api: env.OAUTH_GITHUB_API_URL,
    }),
    // The profile's email is only the public one, unflagged: the emails endpoint says which is the
    // primary address and whether GitHub verified it.
    async profile(api, accessToken) {
      const user = record(await getJson(`${api}/user`, accessToken));
      const emails = await getJson(`${api}/user/emails`, accessToken);
      const list = Array.isArray(emails) ? emails.map(record) : [];
      const primary = list.find((e) => e.primary === true && text(e.email));
      return {
        id: idOf(user.id),
        name: text(user.name) ?? text(user.login),
        email: text(primary?.email) ?? text(user.email),
        emailVerified: primary?.verified === true,
      };
    },
  },
};

export const usesPkce = (provider: SocialProvider) => specs[provider].pkce;

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
}

/** The provider's client id and opened secret when the administrator enabled it and set both; else null. */
export function credentialsOf(settings: Settings, provider: SocialProvider): ProviderCredentials | null {
  if (!settings[`allowed_${provider}_login`]) return null;
  return configuredCredentials(settings, provider);
}

/** Id and secret set (enabled or not): what the public configuration calls "configured". */
export function configuredCredentials(settings: Settings, provider: SocialProvider): ProviderCredentials | null {
  const clientId = settings[`${provider}_client_id`];
  const clientSecret = openSealedSetting(settings, `${provider}_client_secret`);
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** The provider's sign-in page for this attempt. */
export async function authorizationUrl(
  env: Env,
  provider: SocialProvider,
  credentials: ProviderCredentials,
  redirectUri: string,
  state: string,
  codeVerifier: string | null,
): Promise<string> {
  const { CodeChallengeMethod, OAuth2Client } = await arctic();
  const spec = specs[provider];
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  const { authorization } = spec.endpoints(env);
  const url = codeVerifier
    ? client.createAuthorizationURLWithPKCE(authorization, state, CodeChallengeMethod.S256, codeVerifier, spec.scopes)
    : client.createAuthorizationURL(authorization, state, spec.scopes);
  return url.toString();
}

/**
 * Trades the code (and the PKCE verifier) for an access token, then reads the person. Google and
 * GitHub take the client secret by HTTP Basic, which arctic's client sends; Facebook documents it
 * in the form body, as arctic's own Facebook class sends it.
 */
export async function exchangeAndFetchProfile(
  env: Env,
  provider: SocialProvider,
  credentials: ProviderCredentials,
  redirectUri: string,
  code: string,
  codeVerifier: string | null,
): Promise<ProviderProfile> {
  const spec = specs[provider];
  const { token, api } = spec.endpoints(env);
  const tokens =
    provider === 'facebook'
      ? await facebookToken(token, credentials, redirectUri, code)
      : await new (await arctic()).OAuth2Client(
          credentials.clientId,
          credentials.clientSecret,
          redirectUri,
        ).validateAuthorizationCode(token, code, codeVerifier);
  // GitHub answers a refused code with 200 and an `error` field.
  if ('error' in tokens.data) throw new ProviderError(`token endpoint: ${String(tokens.data.error)}`);
  return cleanProfile(await spec.profile(api.replace(/\/+$/, ''), tokens.accessToken()));
}

const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTERS.source}+`, 'g');

/**
 * The person as an account may hold them, by the contract's rule for names (no C0 or C1 control
 * characters; the database refuses NUL outright): an id with one is no usable answer; a name has
 * each run of them made one space (and is dropped when nothing else is left, so the email's local
 * part names the account); an email with one, or not shaped like one, is no email.
 */
export function cleanProfile(profile: ProviderProfile): ProviderProfile {
  if (CONTROL_CHARACTERS.test(profile.id)) throw new ProviderError('control characters in the user id');
  const name = profile.name?.replace(CONTROL_RUNS, ' ').replace(/\s+/g, ' ').trim() || null;
  const email =
    profile.email && !CONTROL_CHARACTERS.test(profile.email) && EMAIL_PATTERN.test(profile.email)
      ? profile.email
      : null;
  return { ...profile, name, email };
}

async function facebookToken(
  endpoint: string,
  credentials: ProviderCredentials,
  redirectUri: string,
  code: string,
): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const data: unknown = await response.json().catch(() => null);
  const { OAuth2RequestError, OAuth2Tokens, UnexpectedResponseError } = await arctic();
  if (!response.ok || typeof data !== 'object' || data === null) {
    const error = typeof data === 'object' && data && 'error' in data ? data.error : null;
    if (typeof error === 'string') throw new OAuth2RequestError(error, null, null, null);
    throw new UnexpectedResponseError(response.status);
  }
  return new OAuth2Tokens(data);
}

import { userResource } from '@filestore/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOAuthProvider, type FakeProvider } from '../../../test/fake-oauth-provider.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness.js';
import { findUserByEmail } from '../users/index.js';
import { ATTEMPT_COOKIE } from './attempt.js';
import { socialIdentities } from './social.table.js';

const SESSION = 'filestore_session';
const CHALLENGE = 'filestore_two_factor';

let server: TestServer;
let fake: FakeProvider;
let admin: TestClient;
const patch = (name: string, value: unknown) => admin.request('PATCH', '/api/admin/settings', { name, value });

beforeAll(async () => {
  fake = await startFakeOAuthProvider();
  server = await startTestServer({ ...fake.env('github'), ...fake.env('google'), ...fake.env('facebook') });
  admin = await installWithAdmin(server);
  for (const provider of ['github', 'google', 'facebook']) {
    await patch(`${provider}_client_id`, fake.clientId);
    await patch(`${provider}_client_secret`, fake.clientSecret);
    await patch(`allowed_${provider}_login`, true);
  }
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(async () => {
  await patch('registration', true);
  await patch('user_verification', false);
  fake.person = {
    id: String(Math.floor(Math.random() * 1e9)),
    name: 'Gita Hub',
    email: 'x@example.com',
    verified: true,
  };
});

const person = (email: string, verified = true) => {
  fake.person = { ...fake.person, email, verified };
};

/** The provider's sign-in page as the browser opens it: where it sends the browser back. */
async function atProvider(url: string): Promise<string> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  return back.pathname + back.search;
}

/** A whole sign-in from the button to the callback's answer, in `browser`. */
async function signInWith(browser: TestClient, provider = 'github'): Promise<TestResponse> {
  const redirect = await browser.get(`/api/socialite/${provider}/redirect`);
  expect(redirect.status, redirect.body).toBe(200);
  return browser.get(await atProvider(redirect.json<{ data: { url: string } }>().data.url));
}

const outcome = (res: TestResponse) => {
  expect(res.status).toBe(303);
  const location = String(res.headers.location);
  return location.startsWith('/sign-in?') ? new URLSearchParams(location.split('?')[1]).get('social') : location;
};

const identitiesOf = async (email: string) => {
  const user = await findUserByEmail(server.ctx.db, email);
  return user ? server.ctx.db.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id)) : [];
};

describe('GET /api/socialite/{provider}/redirect', () => {
  it('answers the provider page with state and PKCE, and refuses unknown or disabled providers', async () => {
    const browser = server.client();
    const res = await browser.get('/api/socialite/github/redirect');
    expect(res.status).toBe(200);
    const url = new URL(res.json<{ data: { url: string } }>().data.url);
    expect(url.origin + url.pathname).toBe(`${fake.origin}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(fake.clientId);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/socialite\/github\/callback$/);
    expect(browser.cookies.has(ATTEMPT_COOKIE)).toBe(true);
    // The cookie is sealed: neither the state nor the verifier can be read from it.
    expect(browser.cookies.get(ATTEMPT_COOKIE)).not.toContain(url.searchParams.get('state'));

    const unknown = await browser.get('/api/socialite/myspace/redirect');
    expect(unknown.status).toBe(404);
    expect(unknown.json().code).toBe('social.unknown_provider');

    await patch('allowed_google_login', false);
    const disabled = await browser.get('/api/socialite/google/redirect');
    expect(disabled.status).toBe(422);
    expect(disabled.json().code).toBe('social.provider_disabled');
    const config = (await browser.get('/api/config')).json();
    expect(config.socialLogins.google).toEqual({ allowed: false, configured: true });
    expect(config.socialLogins.github).toEqual({ allowed: true, configured: true });
    await patch('allowed_google_login', true);

    // Enabled without its secret is not configured: refused too.
    await patch('facebook_client_secret', null);
    expect((await browser.get('/api/socialite/facebook/redirect')).json().code).toBe('social.provider_disabled');
    expect((await browser.get('/api/config')).json().socialLogins.facebook).toEqual({
      allowed: true,
      configured: false,
    });
    await patch('facebook_client_secret', fake.clientSecret);
  });

  it('never shows the client secret in any answer', async () => {
    const browser = server.client();
    const answers = [
      await browser.get('/api/socialite/github/redirect'),
      await browser.get('/api/config'),
      await admin.get('/api/admin/settings'),
      await patch('github_client_secret', fake.clientSecret),
    ];
    for (const answer of answers) {
      expect(answer.body).not.toContain(fake.clientSecret);
      expect(JSON.stringify(answer.headers)).not.toContain(fake.clientSecret);
    }
    expect((await admin.get('/api/admin/settings')).json().data.github_client_secret).toBe(true);
  });
});

describe('the callback', () => {
  it('creates an account without a password, verified by the provider, and signs it in', async () => {
    person('new-gh@example.com');
    const browser = server.client();
    const res = await signInWith(browser);
    expect(outcome(res)).toBe('/platform/files');
    expect(browser.cookies.has(SESSION)).toBe(true);
    expect(browser.cookies.has(ATTEMPT_COOKIE)).toBe(false);
    const me = userResource.parse((await browser.get('/api/user')).json()).data.attributes;
    expect(me.email).toBe('new-gh@example.com');
    expect(me.socialite_account).toBe(true);
    const user = await findUserByEmail(server.ctx.db, 'new-gh@example.com');
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.passwordHash).toBeNull();
    const [identity] = await identitiesOf('new-gh@example.com');
    expect(identity).toMatchObject({ provider: 'github', providerUserId: fake.person.id, email: 'new-gh@example.com' });
    // The code was traded with the secret and the PKCE verifier.
    const sent = fake.tokenRequests.at(-1)!;
    expect(sent.client_secret).toBe('true');
    expect(sent.code_verifier).toMatch(/^[\w-]{40,}$/);

    // The same person again, from another browser: the same account, no second one.
    const again = server.client();
    expect(outcome(await signInWith(again))).toBe('/platform/files');
    expect(userResource.parse((await again.get('/api/user')).json()).data.id).toBe(user!.id);
    expect(await identitiesOf('new-gh@example.com')).toHaveLength(1);
  });

  it('lets an account without a password set one, and refuses a password sign-in until then', async () => {
    person('pw-later@example.com');
    const browser = server.client();
    expect(outcome(await signInWith(browser))).toBe('/platform/files');
    const login = await server.client().post('/api/login', { email: 'pw-later@example.com', password: 'anything-1' });
    expect(login.status).toBe(422);
    expect(login.json().code).toBe('auth.invalid_credentials');

    const set = await browser.post('/api/user/password', {
      password: 'brand-new-pass-1',
      password_confirmation: 'brand-new-pass-1',
    });
    expect(set.status).toBe(200);
    expect(userResource.parse((await browser.get('/api/user')).json()).data.attributes.socialite_account).toBe(false);
    const withIt = await server
      .client()
      .post('/api/login', { email: 'pw-later@example.com', password: 'brand-new-pass-1' });
    expect(withIt.status).toBe(200);
    // Now that it has one, changing it asks for it.
    const noCurrent = await browser.post('/api/user/password', {
      password: 'another-pass-22',
      password_confirmation: 'another-pass-22',
    });
    expect(noCurrent.status).toBe(422);
    expect(noCurrent.json().code).toBe('auth.invalid_credentials');
  });

  it('refuses a forged state, a missing state and a missing attempt, signing nobody in', async () => {
    person('forged@example.com');
    const browser = server.client();
    const redirect = await browser.get('/api/socialite/github/redirect');
    const back = await atProvider(redirect.json().data.url);
    const forged = back.replace(/state=[^&]+/, 'state=forged-state-value');
    expect(outcome(await browser.get(forged))).toBe('state');
    expect(browser.cookies.has(SESSION)).toBe(false);
    // The attempt is used up by the refused callback: the genuine answer no longer works either.
    expect(outcome(await browser.get(back))).toBe('state');

    const second = server.client();
    const url = (await second.get('/api/socialite/github/redirect')).json().data.url;
    const genuine = await atProvider(url);
    const withoutState = new URL(genuine, 'http://app.test');
    withoutState.searchParams.delete('state');
    expect(outcome(await second.get(withoutState.pathname + withoutState.search))).toBe('state');

    // Another browser (no attempt cookie) with a valid code and state: refused.
    const third = server.client();
    const url3 = (await third.get('/api/socialite/github/redirect')).json().data.url;
    expect(outcome(await server.client().get(await atProvider(url3)))).toBe('state');

    // An attempt for one provider does not finish another's.
    const fourth = server.client();
    const url4 = (await fourth.get('/api/socialite/github/redirect')).json().data.url;
    const back4 = await atProvider(url4);
    expect(outcome(await fourth.get(back4.replace('/github/', '/google/')))).toBe('state');
    expect(await findUserByEmail(server.ctx.db, 'forged@example.com')).toBeUndefined();
  });

  it('refuses a code bound to another PKCE verifier (a code injected into this browser’s sign-in)', async () => {
    person('pkce@example.com');
    const browser = server.client();
    const url = new URL((await browser.get('/api/socialite/github/redirect')).json().data.url);
    // The attacker's code: asked with their own verifier, delivered with this browser's state.
    const attackerChallenge = createHash('sha256').update('attacker-verifier-'.repeat(3)).digest('base64url');
    url.searchParams.set('code_challenge', attackerChallenge);
    const res = await browser.get(await atProvider(url.toString()));
    expect(outcome(res)).toBe('provider');
    expect(fake.tokenRequests.at(-1)?.code_verifier).toBeTruthy();
    expect(browser.cookies.has(SESSION)).toBe(false);
    expect(await findUserByEmail(server.ctx.db, 'pkce@example.com')).toBeUndefined();
  });

  it('says so when the person says no at the provider', async () => {
    fake.denyNext = true;
    const browser = server.client();
    expect(outcome(await signInWith(browser))).toBe('denied');
    expect(browser.cookies.has(SESSION)).toBe(false);
  });

  it('does not link an existing account by an email the provider did not verify', async () => {
    await registerUser(server, 'owner@example.com', 'owner-password-1');
    person('owner@example.com', false);
    const browser = server.client();
    expect(outcome(await signInWith(browser))).toBe('email_unverified');
    expect(browser.cookies.has(SESSION)).toBe(false);
    expect(await identitiesOf('owner@example.com')).toHaveLength(0);
    // Facebook never says it verified an email: it never links by email either.
    person('owner@example.com', true);
    expect(outcome(await signInWith(server.client(), 'facebook'))).toBe('email_unverified');
    expect(await identitiesOf('owner@example.com')).toHaveLength(0);
  });

  it('creates an account from an unverified email only as unverified when verification is on', async () => {
    await patch('user_verification', true);
    person('unverified-new@example.com', false);
    const before = server.outbox().length;
    const browser = server.client();
    expect(outcome(await signInWith(browser))).toBe('verify_email');
    expect(browser.cookies.has(SESSION)).toBe(false);
    const user = await findUserByEmail(server.ctx.db, 'unverified-new@example.com');
    expect(user?.emailVerifiedAt).toBeNull();
    expect(server.outbox().length).toBe(before + 1);
    // A verified email counts as verified: signed in at once, verification on or not.
    person('verified-new@example.com', true);
    expect(outcome(await signInWith(server.client(), 'google'))).toBe('/platform/files');
  });

  it('creates no account while registration is closed', async () => {
    await patch('registration', false);
    person('closed@example.com');
    const browser = server.client();
    expect(outcome(await signInWith(browser))).toBe('registration_closed');
    expect(await findUserByEmail(server.ctx.db, 'closed@example.com')).toBeUndefined();
  });

  it('links a verified email to its account, which still needs its second factor', async () => {
    const owner = await registerUser(server, 'twofa@example.com', 'twofa-password-1');
    const enabled = await owner.post('/api/user/two-factor-authentication', { password: 'twofa-password-1' });
    const { secret } = enabled.json<{ secret: string }>();
    await owner.post('/api/user/confirmed-two-factor-authentication', { code: await generate({ secret }) });

    person('twofa@example.com', true);
    const browser = server.client();
    expect(outcome(await signInWith(browser))).toBe('two_factor');
    expect(browser.cookies.has(SESSION)).toBe(false);
    expect(browser.cookies.has(CHALLENGE)).toBe(true);
    expect((await browser.get('/api/user')).status).toBe(401);
    const [identity] = await identitiesOf('twofa@example.com');
    expect(identity?.userId).toBe(await userIdOf(server, 'twofa@example.com'));

    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const challenge = await browser.post('/api/two-factor-challenge', { code });
    expect(challenge.status).toBe(200);
    expect(userResource.parse((await browser.get('/api/user')).json()).data.attributes.email).toBe('twofa@example.com');
    // The account keeps its password.
    expect(
      (await server.client().post('/api/login', { email: 'twofa@example.com', password: 'twofa-password-1' })).status,
    ).toBe(200);
  });

  it('keeps control characters of the provider’s name out of the account’s name (issue 39, defect 3)', async () => {
    for (const [provider, email] of [
      ['github', 'nul-name-gh@example.com'],
      ['google', 'nul-name-go@example.com'],
    ] as const) {
      fake.person = { ...fake.person, id: String(Math.floor(Math.random() * 1e9)), name: 'Gi\u0000ta\r\nHub\u0085' };
      person(email);
      const browser = server.client('10.39.3.1');
      expect(outcome(await signInWith(browser, provider))).toBe('/platform/files');
      expect(userResource.parse((await browser.get('/api/user')).json()).data.attributes.name).toBe('Gi ta Hub');
    }
    // A name of nothing but control characters: the email's local part, as without a name.
    fake.person = { ...fake.person, id: String(Math.floor(Math.random() * 1e9)), name: '\u0000\u0007' };
    person('only-controls@example.com');
    const browser = server.client('10.39.3.2');
    expect(outcome(await signInWith(browser, 'google'))).toBe('/platform/files');
    expect(userResource.parse((await browser.get('/api/user')).json()).data.attributes.name).toBe('only-controls');
  });

  it('refuses an email or an id with control characters as unusable, never a 500', async () => {
    for (const provider of ['github', 'google', 'facebook'] as const) {
      person('evil\u0000@example.com');
      const res = await signInWith(server.client('10.39.3.2'), provider);
      expect(outcome(res)).toBe('no_email');
    }
    person('line\r\nbreak@example.com');
    expect(outcome(await signInWith(server.client('10.39.3.2'), 'google'))).toBe('no_email');
    fake.person = { ...fake.person, id: '12\u000034', email: 'nul-id@example.com' };
    expect(outcome(await signInWith(server.client('10.39.3.2'), 'google'))).toBe('provider');
    expect(await findUserByEmail(server.ctx.db, 'nul-id@example.com')).toBeUndefined();
  });

  it('refuses a disabled provider at the callback too', async () => {
    person('late@example.com');
    const browser = server.client();
    const url = (await browser.get('/api/socialite/github/redirect')).json().data.url;
    const back = await atProvider(url);
    await patch('allowed_github_login', false);
    try {
      expect(outcome(await browser.get(back))).toBe('unavailable');
    } finally {
      await patch('allowed_github_login', true);
    }
    expect(await findUserByEmail(server.ctx.db, 'late@example.com')).toBeUndefined();
  });
});

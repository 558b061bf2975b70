import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify, type FakeSiteverify } from '../../../test/fake-recaptcha.js';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';

/** Issue 15 point 7 (ADR 0036): reCAPTCHA v3 on sign-in, sign-up and password recovery, against a fake siteverify. */
describe('human check', () => {
  let fake: FakeSiteverify;
  let server: TestServer;
  let admin: TestClient;
  let ips = 0;
  /** A client of its own address, so the per-address limits of sign-up and recovery never interfere. */
  const visitor = () => server.client(`10.9.0.${++ips}`);
  const patch = async (name: string, value: unknown) => {
    const res = await admin.request('PATCH', '/api/admin/settings', { name, value });
    expect(res.status, res.body).toBe(200);
  };
  const login = (token?: string) =>
    visitor().post('/api/login', { email: 'user@example.com', password: 'user-password-1', reCaptcha: token });
  const register = (token?: string) =>
    visitor().post('/api/register', {
      name: 'Nia New',
      email: `new-${ips}@example.com`,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
      reCaptcha: token,
    });
  const recover = (token?: string) =>
    visitor().post('/api/password/recover', { email: 'user@example.com', reCaptcha: token });
  const refusal = (res: { status: number; json: () => { code: string; details?: { reason?: string } } }) => ({
    status: res.status,
    code: res.json().code,
    reason: res.json().details?.reason,
  });

  beforeAll(async () => {
    fake = await startFakeSiteverify();
    server = await startTestServer({
      RECAPTCHA_VERIFY_URL: fake.url,
      RECAPTCHA_TIMEOUT_MS: '2000',
      APP_URL: `http://${FAKE_HOSTNAME}`,
    });
    admin = await installWithAdmin(server);
    await registerUser(server, 'user@example.com', 'user-password-1', '10.8.0.1');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('asks for nothing while it is off, or on with a key missing, and says so in the public config', async () => {
    const config = async () => (await visitor().get('/api/config')).json().recaptcha;
    expect(await config()).toEqual({
      allowed: false,
      siteKey: null,
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect((await login()).status).toBe(200);
    expect((await register()).status).toBe(201);
    expect((await recover()).status).toBe(200);

    // Enabled with the site key but no secret: still off, so nobody is locked out.
    await patch('allowed_recaptcha', true);
    await patch('recaptcha_client_id', 'site-key-1');
    expect((await config()).allowed).toBe(false);
    expect((await login()).status).toBe(200);
    // The secret, but switched off: off.
    await patch('recaptcha_client_secret', FAKE_SECRET);
    await patch('allowed_recaptcha', false);
    expect((await config()).allowed).toBe(false);
    expect((await login()).status).toBe(200);
    expect(fake.requests).toHaveLength(0);

    await patch('allowed_recaptcha', true);
    expect(await config()).toMatchObject({ allowed: true, siteKey: 'site-key-1' });
    // The admin API shows the secret only as set.
    expect((await admin.get('/api/admin/settings')).json().data.recaptcha_client_secret).toBe(true);
  });

  it('lets each protected call through with a good token of its own action, sending the secret and address', async () => {
    expect((await login('ok|login|0.9')).status).toBe(200);
    expect(fake.requests.at(-1)).toEqual({ secret: FAKE_SECRET, response: 'ok|login|0.9', remoteip: `10.9.0.${ips}` });
    expect((await register('ok|register|0.7')).status).toBe(201);
    expect((await recover('ok|password_reset|0.5')).status).toBe(200);
  });

  it('refuses a missing token, a failed one, another action, another site and a low score with 422', async () => {
    const before = fake.requests.length;
    expect(refusal(await login())).toEqual({ status: 422, code: 'human_check.failed', reason: 'missing' });
    expect(refusal(await register(''))).toEqual({ status: 422, code: 'human_check.failed', reason: 'missing' });
    // A missing token is refused without asking Google.
    expect(fake.requests.length).toBe(before);
    expect(refusal(await login('forged'))).toEqual({ status: 422, code: 'human_check.failed', reason: 'invalid' });
    expect(refusal(await login('ok|register|0.9'))).toEqual({
      status: 422,
      code: 'human_check.failed',
      reason: 'action',
    });
    expect(refusal(await recover('ok|login|0.9'))).toEqual({
      status: 422,
      code: 'human_check.failed',
      reason: 'action',
    });
    expect(refusal(await register('ok|register|0.9|evil.example'))).toEqual({
      status: 422,
      code: 'human_check.failed',
      reason: 'hostname',
    });
    const low = await login('ok|login|0.3');
    expect(refusal(low)).toEqual({ status: 422, code: 'human_check.failed', reason: 'score' });
    expect(low.json().message).toMatch(/could not confirm that you are a person/);
    expect(refusal(await recover('ok|password_reset|0.49'))).toEqual({
      status: 422,
      code: 'human_check.failed',
      reason: 'score',
    });
  });

  it('takes its lowest score from the setting', async () => {
    await patch('recaptcha_min_score', 0.2);
    expect((await login('ok|login|0.3')).status).toBe(200);
    await patch('recaptcha_min_score', 0.5);
    expect((await login('ok|login|0.3')).status).toBe(422);
  });

  it('checks the token before the password: a wrong password with a bad token learns nothing', async () => {
    const res = await visitor().post('/api/login', { email: 'user@example.com', password: 'wrong', reCaptcha: 'x' });
    expect(refusal(res)).toEqual({ status: 422, code: 'human_check.failed', reason: 'invalid' });
  });

  it('fails closed with 503 when the verify endpoint is down, slow, broken or refuses the secret', async () => {
    for (const mode of ['reset', 'hang', 'http-500', 'not-json'] as const) {
      fake.mode = mode;
      const started = Date.now();
      const res = await login('ok|login|0.9');
      expect({ mode, ...refusal(res) }).toEqual({
        mode,
        status: 503,
        code: 'human_check.unavailable',
        reason: undefined,
      });
      expect(res.headers['retry-after']).toBeDefined();
      // RECAPTCHA_TIMEOUT_MS bounds the wait.
      expect(Date.now() - started).toBeLessThan(6_000);
    }
    fake.mode = 'normal';
    await patch('recaptcha_client_secret', 'not-the-secret');
    expect(refusal(await register('ok|register|0.9'))).toMatchObject({ status: 503, code: 'human_check.unavailable' });
    await patch('recaptcha_client_secret', FAKE_SECRET);
    expect((await login('ok|login|0.9')).status).toBe(200);
  });

  it('asks for nothing again once the secret is cleared', async () => {
    await patch('recaptcha_client_secret', null);
    expect((await visitor().get('/api/config')).json().recaptcha.allowed).toBe(false);
    expect((await login()).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { startFakePaypal, type FakePaypal } from '../../../test/fake-paypal.js';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack.js';
import { readSettings } from '../settings/index.js';

/** The payments screen's calls (ADR 0047): keys tested with a real call before saving, secrets never shown. */
describe('payments settings', () => {
  let server: TestServer;
  let paypal: FakePaypal;
  let paystack: FakePaystack;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    paypal = await startFakePaypal();
    paystack = await startFakePaystack();
    // Only the hosts come from the environment (and Paystack's public key, to show an env-set key).
    server = await startTestServer({
      PAYPAL_API_BASE: paypal.origin,
      PAYSTACK_API_BASE: paystack.origin,
      PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    });
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'someone@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await paypal?.close();
    await paystack?.close();
  });

  const put = (client: TestClient, driver: string, body: unknown) =>
    client.request('PUT', `/api/admin/payments/${driver}`, body);
  type Provider = Record<string, unknown> & { driver: string; fields: Record<string, unknown>[] };
  const provider = (res: { json: () => { data: Provider[] } }, driver: string) =>
    res.json().data.find((p) => p.driver === driver) as Provider;

  it('lists each provider, unconfigured, with the webhook URL to paste at the provider', async () => {
    const res = await admin.get('/api/admin/payments');
    expect(res.status, res.body).toBe(200);
    const pp = provider(res, 'paypal');
    expect(pp).toMatchObject({ configured: false, allowed: false });
    expect(pp.webhookUrl).toMatch(/\/api\/subscriptions\/paypal\/webhooks$/);
    const ps = provider(res, 'paystack');
    expect(ps.fields.find((f) => f.name === 'paystack_public_key')).toMatchObject({
      fromEnv: true,
      value: null,
      set: true,
    });
  });

  it('refuses PayPal keys PayPal refuses, storing nothing', async () => {
    const res = await put(admin, 'paypal', {
      values: { paypal_client_id: paypal.clientId, paypal_client_secret: 'wrong', paypal_webhook_id: paypal.webhookId },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({ code: 'billing.gateway_error' });
    expect(res.json().message).toContain('Client Authentication failed');
    const settings = await readSettings(server.ctx.db);
    expect(settings.paypal_client_id).toBeNull();
    expect(settings.paypal_client_secret).toBeNull();
  });

  it('stores PayPal keys PayPal accepts, never showing the secret', async () => {
    const res = await put(admin, 'paypal', {
      values: {
        paypal_client_id: paypal.clientId,
        paypal_client_secret: paypal.clientSecret,
        paypal_webhook_id: paypal.webhookId,
      },
      live: false,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.body).not.toContain(paypal.clientSecret);
    const pp = provider(res, 'paypal');
    expect(pp.configured).toBe(true);
    expect(pp.fields.find((f) => f.name === 'paypal_client_secret')).toMatchObject({
      value: null,
      set: true,
      secret: true,
    });
    const all = await admin.get('/api/admin/settings');
    expect(all.body).not.toContain(paypal.clientSecret);
    // The secret is sealed at rest.
    expect((await readSettings(server.ctx.db)).paypal_client_secret).not.toBe(paypal.clientSecret);

    // A change of the id alone keeps the stored secret (left empty on the form) and is tested again.
    const again = await put(admin, 'paypal', {
      values: { paypal_client_id: paypal.clientId, paypal_client_secret: '' },
    });
    expect(again.status, again.body).toBe(200);
  });

  it('refuses a key set in the environment, and Paystack keys Paystack refuses; 502 when the provider is down', async () => {
    const env = await put(admin, 'paystack', {
      values: { paystack_public_key: 'pk_other', paystack_secret_key: paystack.secretKey },
    });
    expect(env.status).toBe(422);
    const bad = await put(admin, 'paystack', { values: { paystack_secret_key: 'sk_wrong' } });
    expect(bad.status).toBe(422);
    expect(bad.json().message).toContain('Invalid key');
    paystack.failNext = 503;
    const down = await put(admin, 'paystack', { values: { paystack_secret_key: paystack.secretKey } });
    expect(down.status).toBe(502);
    const good = await put(admin, 'paystack', { values: { paystack_secret_key: paystack.secretKey } });
    expect(good.status, good.body).toBe(200);
    expect(provider(good, 'paystack').configured).toBe(true);
  });

  it('keeps the keys out of the generic settings call', async () => {
    const res = await admin.post('/api/admin/settings', { name: 'paypal_client_secret', value: 'sneaky' });
    expect(res.status).toBe(422);
  });

  it('gives /api/config the flags and public keys only', async () => {
    await admin.post('/api/admin/settings', { name: 'allowed_payments', value: true });
    await admin.post('/api/admin/settings', { name: 'allowed_paypal', value: true });
    const res = await server.client().get('/api/config');
    const payments = res.json().payments;
    await admin.post('/api/admin/settings', { name: 'paystack_payment_description', value: 'Bank transfer or USSD.' });
    const res2 = await server.client().get('/api/config');
    const payments2 = res2.json().payments;
    expect(payments).toEqual({
      allowed: true,
      stripe: { allowed: false, configured: false, publicKey: null, description: null },
      paypal: { allowed: true, configured: true, clientId: paypal.clientId, live: false, description: null },
      paystack: { allowed: false, configured: true, publicKey: paystack.publicKey, description: null },
    });
    // The admin's own line under a provider's button reaches the page; the shipped one stays null (translated there).
    expect(payments2.paystack.description).toBe('Bank transfer or USSD.');
    expect(payments2.paypal.description).toBeNull();
    expect(res.body).not.toContain(paypal.clientSecret);
    expect(res.body).not.toContain(paystack.secretKey);
  });

  it('removes a provider’s stored keys and stops offering it', async () => {
    await admin.request('PATCH', '/api/admin/settings', { name: 'allowed_paypal', value: true });
    expect(provider(await admin.get('/api/admin/payments'), 'paypal')).toMatchObject({ configured: true });
    expect((await user.request('DELETE', '/api/admin/payments/paypal')).status).toBe(403);
    const res = await admin.request('DELETE', '/api/admin/payments/paypal');
    expect(res.status, res.body).toBe(200);
    expect(provider(res, 'paypal')).toMatchObject({ configured: false, allowed: false });
    const settings = await readSettings(server.ctx.db);
    expect([settings.paypal_client_id, settings.paypal_client_secret, settings.paypal_webhook_id]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('is for administrators only', async () => {
    expect((await user.get('/api/admin/payments')).status).toBe(403);
    expect((await put(user, 'paypal', { values: {} })).status).toBe(403);
    expect((await server.client().get('/api/admin/payments')).status).toBe(401);
  });
});

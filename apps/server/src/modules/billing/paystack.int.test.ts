import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack.js';
import { users } from '../users/index.js';
import {
  balances,
  dunnings,
  failedPayments,
  plans,
  subscriptions,
  transactions,
  webhookEvents,
} from './billing.table.js';

/** Paystack (issue 17; ADR 0047) against the loopback fake: plans, subscriptions, top-ups, webhooks. */
describe('Paystack gateway', () => {
  let server: TestServer;
  let paystack: FakePaystack;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  let planId: string;

  beforeAll(async () => {
    paystack = await startFakePaystack();
    server = await startTestServer(paystack.env());
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    paystack.webhookUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/subscriptions/paystack/webhooks`;
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'payer@example.com');
    userId = await userIdOf(server, 'payer@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await paystack?.close();
  });

  const db = () => server.ctx.db;

  it('creates a fixed plan at Paystack in minor units, yearly as "annually"', async () => {
    const res = await admin.post('/api/subscriptions/admin/plans', {
      type: 'fixed',
      name: 'Team',
      description: 'For teams',
      amount: 500000,
      currency: 'NGN',
      interval: 'year',
      features: { max_storage_amount: 50, max_team_members: 3 },
      visible: true,
    });
    expect(res.status, res.body).toBe(201);
    planId = res.json().data.id;
    expect([...paystack.plans.values()][0]).toMatchObject({
      name: 'Team',
      amount: 500000,
      interval: 'annually',
      currency: 'NGN',
    });
  });

  it('refuses a plan in a currency Paystack does not sell in, on the currency field, before calling it', async () => {
    const before = paystack.plans.size;
    const res = await admin.post('/api/subscriptions/admin/plans', {
      type: 'fixed',
      name: 'In euros',
      amount: 900,
      currency: 'EUR',
      interval: 'month',
      features: { max_storage_amount: 10, max_team_members: 1 },
      visible: true,
    });
    expect(res.status, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'billing.currency_unsupported',
      details: { drivers: ['paystack'], currency: 'EUR' },
    });
    expect(res.json().errors.currency[0]).toContain('Paystack');
    expect(paystack.plans.size).toBe(before);
    const list = await admin.get('/api/subscriptions/admin/plans');
    expect(list.json().data.map((p: { name: string }) => p.name)).not.toContain('In euros');
  });

  it('refuses webhooks with no, a wrong or a malformed signature, changing nothing', async () => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: 1,
        reference: 'FORGED0001',
        amount: 100000,
        currency: 'NGN',
        metadata: { user_id: userId },
        plan: {},
      },
    });
    const wrongKey = createHmac('sha512', 'sk_wrong').update(body).digest('hex');
    expect(await paystack.sendRaw(body, null)).toBe(403);
    expect(await paystack.sendRaw(body, wrongKey)).toBe(403);
    expect(await paystack.sendRaw(body, 'abc')).toBe(403);
    // The right signature of another body.
    const other = createHmac('sha512', paystack.secretKey).update(`${body} `).digest('hex');
    expect(await paystack.sendRaw(body, other)).toBe(403);
    expect(await db().select().from(webhookEvents)).toHaveLength(0);
    expect(await db().select().from(transactions)).toHaveLength(0);
    expect(await db().select().from(balances)).toHaveLength(0);
  });

  it('subscribes through the payment page: active with the plan limits, the payment recorded once', async () => {
    const res = await user.post('/api/paystack/checkout', { plan_id: planId });
    expect(res.status, res.body).toBe(200);
    const url = res.json().url as string;
    const reference = url.split('/').at(-1)!;
    expect(reference).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(paystack.transactions.get(reference)?.metadata).toEqual({ user_id: userId, plan_id: planId });
    const back = await paystack.pay(url);
    expect(back).toContain(`/user/settings/billing?reference=${reference}`);
    expect(await paystack.resendLast()).toBe(200);

    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub).toMatchObject({ status: 'active', driver: 'paystack', planId });
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row?.storageCapacity).toBe(50 * 1e9);
    expect(row?.maxTeamMembers).toBe(3);
    const charges = await db().select().from(transactions).where(eq(transactions.userId, userId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ type: 'charge', amount: 500000, currency: 'NGN', reference, note: 'Team' });
  });

  it('records a renewal once', async () => {
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(await paystack.renew(sub!.driverSubscriptionId!)).toBe(200);
    expect(await paystack.resendLast()).toBe(200);
    expect(await db().select().from(transactions).where(eq(transactions.userId, userId))).toHaveLength(2);
  });

  it('refuses a plan change (Paystack cannot) with a clear error', async () => {
    const other = await admin.post('/api/subscriptions/admin/plans', {
      type: 'fixed',
      name: 'Bigger',
      amount: 900000,
      currency: 'NGN',
      interval: 'year',
      features: { max_storage_amount: 500, max_team_members: 10 },
      visible: true,
    });
    expect(other.status, other.body).toBe(201);
    const res = await user.post(`/api/subscriptions/swap/${other.json().data.id}`);
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ code: 'billing.gateway_error' });
    expect(res.json().message).toContain('cannot change the plan');
  });

  it('cancels at Paystack; the plan holds until the next payment date', async () => {
    const res = await user.post('/api/subscriptions/cancel');
    expect(res.status, res.body).toBe(200);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const remote = paystack.subscriptions.get(sub!.driverSubscriptionId!);
    expect(remote?.status).toBe('non-renewing');
    expect(sub?.status).toBe('cancelled');
    expect(sub?.endsAt?.toISOString()).toBe(new Date(remote!.next_payment_date).toISOString());
  });

  it('tops up through checkout with an amount: credited once, a failed payment paid, the dunning lifted', async () => {
    await db().insert(plans).values({ type: 'metered', name: 'Metered', currency: 'NGN' });
    await db()
      .insert(failedPayments)
      .values({ userId, amount: 30000, currency: 'NGN', source: 'balance', note: 'October' });
    await db()
      .insert(dunnings)
      .values({ userId, type: 'limit_usage_in_new_accounts', sequence: 2, remindedAt: new Date() });

    const res = await user.post('/api/paystack/checkout', { amount: 100000 });
    expect(res.status, res.body).toBe(200);
    const url = res.json().url as string;
    const reference = url.split('/').at(-1)!;
    expect(paystack.transactions.get(reference)).toMatchObject({ amount: 100000, currency: 'NGN', plan: null });
    await paystack.pay(url);
    expect(await paystack.resendLast()).toBe(200);

    const [balance] = await db().select().from(balances).where(eq(balances.userId, userId));
    expect(balance).toMatchObject({ amount: 70000, currency: 'NGN' });
    const credits = await db().select().from(transactions).where(eq(transactions.reference, reference));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ type: 'credit', note: 'Account Fund', driver: 'paystack' });
    expect(await db().select().from(failedPayments).where(eq(failedPayments.userId, userId))).toHaveLength(0);
    expect(await db().select().from(dunnings).where(eq(dunnings.userId, userId))).toHaveLength(0);
  });

  it('refuses a body with both or neither of plan_id and amount', async () => {
    expect((await user.post('/api/paystack/checkout', {})).status).toBe(422);
    expect((await user.post('/api/paystack/checkout', { amount: -5 })).status).toBe(422);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../lib/clock.js';
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
import { startFakePaypal, type FakePaypal } from '../../../test/fake-paypal.js';
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

/** PayPal (issue 17; ADR 0047) against the loopback fake: plans, subscriptions, top-ups, webhooks. */
describe('PayPal gateway', () => {
  let server: TestServer;
  let paypal: FakePaypal;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  let planId: string;
  let webhookUrl: string;

  beforeAll(async () => {
    paypal = await startFakePaypal();
    server = await startTestServer(paypal.env());
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/subscriptions/paypal/webhooks`;
    paypal.webhookUrl = webhookUrl;
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'payer@example.com');
    userId = await userIdOf(server, 'payer@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await paypal?.close();
  });

  const db = () => server.ctx.db;
  const count = async (table: typeof transactions | typeof webhookEvents) => (await db().select().from(table)).length;

  it('creates a fixed plan at PayPal as a catalog product and a monthly plan in decimal money', async () => {
    const res = await admin.post('/api/subscriptions/admin/plans', {
      type: 'fixed',
      name: 'Pro',
      description: 'For professionals',
      amount: 1999,
      currency: 'USD',
      interval: 'month',
      features: { max_storage_amount: 200, max_team_members: 5 },
      visible: true,
    });
    expect(res.status, res.body).toBe(201);
    planId = res.json().data.id;
    const [remote] = [...paypal.plans.values()];
    expect(remote).toMatchObject({ name: 'Pro', status: 'ACTIVE' });
    expect(JSON.stringify(remote?.billing_cycles)).toContain('"value":"19.99","currency_code":"USD"');
    expect(JSON.stringify(remote?.billing_cycles)).toContain('"interval_unit":"MONTH"');
    expect(paypal.products.size).toBe(1);
  });

  it('refuses webhooks without the signature headers, or that PayPal does not verify, changing nothing', async () => {
    const before = await count(webhookEvents);
    const event = JSON.stringify({
      id: 'WH-FORGED',
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource: { id: 'I-FORGED', plan_id: 'x', custom_id: userId },
    });
    const bare = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: event,
    });
    expect(bare.status).toBe(403);
    expect((await bare.json()).code).toBe('billing.webhook_signature');
    // All headers present, but the fake never sent this event: verification says FAILURE.
    const forged = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': 'abc',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'c2ln',
        'paypal-cert-url': 'http://127.0.0.1/cert.pem',
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body: event,
    });
    expect(forged.status).toBe(403);
    expect(await count(webhookEvents)).toBe(before);
    expect(await db().select().from(subscriptions)).toHaveLength(0);
  });

  it('subscribes through the approval page: active with the plan limits, the first payment recorded once', async () => {
    const res = await user.post(`/api/paypal/checkout`, { plan_id: planId });
    expect(res.status, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url.startsWith(paypal.origin)).toBe(true);
    const page = await fetch(url);
    expect(await page.text()).toContain('<button type="submit">Approve</button>');
    const back = await paypal.approve(url);
    expect(back).toMatch(/\/user\/settings\/billing$/);

    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub).toMatchObject({ status: 'active', driver: 'paypal', planId });
    expect(sub?.renewsAt).not.toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row?.storageCapacity).toBe(200 * 1e9);
    expect(row?.maxTeamMembers).toBe(5);
    const charges = await db().select().from(transactions).where(eq(transactions.userId, userId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ type: 'charge', amount: 1999, currency: 'USD', driver: 'paypal' });
  });

  it('applies a renewal once however often PayPal sends it, and moves the renewal a month on', async () => {
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    // The period has come to its end when PayPal takes the next payment.
    const clock = new SettableClock();
    clock.set(sub!.renewsAt!);
    server.ctx.clock = clock;
    expect(await paypal.renew(sub!.driverSubscriptionId!)).toBe(200);
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    const expected = new Date(sub!.renewsAt!);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(renewed?.renewsAt?.toISOString()).toBe(expected.toISOString());
    const last = [...paypal.sent.keys()].at(-1)!;
    expect(await paypal.resend(last)).toBe(200);
    expect(await paypal.resend(last)).toBe(200);
    const charges = await db().select().from(transactions).where(eq(transactions.userId, userId));
    expect(charges).toHaveLength(2);
  });

  it("takes PayPal's own next billing time after a payment when PayPal moved it", async () => {
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const clock = new SettableClock();
    clock.set(sub!.renewsAt!);
    server.ctx.clock = clock;
    // PayPal's date is its own (its rule for days after the 28th, a billing date moved at PayPal):
    // not one calendar month on, which is all our estimate can say.
    const paypalNext = new Date(sub!.renewsAt!.getTime() + 33 * 86_400_000).toISOString();
    expect(await paypal.renew(sub!.driverSubscriptionId!, paypalNext)).toBe(200);
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed?.renewsAt?.toISOString()).toBe(paypalNext);
    const charges = await db().select().from(transactions).where(eq(transactions.userId, userId));
    expect(charges).toHaveLength(3);
  });

  it('leaves a next billing time PayPal has not moved on yet to the estimate, though it is past ours', async () => {
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const remote = paypal.subscriptions.get(sub!.driverSubscriptionId!)!;
    // PayPal bills this cycle three days after the date held here, and its sale webhook comes
    // before its next_billing_time moves on: that time is the one just paid, not the next.
    const due = new Date(sub!.renewsAt!.getTime() + 3 * 86_400_000);
    remote.next_billing_time = due.toISOString();
    const clock = new SettableClock();
    clock.set(due);
    server.ctx.clock = clock;
    expect(await paypal.renew(sub!.driverSubscriptionId!)).toBe(200);
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed!.renewsAt!.getTime()).toBeGreaterThan(due.getTime() + 86_400_000);
  });

  it('cancels at PayPal; the plan holds until the next billing time', async () => {
    const res = await user.post('/api/subscriptions/cancel');
    expect(res.status, res.body).toBe(200);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const remote = paypal.subscriptions.get(sub!.driverSubscriptionId!);
    expect(remote?.status).toBe('CANCELLED');
    expect(sub?.status).toBe('cancelled');
    expect(sub?.endsAt?.toISOString()).toBe(new Date(remote!.next_billing_time).toISOString());
    // PayPal's own CANCELLED event afterwards changes nothing more.
    expect(
      await paypal.send('BILLING.SUBSCRIPTION.CANCELLED', {
        id: remote!.id,
        plan_id: remote!.plan_id,
        custom_id: userId,
        status: 'CANCELLED',
        billing_info: { next_billing_time: remote!.next_billing_time },
      }),
    ).toBe(200);
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(after?.endsAt?.toISOString()).toBe(sub?.endsAt?.toISOString());
  });

  it('tops up a balance once, pays a failed payment from it and lifts the dunning', async () => {
    await db().insert(plans).values({ type: 'metered', name: 'Metered', currency: 'USD' });
    await db()
      .insert(failedPayments)
      .values({ userId, amount: 700, currency: 'USD', source: 'balance', note: 'October' });
    await db()
      .insert(dunnings)
      .values({ userId, type: 'usage_bigger_than_balance', sequence: 3, remindedAt: new Date() });

    const bad = await user.post('/api/paypal/top-up', { amount: 0 });
    expect(bad.status).toBe(422);
    expect(bad.json().code).toBe('validation.failed');
    const wrong = await user.post('/api/paypal/top-up', { amount: 1000, currency: 'EUR' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('billing.currency_mismatch');

    const res = await user.post('/api/paypal/top-up', { amount: 2500 });
    expect(res.status, res.body).toBe(200);
    const url = res.json().url as string;
    const order = paypal.orders.get(url.split('/').at(-1)!);
    expect(order).toMatchObject({ custom_id: userId, amount: { currency_code: 'USD', value: '25.00' } });
    await paypal.approve(url);
    expect(order?.status).toBe('COMPLETED');
    const last = [...paypal.sent.keys()].at(-1)!;
    expect(await paypal.resend(last)).toBe(200);

    const [balance] = await db().select().from(balances).where(eq(balances.userId, userId));
    expect(balance).toMatchObject({ amount: 1800, currency: 'USD' });
    const credits = await db().select().from(transactions).where(eq(transactions.reference, order!.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ type: 'credit', amount: 2500, note: 'Account Fund' });
    expect(await db().select().from(failedPayments).where(eq(failedPayments.userId, userId))).toHaveLength(0);
    expect(await db().select().from(dunnings).where(eq(dunnings.userId, userId))).toHaveLength(0);
  });

  it('says why when PayPal fails', async () => {
    paypal.failNext = 500;
    const res = await user.post('/api/paypal/top-up', { amount: 100 });
    expect(res.status).toBe(502);
    expect(res.json().code).toBe('billing.gateway_error');
  });
});

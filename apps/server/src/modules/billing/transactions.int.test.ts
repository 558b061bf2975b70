import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { notifications } from '../notifications/index.js';
import { balances } from './billing.table.js';
import { recordTransaction } from './ledger.js';

/** Billing's read calls, the admin's credit and the billing alert (issue 17 point 1). */
describe('billing transactions', () => {
  let server: TestServer;
  let admin: TestClient;
  let ann: TestClient;
  let bob: TestClient;
  let annId: string;
  let bobId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    ann = await registerUser(server, 'ann@example.com');
    bob = await registerUser(server, 'bob@example.com');
    annId = await userIdOf(server, 'ann@example.com');
    bobId = await userIdOf(server, 'bob@example.com');
    const db = server.ctx.db;
    const at = (d: string) => ({ reference: d });
    await recordTransaction(db, {
      userId: annId,
      type: 'charge',
      status: 'completed',
      driver: 'stripe',
      amount: 999,
      currency: 'USD',
      note: 'Pro',
      ...at('a1'),
    });
    await recordTransaction(db, {
      userId: annId,
      type: 'charge',
      status: 'error',
      driver: 'paypal',
      amount: 500,
      currency: 'USD',
      note: 'Basic',
      ...at('a2'),
    });
    await recordTransaction(db, {
      userId: bobId,
      type: 'withdrawal',
      status: 'completed',
      driver: 'system',
      amount: 250,
      currency: 'EUR',
      note: 'Usage',
      ...at('b1'),
    });
    await recordTransaction(db, {
      userId: bobId,
      type: 'credit',
      status: 'completed',
      driver: 'system',
      amount: 10_000,
      currency: 'EUR',
      note: 'Top-up',
      ...at('b2'),
    });
    await db.insert(balances).values({ userId: bobId, amount: 0, currency: 'EUR' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists only the caller’s own transactions, on both paths', async () => {
    for (const path of ['/api/user/transactions', '/api/subscriptions/transactions']) {
      const res = await ann.get(path);
      expect(res.status, res.body).toBe(200);
      const notes = res.json().data.map((t: { note: string }) => t.note);
      expect(notes.sort()).toEqual(['Basic', 'Pro']);
      expect(res.json().meta.paginate).toMatchObject({ total: 2, perPage: 20 });
    }
    expect((await server.client().get('/api/user/transactions')).status).toBe(401);
  });

  it('keeps the admin lists to administrators', async () => {
    for (const path of [
      '/api/subscriptions/admin',
      '/api/subscriptions/admin/transactions',
      `/api/subscriptions/admin/users/${annId}/transactions`,
      `/api/subscriptions/admin/users/${annId}/subscription`,
    ]) {
      expect((await ann.get(path)).status, path).toBe(403);
      expect((await server.client().get(path)).status, path).toBe(401);
    }
    expect((await ann.post(`/api/subscriptions/admin/users/${bobId}/credit`, { amount: 100 })).status).toBe(403);
  });

  it('sorts every transaction by amount, note and user, with the user', async () => {
    const byAmount = await admin.get('/api/subscriptions/admin/transactions?sort=amount&direction=asc');
    expect(byAmount.status, byAmount.body).toBe(200);
    expect(byAmount.json().data.map((t: { amount: number }) => t.amount)).toEqual([250, 500, 999, 10_000]);
    const byNote = await admin.get('/api/subscriptions/admin/transactions?sort=note&direction=desc');
    expect(byNote.json().data.map((t: { note: string }) => t.note)).toEqual(['Usage', 'Top-up', 'Pro', 'Basic']);
    const byUser = await admin.get('/api/subscriptions/admin/transactions?sort=user&direction=asc');
    expect(byUser.json().data.map((t: { user: { email: string } }) => t.user.email)).toEqual([
      'ann@example.com',
      'ann@example.com',
      'bob@example.com',
      'bob@example.com',
    ]);
    expect((await admin.get('/api/subscriptions/admin/transactions?sort=password')).status).toBe(422);
    const bobs = await admin.get(`/api/subscriptions/admin/users/${bobId}/transactions`);
    expect(
      bobs
        .json()
        .data.map((t: { note: string }) => t.note)
        .sort(),
    ).toEqual(['Top-up', 'Usage']);
  });

  it('tells a user without a subscription so with 200 and null, not a 404 the browser logs (issue 41)', async () => {
    const mine = await ann.get('/api/subscriptions/detail');
    expect(mine.status).toBe(200);
    expect(mine.json()).toEqual({ data: null });
  });

  it('answers 200 with null for a user without a subscription (issue 41), 404 for one that does not exist', async () => {
    const none = await admin.get(`/api/subscriptions/admin/users/${annId}/subscription`);
    expect(none.status, none.body).toBe(200);
    expect(none.json()).toEqual({ data: null });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/subscriptions/admin/users/${unknown}/subscription`)).status).toBe(404);
    expect((await admin.post(`/api/subscriptions/admin/users/${unknown}/credit`, { amount: 100 })).status).toBe(404);
  });

  it('credits a balance in its currency: a Bonus transaction, the balance and a gift notification', async () => {
    const res = await admin.post(`/api/subscriptions/admin/users/${bobId}/credit`, { amount: 1234 });
    expect(res.status, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'credit',
      driver: 'system',
      note: 'Bonus',
      amount: 1234,
      currency: 'EUR',
    });
    const [balance] = await server.ctx.db.select().from(balances).where(eq(balances.userId, bobId));
    expect(balance).toMatchObject({ amount: 1234, currency: 'EUR' });
    const gifts = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, bobId));
    expect(gifts.map((n) => n.category)).toContain('gift');
    const mine = await bob.get('/api/user/transactions');
    expect(
      mine.json().data.some((t: { note: string; amount: number }) => t.note === 'Bonus' && t.amount === 1234),
    ).toBe(true);
    expect((await admin.post(`/api/subscriptions/admin/users/${bobId}/credit`, { amount: 0 })).status).toBe(422);
  });

  it('credits in the active metered plan’s currency when there is no balance yet', async () => {
    const none = await admin.post(`/api/subscriptions/admin/users/${annId}/credit`, { amount: 100 });
    expect(none.status).toBe(422);
    const plan = await admin.post('/api/subscriptions/admin/plans', {
      type: 'metered',
      name: 'Metered',
      currency: 'GBP',
      meters: [{ key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 100 }] }],
    });
    expect(plan.status, plan.body).toBe(201);
    const res = await admin.post(`/api/subscriptions/admin/users/${annId}/credit`, { amount: 100 });
    expect(res.status, res.body).toBe(201);
    expect(res.json().data.currency).toBe('GBP');
  });

  it('sums completed charges and withdrawals per currency on the dashboard', async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status, res.body).toBe(200);
    // USD: the completed 999 only (the error is not money taken); EUR: the 250 withdrawal (credits are not earnings).
    expect(res.json().data.earnings).toEqual([
      { currency: 'USD', amount: 999 },
      { currency: 'EUR', amount: 250 },
    ]);
  });

  it('lists subscriptions with their user and plan, for administrators', async () => {
    const res = await admin.get('/api/subscriptions/admin?sort=user&direction=asc');
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    expect((await admin.get('/api/subscriptions/admin?sort=secret')).status).toBe(422);
  });

  it('keeps one billing alert per user, re-armed by PUT', async () => {
    expect((await ann.get('/api/subscriptions/billing-alert')).json()).toEqual({ data: null });
    const created = await ann.post('/api/subscriptions/billing-alert', { amount: 5000 });
    expect(created.status, created.body).toBe(201);
    const again = await ann.post('/api/subscriptions/billing-alert', { amount: 6000 });
    expect(again.status).toBe(409);
    expect(again.json().code).toBe('billing.alert_exists');
    expect((await bob.get('/api/subscriptions/billing-alert')).json()).toEqual({ data: null });
    const put = await ann.request('PUT', '/api/subscriptions/billing-alert', { amount: 7000 });
    expect(put.status, put.body).toBe(200);
    expect(put.json().data).toEqual({ amount: 7000, triggered: false });
    expect((await ann.get('/api/subscriptions/billing-alert')).json().data.amount).toBe(7000);
    expect((await ann.request('DELETE', '/api/subscriptions/billing-alert')).status).toBe(204);
    expect((await ann.get('/api/subscriptions/billing-alert')).status).toBe(200);
    expect((await ann.get('/api/subscriptions/billing-alert')).json().data).toBeNull();
    expect((await server.client().get('/api/subscriptions/billing-alert')).status).toBe(401);
  });
});

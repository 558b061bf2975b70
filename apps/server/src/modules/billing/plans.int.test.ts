import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { users } from '../users/index.js';
import { eq } from 'drizzle-orm';
import { subscriptions } from './billing.table.js';

/** Plans (issue 17 point 1) without any gateway configured: stored here only. */
describe('plans', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'plans-user@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  const fixed = {
    type: 'fixed',
    name: 'Pro',
    description: 'For professionals',
    amount: 999,
    currency: 'USD',
    interval: 'month',
    features: { max_storage_amount: 100, max_team_members: 5 },
    visible: true,
  };

  it('creates a fixed plan in minor units and lists it publicly', async () => {
    const res = await admin.post('/api/subscriptions/admin/plans', fixed);
    expect(res.status, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'fixed', amount: 999, currency: 'USD', features: fixed.features });
    const list = await server.client().get('/api/subscriptions/plans');
    expect(list.json().data.map((p: { name: string }) => p.name)).toContain('Pro');
  });

  it('creates a metered plan with every tier kept, fractional cents included', async () => {
    const res = await admin.post('/api/subscriptions/admin/plans', {
      type: 'metered',
      name: 'Pay as you go',
      currency: 'EUR',
      meters: [
        {
          key: 'storage',
          tiers: [
            { first_unit: 1, last_unit: 10, per_unit: 2.9, flat_fee: null },
            { first_unit: 11, last_unit: null, per_unit: 1.5, flat_fee: 100 },
          ],
        },
        { key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 250 }] },
      ],
    });
    expect(res.status, res.body).toBe(201);
    const storage = res.json().data.meters.find((m: { key: string }) => m.key === 'storage');
    expect(storage).toMatchObject({ aggregate_strategy: 'maximum_usage' });
    expect(storage.tiers).toEqual([
      { first_unit: 1, last_unit: 10, per_unit: 2.9, flat_fee: null },
      { first_unit: 11, last_unit: null, per_unit: 1.5, flat_fee: 100 },
    ]);
  });

  it('refuses gaps between tiers, unknown fields on update, and non-admins', async () => {
    const gap = await admin.post('/api/subscriptions/admin/plans', {
      type: 'metered',
      name: 'Gappy',
      currency: 'EUR',
      meters: [
        {
          key: 'bandwidth',
          tiers: [
            { first_unit: 1, last_unit: 10, per_unit: 1, flat_fee: null },
            { first_unit: 20, last_unit: null, per_unit: 1, flat_fee: null },
          ],
        },
      ],
    });
    expect(gap.status).toBe(422);
    const plan = (await admin.post('/api/subscriptions/admin/plans', { ...fixed, name: 'Team' })).json().data;
    const mass = await admin.request('PATCH', `/api/subscriptions/admin/plans/${plan.id}`, {
      amount: 1,
      status: 'archived',
    });
    expect(mass.status).toBe(422);
    const renamed = await admin.request('PATCH', `/api/subscriptions/admin/plans/${plan.id}`, {
      name: 'Team+',
      visible: false,
    });
    expect(renamed.json().data).toMatchObject({ name: 'Team+', visible: false, amount: 999, status: 'active' });
    expect((await user.post('/api/subscriptions/admin/plans', fixed)).status).toBe(403);
    expect((await user.get('/api/subscriptions/admin/plans')).status).toBe(403);
    const gone = await admin.request('DELETE', `/api/subscriptions/admin/plans/${plan.id}`);
    expect(gone.json()).toEqual({ outcome: 'deleted' });
    expect((await admin.get(`/api/subscriptions/admin/plans/${plan.id}`)).status).toBe(404);
  });

  it('takes every currency of spec §9 (USD, EUR, GBP first) and refuses a code outside it', async () => {
    for (const currency of ['XAF', 'KWD', 'VND']) {
      const res = await admin.post('/api/subscriptions/admin/plans', { ...fixed, name: `In ${currency}`, currency });
      expect(res.status, res.body).toBe(201);
      expect(res.json().data.currency).toBe(currency);
    }
    const unknown = await admin.post('/api/subscriptions/admin/plans', { ...fixed, name: 'Nowhere', currency: 'ABC' });
    expect(unknown.status).toBe(422);
  });

  it('lists a plan’s subscribers with their name and email, not a bare id', async () => {
    const plan = (await admin.post('/api/subscriptions/admin/plans', { ...fixed, name: 'Subscribed' })).json().data;
    const id = await userIdOf(server, 'plans-user@example.com');
    await server.ctx.db.update(users).set({ firstName: 'Petra', lastName: 'Plan' }).where(eq(users.id, id));
    await server.ctx.db.insert(subscriptions).values({
      userId: id,
      planId: plan.id,
      name: plan.name,
      type: 'fixed',
      status: 'active',
      driver: 'stripe',
      driverSubscriptionId: 'sub_plans_test',
    });
    const res = await admin.get(`/api/subscriptions/admin/plans/${plan.id}/subscribers`);
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      user_id: id,
      user: { id, email: 'plans-user@example.com', name: 'Petra Plan' },
    });
    expect(res.json().meta.paginate).toMatchObject({ total: 1 });
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { DAY_MS, SettableClock } from '../../lib/clock.js';
import { notifications } from '../notifications/index.js';
import { writeSettings, type Settings } from '../settings/index.js';
import { users } from '../users/index.js';
import {
  balances,
  billingAlerts,
  dunnings,
  failedPayments,
  planMeters,
  plans,
  subscriptions,
  transactions,
  usages,
} from './billing.table.js';
import { creditBalance } from './ledger.js';
import { meterPriceScaled, toMinor } from './metered.js';
import { runMeteredDay } from './metered.jobs.js';

/*
 * Metered billing's engine (issue 17): auto-subscription, the daily job on a moved clock, the
 * estimate over every tier, settlement, failed payments, the alert, dunning with the admin's
 * settings read, the restrictions they bring (uploads, share links) and the credit that lifts them.
 */

const GBYTES = 1_000_000_000;

/** Storage: 1–10 GB at 2.9 ¢, from 11 GB at 1.5 ¢ plus 1 € once entered; a flat fee of 2.50 €. */
const meteredPlan = {
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
    { key: 'bandwidth', tiers: [{ first_unit: 1, last_unit: null, per_unit: 1, flat_fee: null }] },
    { key: 'member', tiers: [{ first_unit: 1, last_unit: null, per_unit: 50, flat_fee: null }] },
    { key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 250 }] },
  ],
};

const quietDunning: Partial<Settings> = { usage_bigger_than_balance: false, limit_usage_in_new_accounts: false };

async function meteredServer(settings: Partial<Settings> = {}, planBody: object = meteredPlan) {
  const server = await startTestServer({ APP_URL: 'https://files.example.com' });
  const admin = await installWithAdmin(server);
  const clock = new SettableClock();
  server.ctx.clock = clock;
  // Metered usage is billed rather than capped: no storage limit in these servers.
  await writeSettings(server.ctx.db, { subscription_type: 'metered', storage_limitation: false, ...settings });
  const plan = await admin.post('/api/subscriptions/admin/plans', planBody);
  if (plan.status !== 201) throw new Error(plan.body);
  return { server, admin, clock, planId: plan.json().data.id as string };
}

const subOf = async (server: TestServer, userId: string) => {
  const [row] = await server.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row!;
};
const setStorage = (server: TestServer, userId: string, bytes: number) =>
  server.ctx.db.update(users).set({ storageUsed: bytes }).where(eq(users.id, userId));
const notificationsOf = (server: TestServer, userId: string, category: string) =>
  server.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.category} = ${category}`));
const balanceOf = async (server: TestServer, userId: string) =>
  (await server.ctx.db.select().from(balances).where(eq(balances.userId, userId)))[0];

describe('the estimate over every tier (hand-computed)', () => {
  const storage = [
    { first_unit: 1, last_unit: 10, per_unit_e4: 29_000, flat_fee: null },
    { first_unit: 11, last_unit: null, per_unit_e4: 15_000, flat_fee: 100 },
  ];
  it('bills the units inside each tier and a tier’s flat fee once the usage enters it', () => {
    // 12.5 GB: 10 × 2.9 = 29 ¢, then 2.5 × 1.5 = 3.75 ¢ + 100 ¢ = 132.75 ¢ → 133 ¢.
    expect(toMinor(meterPriceScaled(storage, BigInt(12.5 * GBYTES)))).toBe(133);
    // 4 GB: only the first tier, 11.6 ¢ → 12 ¢ (half-up once).
    expect(toMinor(meterPriceScaled(storage, BigInt(4 * GBYTES)))).toBe(12);
    // 10 GB exactly: the second tier is not entered (no flat fee).
    expect(toMinor(meterPriceScaled(storage, BigInt(10 * GBYTES)))).toBe(29);
    expect(toMinor(meterPriceScaled(storage, 0n))).toBe(0);
  });
});

describe('the estimate never bills usage that is not there', () => {
  it('counts units from 1 even for a tier stored with first_unit 0 (before the contract refused it)', () => {
    const fromZero = [{ first_unit: 0, last_unit: null, per_unit_e4: 1_000_000, flat_fee: 250 }];
    const fromOne = [{ first_unit: 1, last_unit: null, per_unit_e4: 1_000_000, flat_fee: 250 }];
    // No usage: neither a phantom unit (100) nor the tier's flat fee (250).
    expect(meterPriceScaled(fromZero, 0n)).toBe(0n);
    expect(meterPriceScaled(fromOne, 0n)).toBe(0n);
    // 1 GB: one unit and the flat fee, as a tier from 1 bills it.
    expect(toMinor(meterPriceScaled(fromZero, BigInt(GBYTES)))).toBe(350);
    expect(toMinor(meterPriceScaled(fromOne, BigInt(GBYTES)))).toBe(350);
  });
});

describe('metered billing: subscription, usage, estimate, settlement', () => {
  let server: TestServer;
  let admin: TestClient;
  let clock: SettableClock;

  beforeAll(async () => {
    ({ server, admin, clock } = await meteredServer({
      ...quietDunning,
      allowed_registration_bonus: true,
      registration_bonus_amount: 1000,
    }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('puts a new account on the metered plan with the registration bonus', async () => {
    await registerUser(server, 'bonus@example.com');
    const id = await userIdOf(server, 'bonus@example.com');
    const sub = await subOf(server, id);
    expect(sub).toMatchObject({ type: 'pre-paid', status: 'active', driver: 'system', name: 'Pay as you go' });
    const month = sub.renewsAt!.getTime() - clock.now().getTime();
    expect(month).toBeGreaterThan(27 * DAY_MS);
    expect(month).toBeLessThanOrEqual(31 * DAY_MS);
    expect(await balanceOf(server, id)).toMatchObject({ amount: 1000, currency: 'EUR' });
    const credits = await server.ctx.db.select().from(transactions).where(eq(transactions.userId, id));
    expect(credits).toMatchObject([{ type: 'credit', amount: 1000, note: 'Registration bonus', driver: 'system' }]);
    expect(await notificationsOf(server, id, 'gift')).toHaveLength(1);
    // The admin is not billed.
    const adminId = await userIdOf(server, 'admin@example.com');
    expect(await server.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, adminId))).toHaveLength(0);
  });

  it('gives no bonus when the admin does not allow it', async () => {
    await writeSettings(server.ctx.db, { allowed_registration_bonus: false });
    await registerUser(server, 'nobonus@example.com');
    const id = await userIdOf(server, 'nobonus@example.com');
    expect((await subOf(server, id)).type).toBe('pre-paid');
    expect(await balanceOf(server, id)).toMatchObject({ amount: 0, currency: 'EUR' });
    expect(await server.ctx.db.select().from(transactions).where(eq(transactions.userId, id))).toHaveLength(0);
    await writeSettings(server.ctx.db, { allowed_registration_bonus: true });
  });

  it('records one usage row per meter per day, and shows the estimate over every tier', async () => {
    const user = await registerUser(server, 'usage@example.com');
    const id = await userIdOf(server, 'usage@example.com');
    await setStorage(server, id, 12.5 * GBYTES);
    await runMeteredDay(server.ctx);
    await runMeteredDay(server.ctx);
    const sub = await subOf(server, id);
    const rows = await server.ctx.db.select().from(usages).where(eq(usages.subscriptionId, sub.id));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.meterKey === 'storage')?.quantity).toBe(12.5 * GBYTES);
    expect(rows.find((r) => r.meterKey === 'flatFee')?.quantity).toBe(1);

    const me = (await user.get('/api/user')).json().data.meta;
    // Storage 133 ¢ (see above) + flat fee 250 ¢ = 383 ¢: the total is the sum of the rounded lines.
    expect(me.usages).toMatchObject({ amount: 383, currency: 'EUR' });
    expect(me.usages.meters).toEqual(
      expect.arrayContaining([
        { key: 'storage', usage: 12.5, amount: 133 },
        { key: 'flatFee', usage: 1, amount: 250 },
        { key: 'bandwidth', usage: 0, amount: 0 },
        { key: 'member', usage: 0, amount: 0 },
      ]),
    );
    expect(me.usages.costEstimate).toContain('3.83');
    expect(me.balance).toEqual({ amount: 1000, currency: 'EUR' });

    // The next day adds its own rows; the peak of storage, not the sum, is billed.
    clock.advance(DAY_MS);
    await runMeteredDay(server.ctx);
    expect(await server.ctx.db.select().from(usages).where(eq(usages.subscriptionId, sub.id))).toHaveLength(8);
    expect((await user.get('/api/user')).json().data.meta.usages.amount).toBe(383);
  });

  it('settles the period from the balance with its line items, once', async () => {
    const id = await userIdOf(server, 'usage@example.com');
    const before = await subOf(server, id);
    clock.set(new Date(before.renewsAt!.getTime() + 60_000));
    await runMeteredDay(server.ctx);
    await runMeteredDay(server.ctx);
    const withdrawals = await server.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, id), eq(transactions.type, 'withdrawal')));
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ status: 'completed', amount: 383, currency: 'EUR', driver: 'system' });
    expect(withdrawals[0]!.note).toMatch(/^\d\d\. [A-Z][a-z]{2} - \d\d\. [A-Z][a-z]{2}$/);
    expect(withdrawals[0]!.metadata).toEqual(
      expect.arrayContaining([
        { label: 'Storage', usage: '12.5 GB', amount: 133, currency: 'EUR' },
        { label: 'Flat fee', usage: '1', amount: 250, currency: 'EUR' },
      ]),
    );
    expect((await balanceOf(server, id))?.amount).toBe(1000 - 383);
    const after = await subOf(server, id);
    expect(after.renewsAt!.getTime()).toBeGreaterThan(before.renewsAt!.getTime() + 27 * DAY_MS);
  });

  it('subscribes users who had none when the mode becomes metered (the daily job)', async () => {
    await writeSettings(server.ctx.db, { subscription_type: 'none' });
    await registerUser(server, 'before@example.com');
    const id = await userIdOf(server, 'before@example.com');
    expect(await server.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toHaveLength(0);
    await writeSettings(server.ctx.db, { subscription_type: 'metered' });
    await runMeteredDay(server.ctx);
    expect((await subOf(server, id)).type).toBe('pre-paid');
    void admin;
  });
});

describe('metered billing: failed payments restrict, a credit lifts it', () => {
  let server: TestServer;
  let clock: SettableClock;
  let user: TestClient;
  let id: string;
  let token: string;

  beforeAll(async () => {
    ({ server, clock } = await meteredServer(quietDunning));
    user = await registerUser(server, 'debtor@example.com');
    id = await userIdOf(server, 'debtor@example.com');
    const file = await seedFile(server, id, { name: 'report.txt' });
    const shared = await user.post('/api/share', { id: file.id, type: 'file', permission: 'visitor' });
    expect(shared.status, shared.body).toBe(201);
    token = shared.json().data.attributes.token;
    await setStorage(server, id, 12.5 * GBYTES);
  });
  afterAll(async () => {
    await server?.close();
  });

  const settleNextPeriod = async () => {
    await runMeteredDay(server.ctx);
    const sub = await subOf(server, id);
    clock.set(new Date(sub.renewsAt!.getTime() + 60_000));
    await runMeteredDay(server.ctx);
  };

  it('an unpaid period is a failed payment, an error transaction and a notification', async () => {
    await settleNextPeriod();
    const failed = await server.ctx.db.select().from(failedPayments).where(eq(failedPayments.userId, id));
    expect(failed).toMatchObject([{ amount: 383, currency: 'EUR', source: 'balance' }]);
    const errors = await server.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, id), eq(transactions.status, 'error')));
    expect(errors).toHaveLength(1);
    expect(await notificationsOf(server, id, 'insufficient-balance')).toHaveLength(1);
    expect(server.outbox().some((m) => m.includes('Your balance did not cover your usage'))).toBe(true);
    expect((await user.get('/api/user')).json().data.meta.restrictions.canUpload).toBe(true);
  });

  it('three failed payments stop uploads and the owner’s share links, with the reason', async () => {
    await settleNextPeriod();
    await settleNextPeriod();
    expect(await server.ctx.db.select().from(failedPayments).where(eq(failedPayments.userId, id))).toHaveLength(3);
    const r = (await user.get('/api/user')).json().data.meta.restrictions;
    expect(r).toMatchObject({
      canUpload: false,
      canDownload: false,
      canVisitShared: false,
      reasonCode: 'failed_payments',
      reason: 'Please update your credit card to pay your usage.',
    });
    const upload = await uploadFile(server, user, { name: 'new.txt', content: 'hello' });
    expect(upload.status).toBe(403);
    const link = await server.client().get(`/api/sharing/${token}`);
    expect(link.status).toBe(403);
    expect(link.json().code).toBe('link.owner_restricted');
  });

  it('an admin’s credit pays the failed payments and lifts the restrictions', async () => {
    await server.ctx.db.transaction((tx) =>
      creditBalance(tx, id, { amount: 2000, currency: 'EUR', driver: 'system', note: 'Credit from the administrator' }),
    );
    expect(await server.ctx.db.select().from(failedPayments).where(eq(failedPayments.userId, id))).toHaveLength(0);
    expect((await balanceOf(server, id))?.amount).toBe(2000 - 3 * 383);
    expect((await user.get('/api/user')).json().data.meta.restrictions.reasonCode).toBeNull();
    expect((await uploadFile(server, user, { name: 'new.txt', content: 'hello' })).status).toBe(201);
    expect((await server.client().get(`/api/sharing/${token}`)).status).toBe(200);
  });
});

describe('metered billing: the billing alert', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('triggers once when the estimate passes the amount', async () => {
    ({ server } = await meteredServer(quietDunning));
    await registerUser(server, 'alert@example.com');
    const id = await userIdOf(server, 'alert@example.com');
    await server.ctx.db.insert(billingAlerts).values({ userId: id, amount: 300 });
    await runMeteredDay(server.ctx);
    // Only the flat fee (250 ¢): not above 300.
    expect(await notificationsOf(server, id, 'billing-alert')).toHaveLength(0);
    await setStorage(server, id, 12.5 * GBYTES);
    await runMeteredDay(server.ctx);
    await runMeteredDay(server.ctx);
    expect(await notificationsOf(server, id, 'billing-alert')).toHaveLength(1);
    const [alert] = await server.ctx.db.select().from(billingAlerts).where(eq(billingAlerts.userId, id));
    expect(alert?.triggered).toBe(true);
  });
});

describe('metered billing: dunning reads the admin’s settings', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  async function scenario(settings: Partial<Settings>, oldAccount: boolean) {
    const { server, clock } = await meteredServer(settings);
    servers.push(server);
    const user = await registerUser(server, 'dunned@example.com');
    const id = await userIdOf(server, 'dunned@example.com');
    if (oldAccount) {
      await server.ctx.db
        .update(users)
        .set({ createdAt: new Date(clock.now().getTime() - 40 * DAY_MS) })
        .where(eq(users.id, id));
    }
    await setStorage(server, id, 12.5 * GBYTES);
    await runMeteredDay(server.ctx);
    return { server, clock, user, id };
  }
  const dunningOf = async (server: TestServer, id: string) =>
    (await server.ctx.db.select().from(dunnings).where(eq(dunnings.userId, id)))[0];

  it('limit_usage_in_new_accounts on: reminders every two days, restricted at the third', async () => {
    const { server, clock, user, id } = await scenario(
      { limit_usage_in_new_accounts: true, limit_usage_in_new_accounts_amount: 300, usage_bigger_than_balance: false },
      false,
    );
    expect(await dunningOf(server, id)).toMatchObject({ type: 'limit_usage_in_new_accounts', sequence: 1 });
    expect(server.outbox().filter((m) => m.includes('Payment reminder 1 of 3'))).toHaveLength(1);
    clock.advance(DAY_MS);
    await runMeteredDay(server.ctx);
    expect((await dunningOf(server, id))?.sequence).toBe(1);
    clock.advance(DAY_MS);
    await runMeteredDay(server.ctx);
    await runMeteredDay(server.ctx);
    expect((await dunningOf(server, id))?.sequence).toBe(2);
    expect((await user.get('/api/user')).json().data.meta.restrictions.canUpload).toBe(true);
    clock.advance(2 * DAY_MS);
    await runMeteredDay(server.ctx);
    expect((await dunningOf(server, id))?.sequence).toBe(3);
    const r = (await user.get('/api/user')).json().data.meta.restrictions;
    expect(r).toMatchObject({
      canUpload: false,
      reasonCode: 'limit_usage_in_new_accounts',
      reason: 'Please make your first payment to cover your usage.',
    });
    clock.advance(4 * DAY_MS);
    await runMeteredDay(server.ctx);
    expect((await dunningOf(server, id))?.sequence).toBe(3);
    expect(await notificationsOf(server, id, 'billing-alert')).toHaveLength(3);
  });

  it('limit_usage_in_new_accounts off: no dunning', async () => {
    const { server, id } = await scenario(
      { limit_usage_in_new_accounts: false, limit_usage_in_new_accounts_amount: 300, usage_bigger_than_balance: true },
      false,
    );
    expect(await dunningOf(server, id)).toBeUndefined();
  });

  it('usage_bigger_than_balance on: an older account whose estimate reaches its balance is reminded', async () => {
    const { server, id } = await scenario(
      { usage_bigger_than_balance: true, limit_usage_in_new_accounts: false },
      true,
    );
    expect(await dunningOf(server, id)).toMatchObject({ type: 'usage_bigger_than_balance', sequence: 1 });
  });

  it('usage_bigger_than_balance off: no dunning', async () => {
    const { server, id } = await scenario(
      { usage_bigger_than_balance: false, limit_usage_in_new_accounts: true },
      true,
    );
    expect(await dunningOf(server, id)).toBeUndefined();
  });
});

describe('fixed subscriptions: the expiry job', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('completes a cancelled subscription whose end has come and resets the limits', async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    const clock = new SettableClock();
    server.ctx.clock = clock;
    await writeSettings(server.ctx.db, { subscription_type: 'fixed' });
    await registerUser(server, 'fixed@example.com');
    const id = await userIdOf(server, 'fixed@example.com');
    const [plan] = await server.ctx.db
      .insert(plans)
      .values({ type: 'fixed', name: 'Pro', amount: 999, currency: 'USD', maxStorageAmount: 100, maxTeamMembers: 5 })
      .returning();
    await server.ctx.db
      .update(users)
      .set({ storageCapacity: 100 * GBYTES, maxTeamMembers: 5 })
      .where(eq(users.id, id));
    await server.ctx.db.insert(subscriptions).values({
      userId: id,
      planId: plan!.id,
      name: 'Pro',
      type: 'fixed',
      status: 'cancelled',
      driver: 'stripe',
      driverSubscriptionId: 'sub_1',
      endsAt: new Date(clock.now().getTime() + DAY_MS),
    });
    await runMeteredDay(server.ctx);
    expect((await subOf(server, id)).status).toBe('cancelled');
    clock.advance(2 * DAY_MS);
    await runMeteredDay(server.ctx);
    expect((await subOf(server, id)).status).toBe('completed');
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ storageCapacity: null, maxTeamMembers: null });
  });
});

/** In yen (no minor digits): storage 100 ¥/GB, members 50 ¥ once there is one, a flat fee of 250 ¥. */
const yenPlan = {
  type: 'metered',
  name: 'Yen',
  currency: 'JPY',
  meters: [
    { key: 'storage', tiers: [{ first_unit: 1, last_unit: null, per_unit: 100, flat_fee: null }] },
    { key: 'member', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 50 }] },
    { key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 250 }] },
  ],
};

describe('metered billing in a zero-decimal currency, and tiers from unit 0', () => {
  let server: TestServer;
  let admin: TestClient;
  let clock: SettableClock;
  let planId: string;
  afterAll(async () => {
    await server?.close();
  });

  beforeAll(async () => {
    ({ server, admin, clock, planId } = await meteredServer(
      { ...quietDunning, allowed_registration_bonus: true, registration_bonus_amount: 100 },
      yenPlan,
    ));
  });

  it('refuses a tier from unit 0 with a 422', async () => {
    const res = await admin.post('/api/subscriptions/admin/plans', {
      ...yenPlan,
      name: 'From zero',
      meters: [{ key: 'storage', tiers: [{ first_unit: 0, last_unit: null, per_unit: 100, flat_fee: null }] }],
    });
    expect(res.status, res.body).toBe(422);
    expect(res.body).toContain('first_unit');
  });

  it('shows yen amounts as they are (¥100, not ¥1), and a stored tier from 0 bills no phantom unit', async () => {
    // A plan stored with tiers from 0 before the contract refused them still reads (from 1) and bills nothing unused.
    for (const key of ['storage', 'member'] as const) {
      const [meter] = await server.ctx.db
        .select()
        .from(planMeters)
        .where(and(eq(planMeters.planId, planId), eq(planMeters.key, key)));
      await server.ctx.db
        .update(planMeters)
        .set({ tiers: meter!.tiers.map((t) => ({ ...t, first_unit: 0 })) })
        .where(eq(planMeters.id, meter!.id));
    }
    const read = await admin.get(`/api/subscriptions/admin/plans/${planId}`);
    expect(read.status, read.body).toBe(200);
    for (const meter of read.json().data.meters) expect(meter.tiers[0].first_unit).toBe(1);
    expect((await admin.get('/api/subscriptions/admin/plans')).status).toBe(200);
    expect((await server.client().get('/api/subscriptions/plans')).status).toBe(200);

    const user = await registerUser(server, 'yen@example.com');
    const id = await userIdOf(server, 'yen@example.com');
    const [gift] = await notificationsOf(server, id, 'gift');
    expect(gift?.description).toContain('¥100');
    // No usage recorded yet: nothing to pay (not 100 ¥ of storage and 50 ¥ of members nobody used).
    expect((await user.get('/api/user')).json().data.meta.usages).toMatchObject({ amount: 0, costEstimate: '¥0' });

    await server.ctx.db.insert(billingAlerts).values({ userId: id, amount: 200 });
    await runMeteredDay(server.ctx);
    const usage = (await user.get('/api/user')).json().data.meta.usages;
    expect(usage).toMatchObject({ amount: 250, currency: 'JPY', costEstimate: '¥250' });
    expect(usage.meters).toEqual(
      expect.arrayContaining([
        { key: 'storage', usage: 0, amount: 0 },
        { key: 'member', usage: 0, amount: 0 },
        { key: 'flatFee', usage: 1, amount: 250 },
      ]),
    );
    const [alert] = await notificationsOf(server, id, 'billing-alert');
    expect(alert?.description).toBe('Your estimate for this period is ¥250, above your alert of ¥200.');

    // Settlement: the balance (¥100) does not cover ¥250; the lines bill no phantom unit.
    const sub = await subOf(server, id);
    clock.set(new Date(sub.renewsAt!.getTime() + 60_000));
    await runMeteredDay(server.ctx);
    const [failed] = await server.ctx.db.select().from(failedPayments).where(eq(failedPayments.userId, id));
    expect(failed).toMatchObject({ amount: 250, currency: 'JPY' });
    expect(failed!.metadata).toEqual(
      expect.arrayContaining([
        { label: 'Storage', usage: '0 GB', amount: 0, currency: 'JPY' },
        { label: 'Team members', usage: '0 members', amount: 0, currency: 'JPY' },
      ]),
    );
    const [low] = await notificationsOf(server, id, 'insufficient-balance');
    // The mail is sent with the same text of the amount as this notification.
    expect(low?.description).toContain('¥250');
  });
});

/** Half a cent a day of flat fee and half a cent of storage for 5 bytes: each line rounds up to 1 ¢. */
const halfCentPlan = {
  type: 'metered',
  name: 'Split',
  currency: 'USD',
  meters: [
    { key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0.5, flat_fee: null }] },
    { key: 'storage', tiers: [{ first_unit: 1, last_unit: null, per_unit: 100_000_000, flat_fee: null }] },
  ],
};

describe('metered billing: the amount charged is the sum of the lines shown', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('rounds each line once and adds the rounded lines', async () => {
    let clock: SettableClock;
    ({ server, clock } = await meteredServer(
      { ...quietDunning, allowed_registration_bonus: true, registration_bonus_amount: 100 },
      halfCentPlan,
    ));
    const user = await registerUser(server, 'split@example.com');
    const id = await userIdOf(server, 'split@example.com');
    await setStorage(server, id, 5);
    await runMeteredDay(server.ctx);
    const usage = (await user.get('/api/user')).json().data.meta.usages;
    expect(usage.meters).toEqual(
      expect.arrayContaining([
        { key: 'flatFee', usage: 1, amount: 1 },
        { key: 'storage', usage: 5 / GBYTES, amount: 1 },
      ]),
    );
    expect(usage).toMatchObject({ amount: 2, costEstimate: '$0.02' });

    const sub = await subOf(server, id);
    clock.set(new Date(sub.renewsAt!.getTime() + 60_000));
    await runMeteredDay(server.ctx);
    const [withdrawal] = await server.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, id), eq(transactions.type, 'withdrawal')));
    expect(withdrawal).toMatchObject({ status: 'completed', amount: 2, currency: 'USD' });
    const lines = withdrawal!.metadata ?? [];
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(withdrawal!.amount);
    expect((await balanceOf(server, id))?.amount).toBe(98);
  });
});

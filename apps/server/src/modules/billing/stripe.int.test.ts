import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SettableClock } from '../../lib/clock.js';
import { GB } from '../../lib/format.js';
import { findUserByEmail } from '../users/index.js';
import { readSettings } from '../settings/index.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import {
  decodedMail,
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import {
  creditCards,
  failedPayments,
  planGatewayPlans,
  plans,
  subscriptions,
  transactions,
  webhookEvents,
} from './billing.table.js';
import { refreshBillingRestriction } from './ledger.js';
import { runMeteredDay } from './metered.jobs.js';
import { stripeGateway } from './gateways/stripe.js';

/**
 * The Stripe gateway end to end against the fake Stripe (issue 17): plans at Stripe, hosted
 * checkout, the signed webhooks applied once, renewal, swap, cancel, cards and off-session charges.
 */
describe('stripe gateway', () => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;
  let user: TestClient;
  let other: TestClient;
  const clock = new SettableClock();

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer({
      STRIPE_API_BASE: fake.apiBase,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLIC_KEY: fake.publicKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    });
    server.ctx.clock = clock;
    fake.now = () => clock.now();
    fake.deliver = async (body, headers) =>
      (await server.app.inject({ method: 'POST', url: '/api/subscriptions/stripe/webhooks', payload: body, headers }))
        .statusCode;
    admin = await installWithAdmin(server);
    user = await registerUser(server, 'stripe-user@example.com');
    other = await registerUser(server, 'stripe-other@example.com');
  });
  afterAll(async () => {
    await fake?.close();
    await server?.close();
  });

  const fixed = (name: string, gb: number, amount = 999) => ({
    type: 'fixed',
    name,
    description: `${name} plan`,
    amount,
    currency: 'USD',
    interval: 'month',
    features: { max_storage_amount: gb, max_team_members: 5 },
    visible: true,
  });
  const userId = async (email: string) => (await findUserByEmail(server.ctx.db, email))!.id;
  const subsOf = async (id: string) => server.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
  const chargesOf = async (id: string) => server.ctx.db.select().from(transactions).where(eq(transactions.userId, id));
  /** Pays at the fake's hosted page as the browser's form does; returns where it sends the browser. */
  const payAt = async (url: string, card = '4242 4242 4242 4242') => {
    const res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ card }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return res.headers.get('location');
  };

  let pro: { id: string; drivers: { driver: string; plan_id: string }[] };
  let team: { id: string; drivers: { driver: string; plan_id: string }[] };

  it('creates a fixed plan at Stripe as a product with a recurring price', async () => {
    const res = await admin.post('/api/subscriptions/admin/plans', fixed('Pro', 100));
    expect(res.status, res.body).toBe(201);
    pro = res.json().data;
    const priceId = pro.drivers.find((d) => d.driver === 'stripe')?.plan_id;
    const price = fake.prices.get(priceId ?? '');
    expect(price).toMatchObject({ unit_amount: 999, currency: 'usd', recurring: { interval: 'month' }, active: true });
    expect(fake.products.get(String(price?.product))).toMatchObject({ name: 'Pro', active: true });
    team = (await admin.post('/api/subscriptions/admin/plans', fixed('Team', 500, 2999))).json().data;
  });

  it('synchronises: a plan missing at Stripe is created there, a new name follows', async () => {
    const made = (await admin.post('/api/subscriptions/admin/plans', fixed('Solo', 10))).json().data;
    // As if Stripe had been configured after the plan was made: its twin is not there.
    await server.ctx.db.delete(planGatewayPlans).where(eq(planGatewayPlans.planId, made.id));
    await server.ctx.db.update(plans).set({ name: 'Solo+' }).where(eq(plans.id, made.id));
    const res = await admin.post('/api/subscriptions/admin/plans/synchronize');
    expect(res.status, res.body).toBe(200);
    const [twin] = await server.ctx.db.select().from(planGatewayPlans).where(eq(planGatewayPlans.planId, made.id));
    expect(twin).toMatchObject({ driver: 'stripe', syncedName: 'Solo+' });
    const price = fake.prices.get(twin!.driverPlanId);
    expect(fake.products.get(String(price?.product))).toMatchObject({ name: 'Solo+', active: true });
    expect((await user.post('/api/subscriptions/admin/plans/synchronize')).status).toBe(403);
    await admin.request('DELETE', `/api/subscriptions/admin/plans/${made.id}`);
  });

  it('stores no plan and leaves no product at Stripe when Stripe fails', async () => {
    const products = fake.products.size;
    fake.failNext = '/v1/prices';
    const res = await admin.post('/api/subscriptions/admin/plans', fixed('Broken', 5));
    expect(res.status, res.body).toBe(502);
    expect(res.json().code).toBe('billing.gateway_error');
    const names = (await server.ctx.db.select().from(plans)).map((p) => p.name);
    expect(names).not.toContain('Broken');
    expect(fake.products.size).toBe(products);
    expect([...fake.products.values()].map((p) => p.name)).not.toContain('Broken');
  });

  it('refuses webhooks with a missing, wrong or stale signature and changes nothing', async () => {
    const uid = await userId('stripe-other@example.com');
    const sub = {
      id: 'sub_forged',
      object: 'subscription',
      customer: 'cus_forged',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { user_id: uid, plan_id: pro.id },
      items: {
        object: 'list',
        data: [{ id: 'si_forged', price: { id: pro.drivers[0]!.plan_id }, current_period_end: 2 }],
      },
    };
    expect(await fake.send('customer.subscription.created', sub, { unsigned: true })).toBe(403);
    expect(await fake.send('customer.subscription.created', sub, { secret: 'whsec_wrong' })).toBe(403);
    expect(await fake.send('customer.subscription.created', sub, { ageSeconds: 301 })).toBe(403);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/subscriptions/stripe/webhooks',
      payload: fake.events.at(-1)!.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('billing.webhook_signature');
    expect(await subsOf(uid)).toEqual([]);
    expect(await server.ctx.db.select().from(webhookEvents)).toEqual([]);
    // Signed within five minutes (by the app's clock): accepted, once.
    expect(await fake.send('customer.subscription.created', sub, { ageSeconds: 200 })).toBe(200);
    expect(await fake.resend(fake.events.at(-1)!.id)).toBe(200);
    const rows = await subsOf(uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'inactive', driverSubscriptionId: 'sub_forged', planId: pro.id });
    await server.ctx.db.delete(subscriptions).where(eq(subscriptions.userId, uid));
  });

  let subscriptionId = '';

  it('checks out on the hosted page: the subscription is active and the storage grows', async () => {
    const res = await user.post('/api/stripe/checkout', { plan_id: pro.id });
    expect(res.status, res.body).toBe(200);
    const url: string = res.json().url;
    expect(url.startsWith(`${fake.origin}/pay/`)).toBe(true);
    const session = fake.sessions.get(url.split('/').pop()!)!;
    const uid = await userId('stripe-user@example.com');
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: uid,
      subscription_data: { metadata: { user_id: uid, plan_id: pro.id } },
      line_items: [{ price: pro.drivers[0]!.plan_id }],
    });
    // One customer per user: a second checkout names the same one.
    const again = (await user.post('/api/subscriptions/checkout', { plan_id: pro.id, driver: 'stripe' })).json().url;
    expect(fake.sessions.get(again.split('/').pop())?.customer).toBe(session.customer);

    const back = await payAt(url);
    expect(back).toMatch(/\/user\/settings\/billing\?checkout=success$/);
    expect(fake.deliveries.slice(-3).map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.payment_succeeded', 200],
      ['customer.subscription.updated', 200],
    ]);
    const detail = (await user.get('/api/subscriptions/detail')).json().data;
    expect(detail).toMatchObject({ status: 'active', plan_id: pro.id, driver: 'stripe' });
    subscriptionId = detail.driver_subscription_id;
    const periodEnd = Number(
      (fake.subscriptions.get(subscriptionId)!.items as { data: { current_period_end: number }[] }).data[0]!
        .current_period_end,
    );
    expect(detail.renews_at).toBe(new Date(periodEnd * 1000).toISOString());
    const me = (await user.get('/api/user')).json();
    expect(me.data.attributes.storage.capacity).toBe(100 * GB);
    const charges = await chargesOf(uid);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ type: 'charge', amount: 999, currency: 'USD', driver: 'stripe' });
    // A second checkout while subscribed is refused.
    expect((await user.post('/api/stripe/checkout', { plan_id: team.id })).status).toBe(409);
  });

  it('records a renewal once, even when Stripe sends it again', async () => {
    const uid = await userId('stripe-user@example.com');
    await fake.renew(subscriptionId);
    const renewal = fake.events.filter((e) => e.type === 'invoice.payment_succeeded').at(-1)!;
    expect(await fake.resend(renewal.id)).toBe(200);
    const invoiceId = JSON.parse(renewal.payload).data.object.id;
    const charges = await chargesOf(uid);
    expect(charges).toHaveLength(2);
    expect(charges.filter((c) => c.reference === invoiceId)).toHaveLength(1);
    const end = JSON.parse(renewal.payload).data.object.lines.data[0].period.end;
    expect((await user.get('/api/subscriptions/detail')).json().data.renews_at).toBe(
      new Date(end * 1000).toISOString(),
    );
  });

  it('swaps the plan at Stripe and here: the limits follow', async () => {
    const res = await user.post(`/api/subscriptions/swap/${team.id}`);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ url: null, data: { plan_id: team.id, name: 'Team', status: 'active' } });
    await fake.idle();
    const item = (fake.subscriptions.get(subscriptionId)!.items as { data: { price: { id: string } }[] }).data[0]!;
    expect(item.price.id).toBe(team.drivers[0]!.plan_id);
    expect((await user.get('/api/user')).json().data.attributes.storage.capacity).toBe(500 * GB);
    expect((await user.get('/api/subscriptions/detail')).json().data.plan_id).toBe(team.id);
  });

  it('cancels at the period’s end: cancelled until then, limits kept', async () => {
    const res = await user.post('/api/subscriptions/cancel');
    expect(res.status, res.body).toBe(200);
    await fake.idle();
    const remote = fake.subscriptions.get(subscriptionId)!;
    expect(remote.cancel_at_period_end).toBe(true);
    expect(remote.status).toBe('active');
    const end = (remote.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
    const detail = (await user.get('/api/subscriptions/detail')).json().data;
    expect(detail).toMatchObject({ status: 'cancelled', ends_at: new Date(end * 1000).toISOString() });
    expect((await user.get('/api/user')).json().data.attributes.storage.capacity).toBe(500 * GB);
    // Taken back at Stripe before the end: active again, no end date; then cancelled once more.
    remote.cancel_at_period_end = false;
    expect(await fake.send('customer.subscription.updated', remote)).toBe(200);
    expect((await user.get('/api/subscriptions/detail')).json().data).toMatchObject({
      status: 'active',
      ends_at: null,
    });
    await fake.cancelAtPeriodEnd(subscriptionId);
    expect((await user.get('/api/subscriptions/detail')).json().data).toMatchObject({ status: 'cancelled' });
    // Stripe ends it at the period's end: the plan's limits go.
    await fake.end(subscriptionId);
    expect((await subsOf(await userId('stripe-user@example.com')))[0]?.status).toBe('completed');
    expect((await user.get('/api/user')).json().data.attributes.storage.capacity).not.toBe(500 * GB);
  });

  it('stores a card set up on the hosted page, lists it to its owner only, and removes it', async () => {
    const res = await user.post('/api/stripe/cards/setup');
    expect(res.status, res.body).toBe(200);
    expect(fake.sessions.get(res.json().url.split('/').pop())?.mode).toBe('setup');
    expect(await payAt(res.json().url)).toMatch(/\/user\/settings\/billing\?card=added$/);
    const cards = (await user.get('/api/stripe/credit-cards')).json().data;
    expect(cards).toEqual([
      expect.objectContaining({
        brand: 'visa',
        last4: '4242',
        driver: 'stripe',
        expires_at: expect.stringMatching(/-12-01$/),
      }),
    ]);
    expect((await other.get('/api/stripe/credit-cards')).json().data).toEqual([]);
    const stolen = await other.request('DELETE', `/api/stripe/credit-cards/${cards[0].id}`);
    expect(stolen.status).toBe(404);
    expect((await user.get('/api/stripe/credit-cards')).json().data).toHaveLength(1);
    const intent = await user.get('/api/stripe/setup-intent');
    expect(intent.status).toBe(201);
    expect(intent.json().data.client_secret).toMatch(/^seti_.*_secret_/);
    const [row] = await server.ctx.db.select().from(creditCards).where(eq(creditCards.id, cards[0].id));
    const removed = await user.request('DELETE', `/api/stripe/credit-cards/${cards[0].id}`);
    expect(removed.status, removed.body).toBe(200);
    expect((await user.get('/api/stripe/credit-cards')).json().data).toEqual([]);
    expect(fake.paymentMethods.get(row!.reference)?.customer).toBeNull();
  });

  it('charges a stored card off-session, and a decline is an answer', async () => {
    const setup = (await other.post('/api/stripe/cards/setup')).json().url;
    await payAt(setup);
    const declining = (await other.post('/api/stripe/cards/setup')).json().url;
    await payAt(declining, '4000 0000 0000 0002');
    const uid = await userId('stripe-other@example.com');
    const cards = await server.ctx.db.select().from(creditCards).where(eq(creditCards.userId, uid));
    const good = cards.find((c) => c.last4 === '4242')!;
    const bad = cards.find((c) => c.last4 === '0002')!;
    const gateway = stripeGateway(server.ctx, await readSettings(server.ctx.db))!;
    const paid = await gateway.chargeCard(good, 1250, 'EUR', 'Usage', 'settlement:a:2026-11-01');
    expect(paid).toMatchObject({ ok: true, reference: expect.stringMatching(/^pi_/) });
    // The same payment asked again (a crash before our commit): Stripe answers the first intent, charges nothing more.
    const charges = fake.paymentIntents.size;
    expect(await gateway.chargeCard(good, 1250, 'EUR', 'Usage', 'settlement:a:2026-11-01')).toEqual(paid);
    expect(fake.paymentIntents.size).toBe(charges);
    const intent = fake.paymentIntents.get((paid as { reference: string }).reference);
    expect(intent).toMatchObject({
      amount: 1250,
      currency: 'eur',
      payment_method: good.reference,
      status: 'succeeded',
    });
    expect(await gateway.chargeCard(bad, 1250, 'EUR', 'Usage', 'settlement:b:2026-11-01')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/declined/),
    });
    fake.declineCharges = true;
    expect((await gateway.chargeCard(good, 100, 'EUR', 'Usage', 'settlement:c:2026-11-01')).ok).toBe(false);
    fake.declineCharges = false;
  });

  it('a card set up on the hosted page pays the failed card payments and lifts the restriction', async () => {
    // Restrictions bind on metered billing only.
    const type = (await readSettings(server.ctx.db)).subscription_type;
    const setType = (value: string) =>
      admin.request('PATCH', '/api/admin/settings', { name: 'subscription_type', value });
    expect((await setType('metered')).status).toBe(200);
    const payer = await registerUser(server, 'stripe-failed@example.com');
    const uid = await userId('stripe-failed@example.com');
    const rows = [1100, 1200, 1300].map((amount, i) => ({
      userId: uid,
      amount,
      currency: 'EUR',
      source: 'credit-card' as const,
      note: `Usage ${i + 1}`,
    }));
    await server.ctx.db.transaction(async (tx) => {
      await tx.insert(failedPayments).values(rows);
      await refreshBillingRestriction(tx, uid);
    });
    expect((await payer.get('/api/user')).json().data.meta.restrictions).toMatchObject({
      canUpload: false,
      reasonCode: 'failed_payments',
    });
    expect(await chargesOf(uid)).toEqual([]);

    // The card is attached at Stripe (payment_method.attached): what failed is charged to it now.
    const setup = (await payer.post('/api/stripe/cards/setup')).json().url;
    expect(await payAt(setup)).toMatch(/\?card=added$/);

    expect(await server.ctx.db.select().from(failedPayments).where(eq(failedPayments.userId, uid))).toEqual([]);
    const charges = await chargesOf(uid);
    expect(charges.map((c) => [c.type, c.status, c.driver, c.amount, c.currency, c.note]).sort()).toEqual([
      ['charge', 'completed', 'stripe', 1100, 'EUR', 'Usage 1'],
      ['charge', 'completed', 'stripe', 1200, 'EUR', 'Usage 2'],
      ['charge', 'completed', 'stripe', 1300, 'EUR', 'Usage 3'],
    ]);
    for (const charge of charges) {
      expect(fake.paymentIntents.get(charge.reference!)).toMatchObject({ amount: charge.amount, status: 'succeeded' });
    }
    const restrictions = (await payer.get('/api/user')).json().data.meta.restrictions;
    expect(restrictions).toMatchObject({ canUpload: true, reasonCode: null });
    await setType(type);
  });

  it('mails the hosted invoice when the bank asks for a confirmation', async () => {
    const uid = await userId('stripe-other@example.com');
    const customer = [...fake.customers.values()].find((c) => (c.metadata as { user_id?: string }).user_id === uid)!;
    const before = server.outbox().length;
    const status = await fake.send('invoice.payment_action_required', {
      id: 'in_confirm',
      object: 'invoice',
      customer: customer.id,
      currency: 'eur',
      amount_due: 1250,
      hosted_invoice_url: `${fake.origin}/invoice/in_confirm`,
    });
    expect(status).toBe(200);
    const mails = server.outbox().slice(before).map(decodedMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('stripe-other@example.com');
    expect(mails[0]).toContain(`${fake.origin}/invoice/in_confirm`);
    expect(mails[0]).toContain('Confirm the payment');
  });

  it('records a payment that arrives before its subscription’s creation', async () => {
    const uid = await userId('stripe-other@example.com');
    const before = (await chargesOf(uid)).length;
    const status = await fake.send('invoice.payment_succeeded', {
      id: 'in_early',
      object: 'invoice',
      customer: 'cus_early',
      currency: 'usd',
      amount_paid: 999,
      amount_due: 999,
      created: 1,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_early', metadata: { user_id: uid, plan_id: pro.id } },
      },
      lines: { object: 'list', data: [{ id: 'il_early', period: { start: 1, end: 2_000_000_000 } }] },
    });
    expect(status).toBe(200);
    const charges = await chargesOf(uid);
    expect(charges).toHaveLength(before + 1);
    expect(charges.find((c) => c.reference === 'in_early')).toMatchObject({ amount: 999, currency: 'USD' });
    const sub = (await subsOf(uid)).find((s) => s.driverSubscriptionId === 'sub_early');
    expect(sub).toMatchObject({ status: 'inactive', planId: pro.id });
    expect(sub?.renewsAt?.toISOString()).toBe(new Date(2_000_000_000 * 1000).toISOString());
  });

  it('tests Stripe keys with a real call: good keys pass, wrong ones fail', async () => {
    const gateway = stripeGateway(server.ctx, await readSettings(server.ctx.db))!;
    await expect(
      gateway.testKeys({ driver: 'stripe', secretKey: fake.secretKey, publicKey: 'pk', webhookSecret: 'whsec' }),
    ).resolves.toBeUndefined();
    await expect(
      gateway.testKeys({ driver: 'stripe', secretKey: 'sk_test_wrong', publicKey: 'pk', webhookSecret: 'whsec' }),
    ).rejects.toThrow(/Invalid API Key/);
  });

  // Last in the file: it moves the billing clock three months on.
  it('a card declined at three settlements restricts a metered user; a credit pays it all and lifts them', async () => {
    const type = (await readSettings(server.ctx.db)).subscription_type;
    const plan = await admin.post('/api/subscriptions/admin/plans', {
      type: 'metered',
      name: 'Metered by card',
      currency: 'EUR',
      meters: [{ key: 'flatFee', tiers: [{ first_unit: 1, last_unit: null, per_unit: 0, flat_fee: 700 }] }],
    });
    expect(plan.status, plan.body).toBe(201);
    await admin.request('PATCH', '/api/admin/settings', { name: 'subscription_type', value: 'metered' });
    const payer = await registerUser(server, 'stripe-declined@example.com');
    const uid = await userId('stripe-declined@example.com');
    expect(await payAt((await payer.post('/api/stripe/cards/setup')).json().url)).toMatch(/\?card=added$/);
    const failed = () => server.ctx.db.select().from(failedPayments).where(eq(failedPayments.userId, uid));

    fake.declineCharges = true;
    // The daily job runs on the first day (usage recorded), then a month on, three times: each run
    // settles the month before (its flat fee) and records the new month's first usage.
    await runMeteredDay(server.ctx);
    for (let month = 0; month < 3; month++) {
      clock.advance(31 * 86_400_000);
      await runMeteredDay(server.ctx);
    }
    fake.declineCharges = false;
    const unpaid = await failed();
    expect(unpaid).toHaveLength(3);
    expect(unpaid.every((p) => p.source === 'credit-card' && p.amount === 700 && p.currency === 'EUR')).toBe(true);
    // Each later day retried the card: the first one was tried again and again.
    expect(Math.max(...unpaid.map((p) => p.attempts))).toBeGreaterThan(1);
    const errors = (await chargesOf(uid)).filter((t) => t.status === 'error');
    expect(errors).toHaveLength(3);
    expect((await payer.get('/api/user')).json().data.meta.restrictions).toMatchObject({
      canUpload: false,
      canDownload: false,
      reasonCode: 'failed_payments',
    });

    // The administrator credits 25 €: the three failed payments (21 €) are paid from it, the restriction lifts.
    const credit = await admin.post(`/api/subscriptions/admin/users/${uid}/credit`, { amount: 2500 });
    expect(credit.status, credit.body).toBeLessThan(300);
    expect(await failed()).toEqual([]);
    expect((await payer.get('/api/user')).json().data.meta).toMatchObject({
      restrictions: { canUpload: true, reasonCode: null },
      balance: { amount: 400, currency: 'EUR' },
    });
    await admin.request('PATCH', '/api/admin/settings', { name: 'subscription_type', value: type });
  });
});

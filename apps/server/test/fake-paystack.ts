import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { approvalPage, readBody, redirect, sendJson } from './fake-http.js';

/**
 * Paystack's REST API on loopback for the billing tests (ADR 0047): plans, transactions, subscriptions,
 * the balance (the key test), and a payment page (a button) that sends the webhooks Paystack would,
 * signed with HMAC-SHA512 under the secret key, then goes back to the callback URL. Nothing leaves 127.0.0.1.
 */

interface FakeTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  plan: string | null;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  status: string;
}
interface FakeSubscription {
  subscription_code: string;
  email_token: string;
  plan_code: string;
  email: string;
  status: string;
  next_payment_date: string;
  metadata: Record<string, unknown>;
}

export interface FakePaystack {
  origin: string;
  secretKey: string;
  publicKey: string;
  webhookUrl: string;
  plans: Map<string, Record<string, unknown>>;
  transactions: Map<string, FakeTransaction>;
  subscriptions: Map<string, FakeSubscription>;
  failNext: number | null;
  /** Every event sent, in order (the raw body). */
  sent: string[];
  env(): Record<string, string>;
  /** Sends a signed event; returns the app's HTTP status. */
  send(event: string, data: Record<string, unknown>): Promise<number>;
  /** Posts a body with the given signature header (or none): for the refusal tests. */
  sendRaw(body: string, signature: string | null): Promise<number>;
  resendLast(): Promise<number>;
  /** A renewal charge of a subscription (charge.success with its plan and a new reference). */
  renew(code: string): Promise<number>;
  /** Presses the payment page's button; returns where it redirects. */
  pay(url: string): Promise<string | null>;
  close(): Promise<void>;
}

const code = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

export async function startFakePaystack(options: { port?: number } = {}): Promise<FakePaystack> {
  let nextId = 1000;
  const fake: FakePaystack = {
    origin: '',
    secretKey: 'sk_test_fake',
    publicKey: 'pk_test_fake',
    webhookUrl: '',
    plans: new Map(),
    transactions: new Map(),
    subscriptions: new Map(),
    failNext: null,
    sent: [],
    env: () => ({
      PAYSTACK_API_BASE: fake.origin,
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_PUBLIC_KEY: fake.publicKey,
    }),
    async send(event, data) {
      const body = JSON.stringify({ event, data: { id: nextId++, ...data } });
      fake.sent.push(body);
      return fake.sendRaw(body, createHmac('sha512', fake.secretKey).update(body).digest('hex'));
    },
    async sendRaw(body, signature) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (signature !== null) headers['x-paystack-signature'] = signature;
      const res = await fetch(fake.webhookUrl, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return res.status;
    },
    async resendLast() {
      const body = fake.sent.at(-1);
      if (!body) return 0;
      return fake.sendRaw(body, createHmac('sha512', fake.secretKey).update(body).digest('hex'));
    },
    async renew(subscriptionCode) {
      const sub = fake.subscriptions.get(subscriptionCode);
      const plan = sub ? fake.plans.get(sub.plan_code) : undefined;
      if (!sub || !plan) return 0;
      return fake.send('charge.success', {
        reference: code('RN'),
        amount: plan.amount,
        currency: plan.currency,
        status: 'success',
        customer: { email: sub.email },
        plan: { plan_code: sub.plan_code },
        metadata: sub.metadata,
      });
    },
    async pay(url) {
      const res = await fetch(url, { method: 'POST', redirect: 'manual' });
      await res.arrayBuffer();
      return res.headers.get('location');
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const ok = (res: http.ServerResponse, data: unknown, status = 200) =>
    sendJson(res, status, { status: true, message: 'ok', data });
  const no = (res: http.ServerResponse, status: number, message: string) =>
    sendJson(res, status, { status: false, message });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', fake.origin);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const body = (raw && raw.startsWith('{') ? JSON.parse(raw) : {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

    const page = path.match(/^\/pay\/([^/]+)$/);
    if (page) {
      const tx = fake.transactions.get(page[1] ?? '');
      if (!tx) return no(res, 404, 'Transaction not found');
      if (method === 'GET')
        return approvalPage(res, 'Paystack (fake)', 'Pay', `Pay ${tx.amount} ${tx.currency} (minor units)`);
      tx.status = 'success';
      const plan = tx.plan ? fake.plans.get(tx.plan) : undefined;
      await fake.send('charge.success', {
        reference: tx.reference,
        amount: plan ? plan.amount : tx.amount,
        currency: plan ? plan.currency : tx.currency,
        status: 'success',
        customer: { email: tx.email },
        plan: plan ? { plan_code: tx.plan } : {},
        metadata: tx.metadata,
      });
      if (plan && tx.plan) {
        const sub: FakeSubscription = {
          subscription_code: code('SUB'),
          email_token: code('tok'),
          plan_code: tx.plan,
          email: tx.email,
          status: 'active',
          next_payment_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          metadata: tx.metadata,
        };
        fake.subscriptions.set(sub.subscription_code, sub);
        await fake.send('subscription.create', {
          subscription_code: sub.subscription_code,
          email_token: sub.email_token,
          status: 'active',
          next_payment_date: sub.next_payment_date,
          plan: { plan_code: sub.plan_code, amount: plan.amount, currency: plan.currency },
          customer: { email: sub.email },
        });
      }
      const back = new URL(tx.callbackUrl);
      back.searchParams.set('reference', tx.reference);
      return redirect(res, back.toString());
    }

    if (req.headers.authorization !== `Bearer ${fake.secretKey}`) return no(res, 401, 'Invalid key');
    if (fake.failNext !== null) {
      const status = fake.failNext;
      fake.failNext = null;
      return no(res, status, 'The fake was told to fail.');
    }
    if (method === 'GET' && path === '/balance') return ok(res, [{ currency: 'NGN', balance: 0 }]);
    if (method === 'POST' && path === '/plan') {
      if (!Number.isInteger(body.amount) || !['monthly', 'annually'].includes(body.interval))
        return no(res, 400, 'Invalid plan');
      const plan = { ...body, plan_code: code('PLN') };
      fake.plans.set(plan.plan_code, plan);
      return ok(res, plan, 201);
    }
    const planPath = path.match(/^\/plan\/([^/]+)$/);
    if (planPath) {
      const plan = fake.plans.get(planPath[1] ?? '');
      if (!plan) return no(res, 404, 'Plan not found');
      if (method === 'PUT') Object.assign(plan, body);
      return ok(res, method === 'PUT' ? 'Plan updated. 0 subscription(s) will be affected' : plan);
    }
    if (method === 'POST' && path === '/transaction/initialize') {
      if (!/^[A-Za-z0-9]{10}$/.test(String(body.reference))) return no(res, 400, 'Invalid reference');
      if (body.plan && !fake.plans.has(body.plan)) return no(res, 400, 'Plan not found');
      const tx: FakeTransaction = {
        reference: body.reference,
        email: body.email,
        amount: body.amount,
        currency: body.currency ?? 'NGN',
        plan: body.plan ?? null,
        callbackUrl: body.callback_url,
        metadata: body.metadata ?? {},
        status: 'pending',
      };
      fake.transactions.set(tx.reference, tx);
      return ok(res, {
        authorization_url: `${fake.origin}/pay/${tx.reference}`,
        access_code: code('AC'),
        reference: tx.reference,
      });
    }
    const subPath = path.match(/^\/subscription\/([^/]+)$/);
    if (method === 'GET' && subPath) {
      const sub = fake.subscriptions.get(subPath[1] ?? '');
      if (!sub) return no(res, 404, 'Subscription not found');
      return ok(res, sub);
    }
    if (method === 'POST' && path === '/subscription/disable') {
      const sub = fake.subscriptions.get(body.code);
      if (!sub || sub.email_token !== body.token)
        return no(res, 400, 'Subscription with code not found or already inactive');
      sub.status = 'non-renewing';
      return ok(res, undefined);
    }
    return no(res, 404, `${method} ${path}`);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => no(res, 500, String(e)));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

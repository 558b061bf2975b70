import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Stripe's REST API on loopback (tests and e2e only): exactly the endpoints the Stripe
 * adapter (`billing/gateways/stripe.ts`) calls, with form-encoded bodies and Stripe's error shape,
 * objects kept in memory, plus a hosted page for Checkout sessions. Paying there makes what Stripe
 * would make and POSTs the signed webhook events, in Stripe's order, before redirecting back.
 * Test controls make it fail, decline, renew, cancel, replay, or sign badly. Nothing leaves 127.0.0.1.
 */

type Obj = Record<string, unknown> & { id: string };

export interface FakeStripeEvent {
  id: string;
  type: string;
  payload: string;
}

export interface SignOptions {
  /** Sign with this secret instead of the right one. */
  secret?: string;
  /** Sign as if sent this many seconds ago. */
  ageSeconds?: number;
  /** Send no `Stripe-Signature` header at all. */
  unsigned?: boolean;
}

export interface FakeStripe {
  origin: string;
  /** `STRIPE_API_BASE` for the server. */
  apiBase: string;
  secretKey: string;
  publicKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the app's `/api/subscriptions/stripe/webhooks`). */
  webhookUrl: string;
  /** Delivers a webhook; by default an HTTP POST to `webhookUrl`. Tests may deliver in-process. */
  deliver: (body: string, headers: Record<string, string>) => Promise<number>;
  /** The fake's time (seconds are what Stripe sends); tests point it at the app's clock. */
  now: () => Date;
  products: Map<string, Obj>;
  prices: Map<string, Obj>;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  setupIntents: Map<string, Obj>;
  events: FakeStripeEvent[];
  /** Each delivery: the event and the app's HTTP status. */
  deliveries: { event: string; type: string; status: number }[];
  /** Each API request: method, path, and its form or query. */
  requests: { method: string; path: string; params: Record<string, unknown> }[];
  /** The next API call whose path starts with this prefix answers 500 (once). */
  failNext: string | null;
  /** Every off-session charge is declined (besides charges of card 4000 0000 0000 0002). */
  declineCharges: boolean;
  /** Pays a session as the hosted page's button does; resolves after the webhooks were delivered. */
  pay(sessionId: string, cardNumber?: string): Promise<string>;
  /** The next period's invoice is paid: `invoice.payment_succeeded` then `customer.subscription.updated`. */
  renew(subscriptionId: string): Promise<void>;
  /** As if the customer cancelled at Stripe: `cancel_at_period_end` and `customer.subscription.updated`. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** The subscription ended: `customer.subscription.deleted`. */
  end(subscriptionId: string): Promise<void>;
  /** Sends a new event about `object`. */
  send(type: string, object: Obj, options?: SignOptions): Promise<number>;
  /** Sends an event again (a replay), freshly signed unless told otherwise. */
  resend(eventId: string, options?: SignOptions): Promise<number>;
  /** Waits for the webhooks queued by API calls (Stripe sends them after answering). */
  idle(): Promise<void>;
  /** The signature header Stripe would send. */
  sign(payload: string, options?: SignOptions): string;
  close(): Promise<void>;
}

/** A Stripe form (`a[b][0][c]=v`) as nested objects; all-numeric keys make arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = [key.split('[')[0] ?? key, ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k])
      : mapped;
  };
  return arrays(root) as Record<string, unknown>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });

const DECLINED_CARD = '4000000000000002';
const BRANDS: Record<string, string> = { '4': 'visa', '5': 'mastercard', '3': 'amex' };

export async function startFakeStripe(
  options: { port?: number; secretKey?: string; publicKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  let pending: Promise<unknown>[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const seconds = () => Math.floor(fake.now().getTime() / 1000);
  const declinedCards = new Set<string>();

  const addInterval = (from: number, interval: string) => {
    const d = new Date(from * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  };
  const get = (map: Map<string, Obj>, kind: string, key: string) => {
    const found = map.get(key);
    if (!found) throw missing(kind, key);
    return found;
  };
  const itemOf = (sub: Obj) => (sub.items as { data: Obj[] }).data[0]!;

  const fake: FakeStripe = {
    origin: '',
    apiBase: '',
    secretKey: options.secretKey ?? 'sk_test_fake_secret',
    publicKey: options.publicKey ?? 'pk_test_fake_public',
    webhookSecret: options.webhookSecret ?? 'whsec_fake_webhook_secret',
    webhookUrl: '',
    deliver: async (body, headers) => {
      const res = await fetch(fake.webhookUrl, { method: 'POST', body, headers });
      await res.arrayBuffer();
      return res.status;
    },
    now: () => new Date(),
    products: new Map(),
    prices: new Map(),
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    paymentMethods: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    events: [],
    deliveries: [],
    requests: [],
    failNext: null,
    declineCharges: false,

    sign(payload, opts = {}) {
      const t = seconds() - (opts.ageSeconds ?? 0);
      const v1 = createHmac('sha256', opts.secret ?? fake.webhookSecret)
        .update(`${t}.${payload}`)
        .digest('hex');
      return `t=${t},v1=${v1}`;
    },

    async send(type, object, opts) {
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: seconds(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      };
      const payload = JSON.stringify(event);
      fake.events.push({ id: event.id, type, payload });
      return post(event.id, type, payload, opts);
    },

    async resend(eventId, opts) {
      const event = fake.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return post(event.id, event.type, event.payload, opts);
    },

    async pay(sessionId, cardNumber = '4242424242424242') {
      const session = get(fake.sessions, 'checkout.session', sessionId);
      if (session.status !== 'open') throw invalid('This Checkout Session is no longer open.');
      const customer = String(session.customer);
      const method = makeCard(customer, cardNumber);
      if (session.mode === 'setup') {
        session.status = 'complete';
        const intent = makeSetupIntent(customer, method.id);
        session.setup_intent = intent.id;
        await fake.send('payment_method.attached', method);
        return String(session.success_url);
      }
      const line = (session.line_items as { price: string }[])[0]!;
      const price = get(fake.prices, 'price', line.price);
      const start = seconds();
      const end = addInterval(start, String((price.recurring as { interval: string }).interval));
      const metadata = (session.subscription_data as { metadata?: Record<string, string> } | null)?.metadata ?? {};
      const sub: Obj = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        metadata,
        default_payment_method: method.id,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: structuredClone(price),
              quantity: 1,
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      fake.subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
      session.status = 'complete';
      await fake.send('customer.subscription.created', sub);
      const invoice = makeInvoice(sub, start, end);
      await fake.send('invoice.payment_succeeded', invoice);
      sub.status = 'active';
      await fake.send('customer.subscription.updated', sub);
      return String(session.success_url);
    },

    async renew(subscriptionId) {
      const sub = get(fake.subscriptions, 'subscription', subscriptionId);
      const item = itemOf(sub);
      const start = Number(item.current_period_end);
      const end = addInterval(start, String(((item.price as Obj).recurring as { interval: string }).interval));
      item.current_period_start = start;
      item.current_period_end = end;
      await fake.send('invoice.payment_succeeded', makeInvoice(sub, start, end));
      await fake.send('customer.subscription.updated', sub);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const sub = get(fake.subscriptions, 'subscription', subscriptionId);
      sub.cancel_at_period_end = true;
      sub.cancel_at = itemOf(sub).current_period_end;
      await fake.send('customer.subscription.updated', sub);
    },

    async end(subscriptionId) {
      const sub = get(fake.subscriptions, 'subscription', subscriptionId);
      sub.status = 'canceled';
      sub.ended_at = seconds();
      await fake.send('customer.subscription.deleted', sub);
    },

    async idle() {
      while (pending.length > 0) {
        const now = pending;
        pending = [];
        await Promise.allSettled(now);
      }
    },

    close: async () => {
      await fake.idle();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  async function post(eventId: string, type: string, payload: string, opts: SignOptions = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (!opts.unsigned) headers['stripe-signature'] = fake.sign(payload, opts);
    const status = await fake.deliver(payload, headers);
    fake.deliveries.push({ event: eventId, type, status });
    return status;
  }

  /** An event Stripe sends after answering the call that caused it. */
  const later = (type: string, object: Obj) => {
    const snapshot = structuredClone(object);
    pending.push(new Promise((resolve) => setImmediate(resolve)).then(() => fake.send(type, snapshot)));
  };

  function makeCard(customer: string, cardNumber: string): Obj {
    const digits = cardNumber.replace(/\D/g, '');
    const method: Obj = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      created: seconds(),
      card: {
        brand: BRANDS[digits[0] ?? '4'] ?? 'unknown',
        last4: digits.slice(-4),
        exp_month: 12,
        exp_year: new Date(fake.now()).getUTCFullYear() + 3,
        funding: 'credit',
      },
    };
    fake.paymentMethods.set(method.id, method);
    if (digits === DECLINED_CARD) declinedCards.add(method.id);
    return method;
  }

  function makeSetupIntent(customer: string, paymentMethod: string | null): Obj {
    const intentId = id('seti');
    const intent: Obj = {
      id: intentId,
      object: 'setup_intent',
      customer,
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      payment_method: paymentMethod,
      status: paymentMethod ? 'succeeded' : 'requires_payment_method',
      usage: 'off_session',
    };
    fake.setupIntents.set(intent.id, intent);
    return intent;
  }

  function makeInvoice(sub: Obj, start: number, end: number): Obj {
    const price = itemOf(sub).price as Obj;
    const invoiceId = id('in');
    const invoice: Obj = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: price.unit_amount,
      created: seconds(),
      hosted_invoice_url: `${fake.origin}/invoice/${invoiceId}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: 'list',
        data: [{ id: id('il'), object: 'line_item', amount: price.unit_amount, period: { start, end } }],
      },
    };
    fake.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** The REST API: `[method, path pattern, handler]`. */
  const routes: [string, RegExp, (params: Record<string, unknown>, m: RegExpMatchArray) => Obj][] = [
    [
      'GET',
      /^\/v1\/balance$/,
      () => ({
        id: 'balance',
        object: 'balance',
        livemode: false,
        available: [{ amount: 0, currency: 'usd' }],
        pending: [{ amount: 0, currency: 'usd' }],
      }),
    ],
    [
      'POST',
      /^\/v1\/products$/,
      (p) => {
        if (!p.name) throw invalid('Missing required param: name.', 'name');
        const product: Obj = {
          id: id('prod'),
          object: 'product',
          active: true,
          name: p.name,
          description: p.description ?? null,
          metadata: p.metadata ?? {},
        };
        fake.products.set(product.id, product);
        return product;
      },
    ],
    [
      'POST',
      /^\/v1\/products\/([^/]+)$/,
      (p, m) => {
        const product = get(fake.products, 'product', m[1]!);
        if (p.name !== undefined) product.name = p.name;
        if (p.description !== undefined) product.description = p.description === '' ? null : p.description;
        if (p.active !== undefined) product.active = p.active === 'true';
        return product;
      },
    ],
    [
      'DELETE',
      /^\/v1\/products\/([^/]+)$/,
      (_p, m) => {
        get(fake.products, 'product', m[1]!);
        if ([...fake.prices.values()].some((price) => price.product === m[1])) {
          throw invalid('This product cannot be deleted because it has one or more user-created prices.');
        }
        fake.products.delete(m[1]!);
        return { id: m[1]!, object: 'product', deleted: true };
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (p) => {
        get(fake.products, 'product', String(p.product));
        const recurring = p.recurring as { interval?: string } | undefined;
        if (!recurring?.interval || !['month', 'year'].includes(recurring.interval)) {
          throw invalid('Invalid recurring[interval].', 'recurring[interval]');
        }
        if (!/^[a-z]{3}$/.test(String(p.currency))) throw invalid('Invalid currency.', 'currency');
        const price: Obj = {
          id: id('price'),
          object: 'price',
          active: true,
          product: p.product,
          currency: p.currency,
          unit_amount: Number(p.unit_amount),
          recurring: { interval: recurring.interval, interval_count: 1 },
          type: 'recurring',
          metadata: p.metadata ?? {},
        };
        fake.prices.set(price.id, price);
        return price;
      },
    ],
    [
      'POST',
      /^\/v1\/prices\/([^/]+)$/,
      (p, m) => {
        const price = get(fake.prices, 'price', m[1]!);
        if (p.active !== undefined) price.active = p.active === 'true';
        return price;
      },
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      (p) => {
        const customer: Obj = {
          id: id('cus'),
          object: 'customer',
          email: p.email ?? null,
          name: p.name ?? null,
          metadata: p.metadata ?? {},
        };
        fake.customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (p) => {
        get(fake.customers, 'customer', String(p.customer));
        if (p.mode !== 'subscription' && p.mode !== 'setup') throw invalid('Invalid mode.', 'mode');
        if (!p.success_url) throw invalid('Missing required param: success_url.', 'success_url');
        const lines = (p.line_items ?? []) as { price: string; quantity: string }[];
        if (p.mode === 'subscription') {
          const price = get(fake.prices, 'price', String(lines[0]?.price));
          if (!price.active) throw invalid('The price is not active.', 'line_items[0][price]');
        }
        const sessionId = id('cs_test');
        const session: Obj = {
          id: sessionId,
          object: 'checkout.session',
          mode: p.mode,
          status: 'open',
          customer: p.customer,
          client_reference_id: p.client_reference_id ?? null,
          line_items: lines,
          subscription_data: p.subscription_data ?? null,
          success_url: p.success_url,
          cancel_url: p.cancel_url ?? null,
          subscription: null,
          setup_intent: null,
          url: `${fake.origin}/pay/${sessionId}`,
        };
        fake.sessions.set(session.id, session);
        return session;
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => get(fake.subscriptions, 'subscription', m[1]!)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (p, m) => {
        const sub = get(fake.subscriptions, 'subscription', m[1]!);
        if (p.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? itemOf(sub).current_period_end : null;
        }
        for (const change of (p.items ?? []) as { id?: string; price?: string }[]) {
          const item = itemOf(sub);
          if (change.id !== item.id) throw invalid(`No such subscription item: '${change.id}'`, 'items[0][id]');
          if (change.price) item.price = structuredClone(get(fake.prices, 'price', change.price));
        }
        later('customer.subscription.updated', sub);
        return sub;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (p) => {
        const method = get(fake.paymentMethods, 'payment_method', String(p.payment_method));
        if (method.customer !== p.customer) throw invalid('The payment method is not the customer’s.', 'customer');
        const intent: Obj = {
          id: id('pi'),
          object: 'payment_intent',
          amount: Number(p.amount),
          currency: p.currency,
          customer: p.customer,
          payment_method: method.id,
          description: p.description ?? null,
          status: 'succeeded',
        };
        if (fake.declineCharges || declinedCards.has(method.id)) {
          intent.status = 'requires_payment_method';
          fake.paymentIntents.set(intent.id, intent);
          throw new StripeApiError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: intent,
          });
        }
        fake.paymentIntents.set(intent.id, intent);
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (p) => {
        get(fake.customers, 'customer', String(p.customer));
        return makeSetupIntent(String(p.customer), null);
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      (_p, m) => {
        const method = get(fake.paymentMethods, 'payment_method', m[1]!);
        method.customer = null;
        later('payment_method.detached', method);
        return method;
      },
    ],
  ];

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function page(session: Obj): string {
    const setup = session.mode === 'setup';
    const line = (session.line_items as { price: string }[])[0];
    const price = line ? fake.prices.get(line.price) : undefined;
    const product = price ? fake.products.get(String(price.product)) : undefined;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const what = setup
      ? 'Save a card for future payments'
      : `${escape(text(product?.name) || 'Subscription')}: ${(Number(price?.unit_amount) / 100).toFixed(2)} ${escape(
          text(price?.currency).toUpperCase(),
        )} per ${escape((price?.recurring as { interval?: string } | undefined)?.interval ?? 'month')}`;
    const back = text(session.cancel_url);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p id="summary">${what}</p>
<form method="post" action="/pay/${escape(session.id)}">
<label for="card">Card number</label> <input id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
<button type="submit">${setup ? 'Save card' : 'Pay'}</button></form>
${back ? `<p><a href="${escape(back)}">Back</a></p>` : ''}</main></body></html>`;
  }

  const idempotent = new Map<string, { status: number; body: unknown }>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', fake.origin);
      const method = req.method ?? 'GET';
      // The hosted pages (no key: the browser comes here).
      const hosted = url.pathname.match(/^\/pay\/([^/]+)$/);
      if (hosted) {
        const session = fake.sessions.get(hosted[1]!);
        if (!session) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No such session');
        if (method === 'GET')
          return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(session));
        const card = new URLSearchParams(body).get('card') ?? undefined;
        fake.pay(session.id, card).then(
          (to) => res.writeHead(303, { location: to }).end(),
          (error: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error)),
        );
        return;
      }
      if (url.pathname.startsWith('/invoice/')) {
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Invoice</title>');
      }
      const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      fake.requests.push({ method, path: url.pathname, params });
      if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
        return json(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_***' },
        });
      }
      if (fake.failNext && url.pathname.startsWith(fake.failNext)) {
        fake.failNext = null;
        return json(res, 500, { error: { type: 'api_error', message: 'The fake was told to fail this call.' } });
      }
      // Stripe answers a POST repeated with the same Idempotency-Key with the first answer, doing nothing again.
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) return json(res, replay.status, replay.body);
      const answer = (status: number, body: unknown) => {
        if (typeof key === 'string') idempotent.set(key, { status, body });
        json(res, status, body);
      };
      for (const [m, pattern, handler] of routes) {
        const match = url.pathname.match(pattern);
        if (m !== method || !match) continue;
        try {
          return answer(200, handler(params, match));
        } catch (error) {
          if (error instanceof StripeApiError) return answer(error.status, { error: error.body });
          return json(res, 500, { error: { type: 'api_error', message: String(error) } });
        }
      }
      json(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` },
      });
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  fake.origin = `http://127.0.0.1:${port}`;
  fake.apiBase = fake.origin;
  return fake;
}

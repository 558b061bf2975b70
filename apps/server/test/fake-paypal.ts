import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { approvalPage, readBody, redirect, sendJson } from './fake-http.js';

/**
 * PayPal's REST API on loopback for the billing tests (ADR 0047): OAuth client credentials, catalog
 * products, billing plans, subscriptions, orders, and webhook verification that says SUCCESS only for
 * an event this fake really sent, unchanged. Its approval pages (a button) send the webhooks PayPal
 * would, then go back to the return URL. Nothing leaves 127.0.0.1.
 */

interface FakeSubscription {
  id: string;
  plan_id: string;
  custom_id: string;
  status: string;
  returnUrl: string;
  next_billing_time: string;
}
interface FakeOrder {
  id: string;
  status: string;
  custom_id: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  capture: unknown;
}

export interface FakePaypal {
  origin: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where events go: the app's `/api/subscriptions/paypal/webhooks`. */
  webhookUrl: string;
  products: Map<string, Record<string, unknown>>;
  plans: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, FakeSubscription>;
  orders: Map<string, FakeOrder>;
  /** Answer the next API call (not the token) with this HTTP status. */
  failNext: number | null;
  /** Every event sent, by event id. */
  sent: Map<string, { transmissionId: string; event: Record<string, unknown> }>;
  env(): Record<string, string>;
  /** Sends an event as PayPal does; returns the app's HTTP status. */
  send(type: string, resource: Record<string, unknown>): Promise<number>;
  /** Sends an event sent before once more (the same id and transmission). */
  resend(eventId: string): Promise<number>;
  /**
   * A renewal payment of a subscription (PAYMENT.SALE.COMPLETED with a new sale id). PayPal moves
   * the next billing time one cycle on when it takes a payment, and the sale's webhook may come
   * before or after that: with `nextBillingTime` the time moves there before the webhook is sent;
   * without it the webhook is sent while the time is still the one just billed, and the time moves
   * one cycle of the plan on once the webhook is answered.
   */
  renew(subscriptionId: string, nextBillingTime?: string): Promise<number>;
  /** Presses the approval page's button (what a browser does); returns where it redirects. */
  approve(url: string): Promise<string | null>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex').toUpperCase()}`;

export async function startFakePaypal(options: { port?: number } = {}): Promise<FakePaypal> {
  const tokens = new Set<string>();
  const captures = new Map<string, unknown>();
  const fake: FakePaypal = {
    origin: '',
    clientId: 'fake-paypal-client',
    clientSecret: 'fake-paypal-secret',
    webhookId: 'WH-FAKE-1',
    webhookUrl: '',
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    orders: new Map(),
    failNext: null,
    sent: new Map(),
    env: () => ({
      PAYPAL_API_BASE: fake.origin,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
    }),
    async send(type, resource) {
      const event = {
        id: id('WH'),
        event_type: type,
        resource_type: type.split('.')[0]?.toLowerCase(),
        create_time: new Date().toISOString(),
        resource,
      };
      fake.sent.set(event.id, { transmissionId: randomBytes(12).toString('hex'), event });
      return fake.resend(event.id);
    },
    async resend(eventId) {
      const entry = fake.sent.get(eventId);
      if (!entry || !fake.webhookUrl) return 0;
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': entry.transmissionId,
          'paypal-transmission-time': new Date().toISOString(),
          'paypal-transmission-sig': randomBytes(32).toString('base64'),
          'paypal-cert-url': `${fake.origin}/certs/fake.pem`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
        body: JSON.stringify(entry.event),
      });
      await res.arrayBuffer();
      return res.status;
    },
    async renew(subscriptionId, nextBillingTime) {
      const sub = fake.subscriptions.get(subscriptionId);
      if (sub && nextBillingTime) sub.next_billing_time = nextBillingTime;
      const status = await sale(subscriptionId);
      if (sub && !nextBillingTime && sub.next_billing_time) {
        const cycle = (fake.plans.get(sub.plan_id)?.billing_cycles as { frequency: { interval_unit: string } }[])?.[0];
        const next = new Date(sub.next_billing_time);
        next.setUTCMonth(next.getUTCMonth() + (cycle?.frequency.interval_unit === 'YEAR' ? 12 : 1));
        sub.next_billing_time = next.toISOString();
      }
      return status;
    },
    async approve(url) {
      const res = await fetch(url, { method: 'POST', redirect: 'manual' });
      await res.arrayBuffer();
      return res.headers.get('location');
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const sale = async (subscriptionId: string) => {
    const sub = fake.subscriptions.get(subscriptionId);
    const plan = sub ? fake.plans.get(sub.plan_id) : undefined;
    const price = (
      plan?.billing_cycles as { pricing_scheme: { fixed_price: { value: string; currency_code: string } } }[]
    )?.[0]?.pricing_scheme.fixed_price;
    if (!sub || !price) return 0;
    return fake.send('PAYMENT.SALE.COMPLETED', {
      id: id('SALE'),
      state: 'completed',
      billing_agreement_id: sub.id,
      amount: { total: price.value, currency: price.currency_code },
    });
  };

  const activate = async (sub: FakeSubscription) => {
    sub.status = 'ACTIVE';
    sub.next_billing_time = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const resource = () => ({
      id: sub.id,
      plan_id: sub.plan_id,
      custom_id: sub.custom_id,
      status: sub.status,
      billing_info: { next_billing_time: sub.next_billing_time },
    });
    await fake.send('BILLING.SUBSCRIPTION.CREATED', { ...resource(), status: 'APPROVAL_PENDING' });
    await fake.send('BILLING.SUBSCRIPTION.ACTIVATED', resource());
    // The first payment: PayPal's next billing time is already the second period's.
    await sale(sub.id);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', fake.origin);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const body = (raw && raw.startsWith('{') ? JSON.parse(raw) : {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

    // Approval pages (the browser's side).
    const approval = path.match(/^\/approve\/(subscription|order|revise)\/([^/]+)$/);
    if (approval) {
      const [, kind, key = ''] = approval;
      if (kind === 'order') {
        const order = fake.orders.get(key);
        if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
        if (method === 'GET') {
          return approvalPage(
            res,
            'PayPal (fake)',
            'Approve',
            `Pay ${order.amount.value} ${order.amount.currency_code}`,
          );
        }
        order.status = 'APPROVED';
        await fake.send('CHECKOUT.ORDER.APPROVED', {
          id: order.id,
          intent: 'CAPTURE',
          status: 'APPROVED',
          purchase_units: [{ custom_id: order.custom_id, amount: order.amount }],
        });
        return redirect(res, order.returnUrl);
      }
      const sub = fake.subscriptions.get(key);
      if (!sub) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (method === 'GET') return approvalPage(res, 'PayPal (fake)', 'Approve', `Subscribe to ${sub.plan_id}`);
      if (kind === 'revise') {
        sub.plan_id = url.searchParams.get('plan') ?? sub.plan_id;
        await fake.send('BILLING.SUBSCRIPTION.UPDATED', {
          id: sub.id,
          plan_id: sub.plan_id,
          custom_id: sub.custom_id,
          status: sub.status,
          billing_info: { next_billing_time: sub.next_billing_time },
        });
      } else {
        await activate(sub);
      }
      return redirect(res, sub.returnUrl);
    }

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1] ?? '';
      const [cid, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      if (cid !== fake.clientId || secret !== fake.clientSecret) {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32_400 });
    }
    if (!tokens.has(req.headers.authorization?.replace(/^Bearer /, '') ?? '')) {
      return sendJson(res, 401, { error: 'invalid_token', error_description: 'Access Token not found in cache' });
    }
    if (fake.failNext !== null) {
      const status = fake.failNext;
      fake.failNext = null;
      return sendJson(res, status, { name: 'INTERNAL_SERVICE_ERROR', message: 'The fake was told to fail.' });
    }

    if (method === 'POST' && path === '/v1/catalogs/products') {
      const product = { ...body, id: id('PROD') };
      fake.products.set(product.id, product);
      return sendJson(res, 201, product);
    }
    if (method === 'PATCH' && path.startsWith('/v1/catalogs/products/')) {
      const product = fake.products.get(path.split('/')[4] ?? '');
      if (!product) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      for (const op of JSON.parse(raw) as { path: string; value: unknown }[]) product[op.path.slice(1)] = op.value;
      return sendJson(res, 204);
    }
    if (method === 'POST' && path === '/v1/billing/plans') {
      if (!fake.products.has(body.product_id))
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'No such product.' });
      const plan = { ...body, id: id('P'), status: 'ACTIVE' };
      fake.plans.set(plan.id, plan);
      return sendJson(res, 201, plan);
    }
    const planPath = path.match(/^\/v1\/billing\/plans\/([^/]+)(\/deactivate)?$/);
    if (planPath) {
      const plan = fake.plans.get(planPath[1] ?? '');
      if (!plan) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (method === 'POST' && planPath[2]) plan.status = 'INACTIVE';
      else if (method === 'PATCH')
        for (const op of JSON.parse(raw) as { path: string; value: unknown }[]) plan[op.path.slice(1)] = op.value;
      return sendJson(res, method === 'GET' ? 200 : 204, method === 'GET' ? plan : undefined);
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      if (fake.plans.get(body.plan_id)?.status !== 'ACTIVE')
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'Plan is not active.' });
      const sub: FakeSubscription = {
        id: id('I'),
        plan_id: body.plan_id,
        custom_id: body.custom_id,
        status: 'APPROVAL_PENDING',
        returnUrl: body.application_context?.return_url ?? '',
        next_billing_time: '',
      };
      fake.subscriptions.set(sub.id, sub);
      return sendJson(res, 201, {
        id: sub.id,
        status: sub.status,
        links: [{ rel: 'approve', href: `${fake.origin}/approve/subscription/${sub.id}` }],
      });
    }
    const subPath = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(cancel|revise))?$/);
    if (subPath) {
      const sub = fake.subscriptions.get(subPath[1] ?? '');
      if (!sub) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (method === 'GET') {
        return sendJson(res, 200, {
          id: sub.id,
          plan_id: sub.plan_id,
          custom_id: sub.custom_id,
          status: sub.status,
          billing_info: { next_billing_time: sub.next_billing_time },
        });
      }
      if (subPath[2] === 'cancel') {
        sub.status = 'CANCELLED';
        return sendJson(res, 204);
      }
      if (subPath[2] === 'revise') {
        if (!fake.plans.has(body.plan_id))
          return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'No such plan.' });
        return sendJson(res, 200, {
          plan_id: body.plan_id,
          links: [
            {
              rel: 'approve',
              href: `${fake.origin}/approve/revise/${sub.id}?plan=${encodeURIComponent(body.plan_id)}`,
            },
          ],
        });
      }
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = body.purchase_units?.[0];
      const order: FakeOrder = {
        id: id('O'),
        status: 'CREATED',
        custom_id: unit?.custom_id ?? '',
        amount: unit?.amount,
        returnUrl: body.application_context?.return_url ?? '',
        capture: null,
      };
      fake.orders.set(order.id, order);
      return sendJson(res, 201, {
        id: order.id,
        status: order.status,
        links: [{ rel: 'approve', href: `${fake.origin}/approve/order/${order.id}` }],
      });
    }
    const capture = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
    if (method === 'POST' && capture) {
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      if (requestId && captures.has(requestId)) return sendJson(res, 201, captures.get(requestId));
      const order = fake.orders.get(capture[1] ?? '');
      if (!order) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (order.status === 'COMPLETED')
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'ORDER_ALREADY_CAPTURED' });
      if (order.status !== 'APPROVED')
        return sendJson(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'ORDER_NOT_APPROVED' });
      order.status = 'COMPLETED';
      const result = {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: id('CAP'), status: 'COMPLETED', amount: order.amount }] } }],
      };
      if (requestId) captures.set(requestId, result);
      return sendJson(res, 201, result);
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const sent = fake.sent.get(body.webhook_event?.id);
      const ok =
        !!sent &&
        body.webhook_id === fake.webhookId &&
        body.transmission_id === sent.transmissionId &&
        JSON.stringify(body.webhook_event) === JSON.stringify(sent.event);
      return sendJson(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', message: `${method} ${path}` });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => sendJson(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(e) }));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

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
import { users } from '../users/index.js';
import { recordTransaction } from './ledger.js';

/** The invoice page of a transaction (issue 17 point 2): the owner's and administrators' only. */
describe('invoices', () => {
  let server: TestServer;
  let admin: TestClient;
  let owner: TestClient;
  let other: TestClient;
  let invoiceId: string;
  let plainId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    const ownerId = await userIdOf(server, 'owner@example.com');
    await server.ctx.db
      .update(users)
      .set({ firstName: '<script>alert(1)</script>', lastName: 'O"Hara', city: 'Bratislava', country: 'SK' })
      .where(eq(users.id, ownerId));
    const row = await recordTransaction(server.ctx.db, {
      userId: ownerId,
      type: 'withdrawal',
      status: 'completed',
      driver: 'system',
      amount: 1234,
      currency: 'EUR',
      note: 'Usage <b>November</b>',
      metadata: [
        { label: 'Storage', usage: '12.5 GB', amount: 1000, currency: 'EUR' },
        { label: 'Bandwidth <img>', usage: '3 GB', amount: 234, currency: 'EUR' },
      ],
    });
    invoiceId = row!.id;
    const plain = await recordTransaction(server.ctx.db, {
      userId: ownerId,
      type: 'charge',
      status: 'completed',
      driver: 'stripe',
      amount: 500,
      currency: 'JPY',
      note: 'Pro plan',
      reference: 'in_1',
    });
    plainId = plain!.id;
    const seller = await admin.request('PATCH', '/api/admin/settings', { name: 'billing_name', value: 'Seller & Co' });
    expect(seller.status, seller.body).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the owner a printable page with the lines, total and status, every string escaped', async () => {
    const res = await owner.get(`/invoices/${invoiceId}`);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&quot;Hara');
    expect(res.body).toContain('Bandwidth &lt;img&gt;');
    expect(res.body).toContain('12.5 GB');
    expect(res.body).toContain('€12.34');
    expect(res.body).toContain('€10.00');
    expect(res.body).toContain('completed');
    expect(res.body).toContain('owner@example.com');
    expect(res.body).toContain('Seller &amp; Co');
  });

  it('falls back to the note and amount without line items', async () => {
    const res = await owner.get(`/invoices/${plainId}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Pro plan');
    expect(res.body).toContain('¥500');
  });

  it('answers 404 to another user and for unknown ids, 200 to an administrator, 401 signed out', async () => {
    expect((await other.get(`/invoices/${invoiceId}`)).status).toBe(404);
    expect((await other.get(`/invoices/${invoiceId}?format=pdf`)).status).toBe(404);
    expect((await owner.get('/invoices/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await owner.get('/invoices/not-a-uuid')).status).toBe(404);
    expect((await admin.get(`/invoices/${invoiceId}`)).status).toBe(200);
    expect((await server.client().get(`/invoices/${invoiceId}`)).status).toBe(401);
  });

  it('renders a real PDF of the same invoice', async () => {
    const res = await owner.request('GET', `/invoices/${invoiceId}?format=pdf`, undefined, { accept: '*/*' });
    expect(res.status, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.startsWith('%PDF')).toBe(true);
    expect(res.body.length).toBeGreaterThan(1000);
  });
});

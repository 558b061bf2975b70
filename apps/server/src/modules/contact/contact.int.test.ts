import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify, type FakeSiteverify } from '../../../test/fake-recaptcha.js';
import {
  decodedMail,
  installWithAdmin,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { CONTACT_PER_IP, CONTACT_PER_SENDER } from './contact.routes.js';

/** The contact form (issue 15 point 7): mailed to `contact_email`, rate limited, behind the human check. */
describe('POST /api/contact', () => {
  let fake: FakeSiteverify;
  let server: TestServer;
  let admin: TestClient;
  let ips = 0;
  const visitor = () => server.client(`10.6.0.${++ips}`);
  const message = (email = `v${ips}@example.com`, extra: Record<string, unknown> = {}) => ({
    name: 'Vera Visitor',
    email,
    message: 'Hello, I would like to know more <b>please</b>.',
    ...extra,
  });
  const set = async (name: string, value: unknown) =>
    expect((await admin.request('PATCH', '/api/admin/settings', { name, value })).status).toBe(200);

  beforeAll(async () => {
    fake = await startFakeSiteverify();
    server = await startTestServer({ RECAPTCHA_VERIFY_URL: fake.url, APP_URL: `http://${FAKE_HOSTNAME}` });
    admin = await installWithAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('answers 503 contact.unavailable while no contact email is set, and sends nothing', async () => {
    await set('contact_email', null);
    const before = server.outbox().length;
    const res = await visitor().post('/api/contact', message());
    expect(res.status).toBe(503);
    expect(res.json()).toMatchObject({ code: 'contact.unavailable' });
    expect(res.json().message).toMatch(/contact email/);
    expect(server.outbox().length).toBe(before);
  });

  it('mails the message to the contact address, replying to the visitor, with the text escaped', async () => {
    await set('contact_email', 'owner@example.com');
    const before = server.outbox().length;
    const res = await visitor().post('/api/contact', message('vera@example.com'));
    expect(res.status, res.body).toBe(202);
    const mails = server.outbox().slice(before).map(decodedMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: owner@example.com/m);
    expect(mails[0]).toMatch(/^Reply-To: vera@example.com/m);
    expect(mails[0]).toContain('&lt;b&gt;please&lt;/b&gt;');
  });

  it('refuses bad input with 422 naming the field', async () => {
    const res = await visitor().post('/api/contact', { name: '', email: 'nope', message: 'short' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'message', 'name']);
  });

  it('refuses a name with line breaks or control characters, as every name, and mails nothing', async () => {
    await set('contact_email', 'owner@example.com');
    const before = server.outbox().length;
    for (const name of ['Vera\r\nBcc: all@example.com', 'Vera\nVisitor', 'Vera\u0007', 'Vera\u0085Visitor']) {
      const res = await visitor().post('/api/contact', message(undefined, { name }));
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.json().code).toBe('validation.failed');
      expect(Object.keys(res.json().errors)).toEqual(['name']);
      expect(res.json().errors.name[0]).toBe('A name cannot contain control characters.');
    }
    expect(server.outbox().length).toBe(before);
  });

  it('limits messages per network address and per sender address (429)', async () => {
    const one = visitor();
    for (let i = 0; i < CONTACT_PER_IP; i++) {
      expect((await one.post('/api/contact', message(`burst-${i}@example.com`))).status).toBe(202);
    }
    const limited = await one.post('/api/contact', message('burst-last@example.com'));
    expect(limited.status).toBe(429);
    expect(limited.json().code).toBe('auth.too_many_attempts');

    for (let i = 0; i < CONTACT_PER_SENDER; i++) {
      expect((await visitor().post('/api/contact', message('same@example.com'))).status).toBe(202);
    }
    expect((await visitor().post('/api/contact', message('SAME@example.com'))).status).toBe(429);
  });

  it('asks for the human check when it is on: a missing or wrong token is 422, a good one is sent', async () => {
    await set('recaptcha_client_id', 'site-key');
    await set('recaptcha_client_secret', FAKE_SECRET);
    await set('allowed_recaptcha', true);
    const before = server.outbox().length;
    const missing = await visitor().post('/api/contact', message());
    expect(missing.status).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'human_check.failed', details: { reason: 'missing' } });
    const otherAction = await visitor().post('/api/contact', message(undefined, { reCaptcha: 'ok|login|0.9' }));
    expect(otherAction.json()).toMatchObject({ code: 'human_check.failed', details: { reason: 'action' } });
    const low = await visitor().post('/api/contact', message(undefined, { reCaptcha: 'ok|contact|0.1' }));
    expect(low.json()).toMatchObject({ code: 'human_check.failed', details: { reason: 'score' } });
    expect(server.outbox().length).toBe(before);
    const good = await visitor().post('/api/contact', message(undefined, { reCaptcha: 'ok|contact|0.9' }));
    expect(good.status, good.body).toBe(202);
    expect(fake.requests.at(-1)).toMatchObject({ response: 'ok|contact|0.9' });
    expect(server.outbox().length).toBe(before + 1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../mail/index.js';
import { writeSettings } from '../settings/index.js';
import { users } from '../users/index.js';
import {
  decodedMail,
  installWithAdmin,
  registerUser,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { passwordResets } from './auth.table.js';

/**
 * Issue 39, defect 5: neither sign-up nor password recovery tells whether an account exists. The
 * answers are compared whole, and the work before the answer is checked by holding the mailer:
 * an answer that waited for a mail, or for what comes before it, would not come at all.
 */
describe('sign-up and password recovery do not list accounts', () => {
  let server: TestServer;
  let real: Mailer;
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();
  const sent: MailMessage[] = [];
  const mailerSlot = () => server.ctx as unknown as { currentMailer: Mailer };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    await registerUser(server, 'owner@example.com', 'owner-password-1', '10.39.5.1');
    real = server.ctx.mailer;
    // Every mail waits for `held`, then goes to the outbox as before.
    mailerSlot().currentMailer = {
      driver: 'outbox',
      send: async (message) => {
        await held;
        sent.push(message);
        await real.send(message);
      },
    };
  });
  afterAll(async () => {
    release();
    await server.close();
  });

  const hold = () => {
    held = new Promise<void>((resolve) => (release = resolve));
  };
  /** A POST straight to the app (not the test client, which waits for the work after the answer). */
  const post = async (url: string, body: unknown, ip: string) => {
    const res = await Promise.race([
      server.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        payload: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          cookie: 'XSRF-TOKEN=t',
          'x-xsrf-token': 't',
        },
      }),
      new Promise<'waited for the mail'>((resolve) => setTimeout(() => resolve('waited for the mail'), 10_000)),
    ]);
    if (res === 'waited for the mail') throw new Error(`${url} did not answer while its mail was held`);
    return res;
  };

  it('answers a sign-up with a taken email as a new one while verification is on, and tells the owner', async () => {
    await writeSettings(server.ctx.db, { user_verification: true });
    try {
      hold();
      const fresh = await post(
        '/api/register',
        {
          name: 'New Person',
          email: 'new-person@example.com',
          password: 'pass-word-1',
          password_confirmation: 'pass-word-1',
        },
        '10.39.5.2',
      );
      const taken = await post(
        '/api/register',
        { name: 'Someone', email: 'OWNER@example.com', password: 'pass-word-2', password_confirmation: 'pass-word-2' },
        '10.39.5.3',
      );
      // Answered while both mails were held: neither answer waited for its mail.
      expect(sent).toHaveLength(0);
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.statusCode).toBe(201);
      expect(taken.json()).toEqual(fresh.json());
      expect(taken.json()).toMatchObject({ verificationRequired: true });
      expect(taken.cookies.map((c) => c.name)).toEqual(fresh.cookies.map((c) => c.name));
      release();
      await server.ctx.settled();

      const [verify, notice] = [
        sent.find((m) => m.to === 'new-person@example.com'),
        sent.find((m) => m.to === 'owner@example.com'),
      ];
      expect(verify?.subject).toMatch(/^Verify your email/);
      expect(notice?.subject).toMatch(/^Someone tried to sign up/);
      const noticeText = decodedMail(server.outbox().find((m) => m.includes('Someone tried to sign up')) ?? '');
      expect(noticeText).toContain('/sign-in');
      // The owner's account is as it was: the same password, one account with the email.
      const rows = await server.ctx.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(rows).toHaveLength(1);
      expect(
        (
          await server
            .client('10.39.5.4')
            .post('/api/login', { email: 'owner@example.com', password: 'owner-password-1' })
        ).status,
      ).toBe(200);
      expect(
        (await server.client('10.39.5.4').post('/api/login', { email: 'owner@example.com', password: 'pass-word-2' }))
          .status,
      ).toBe(422);

      // Sign-ups cannot flood the owner's inbox: one such mail an hour, whatever the addresses asking.
      const again = await post(
        '/api/register',
        { name: 'Someone', email: 'owner@example.com', password: 'pass-word-3', password_confirmation: 'pass-word-3' },
        '10.39.5.5',
      );
      expect(again.statusCode).toBe(201);
      await server.ctx.settled();
      expect(sent.filter((m) => m.to === 'owner@example.com')).toHaveLength(1);
    } finally {
      release();
      await writeSettings(server.ctx.db, { user_verification: false });
    }
  });

  it('still says auth.email_taken while verification is off: a new account is signed in at once', async () => {
    const taken = await post(
      '/api/register',
      { name: 'Someone', email: 'owner@example.com', password: 'pass-word-2', password_confirmation: 'pass-word-2' },
      '10.39.5.5',
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().code).toBe('auth.email_taken');
  });

  it('answers a recovery before looking the account up, the same for a known and an unknown email', async () => {
    hold();
    sent.length = 0;
    const known = await post('/api/password/recover', { email: 'owner@example.com' }, '10.39.5.6');
    const unknown = await post('/api/password/recover', { email: 'nobody@example.com' }, '10.39.5.7');
    // Both answered while the mail was held: the answer waited for no mail, and the same answer.
    expect(sent).toHaveLength(0);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    release();
    await server.ctx.settled();
    // Then the known one got its link, and the unknown one nothing.
    expect(sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(await server.ctx.db.select().from(passwordResets)).toHaveLength(1);
  });
});

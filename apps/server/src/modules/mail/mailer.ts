import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from '../../app/config.js';
import type { SmtpSettings } from '@filestore/contract';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  readonly driver: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

// nodemailer is ~2 MB of heap once loaded; a server loads it with the first mail it sends or the
// first SMTP check, not at start-up (ADR 0039).
let nodemailerModule: Promise<typeof import('nodemailer')> | undefined;
const nodemailer = async () => await (nodemailerModule ??= import('nodemailer'));

export async function smtpTransport(smtp: SmtpSettings): Promise<Transporter> {
  return (await nodemailer()).createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.encryption === 'tls',
    requireTLS: smtp.encryption === 'starttls',
    ignoreTLS: smtp.encryption === 'none',
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

/** Connects and authenticates against the SMTP server without sending anything. */
export async function probeSmtp(smtp: SmtpSettings): Promise<void> {
  const transport = await smtpTransport(smtp);
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

export function createMailer(config: MailConfig, from: () => string, log: Logger): Mailer {
  if (config.driver === 'smtp') {
    let transport: Promise<Transporter> | undefined;
    return {
      driver: 'smtp',
      async send(message) {
        await (await (transport ??= smtpTransport(config.smtp))).sendMail({ from: config.smtp.from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  // The outbox keeps every message as a .eml file so a single-machine install works with no mail server.
  const outboxTransport = async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let transport: ReturnType<typeof outboxTransport> | undefined;
  return {
    driver: 'outbox',
    async send(message) {
      transport ??= outboxTransport();
      const info = await (await transport).sendMail({ from: from(), ...message });
      await mkdir(config.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(config.dir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file, text: message.text }, 'mail written to outbox');
    },
  };
}

import path from 'node:path';
import {
  environmentResponse,
  mailEnvironmentRequest,
  storageEnvironmentRequest,
  type EnvironmentResponse,
} from '@filestore/contract';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app/context.js';
import { localStorageConfig, writeSavedConfig, type MailConfig, type StorageConfig } from '../../app/config.js';
import type { TypedApp } from '../../app/types.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { requireAdmin } from '../access/index.js';
import { storedFileBlobsCount } from '../files/index.js';
import { actionMail, createMailer } from '../mail/index.js';
import { imageSettingNames, readSettings } from '../settings/index.js';
import { probeStorage } from '../storage/index.js';
import { recordAudit } from './audit.js';

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

const fixedByEnv = (what: 'storage' | 'mail') =>
  new AppError(
    409,
    'environment.fixed_by_env',
    what === 'storage'
      ? 'Storage is set by STORAGE_DRIVER in the environment; change it there.'
      : 'Mail is set by SMTP_HOST in the environment; change it there.',
  );

/**
 * Everything the current storage keeps that a row names: file versions, avatars (three sizes each,
 * counted once), appearance images, and chunks of uploads in progress.
 */
async function storedObjects(ctx: AppContext): Promise<number> {
  const result = await ctx.db.execute(sql`
    select ${storedFileBlobsCount()}
         + (select count(*) from users where avatar_key is not null)
         + (select count(*) from upload_sessions) as n`);
  const settings = await readSettings(ctx.db);
  const images = imageSettingNames.filter((key) => settings[key] !== null).length;
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0) + images;
}

/** Two storage configurations name the same place: the same folder, or the same bucket at the same endpoint. */
function samePlace(a: StorageConfig, b: StorageConfig): boolean {
  if (a.driver === 'local' || b.driver === 'local') return a.driver === b.driver;
  return (a.s3.endpoint ?? '') === (b.s3.endpoint ?? '') && a.s3.bucket === b.s3.bucket;
}

async function present(ctx: AppContext): Promise<EnvironmentResponse> {
  const { storage, mail, fromEnv } = ctx.config;
  return {
    data: {
      storage: {
        driver: storage.driver,
        fromEnv: fromEnv.storage,
        s3:
          storage.driver === 's3'
            ? {
                endpoint: storage.s3.endpoint ?? '',
                region: storage.s3.region,
                bucket: storage.s3.bucket,
                key: storage.s3.key,
                forcePathStyle: storage.s3.forcePathStyle,
                secretSet: !!storage.s3.secret,
              }
            : null,
        storedObjects: await storedObjects(ctx),
      },
      mail: {
        driver: mail.driver,
        fromEnv: fromEnv.mail,
        smtp:
          mail.driver === 'smtp'
            ? {
                host: mail.smtp.host,
                port: mail.smtp.port,
                username: mail.smtp.username,
                encryption: mail.smtp.encryption,
                from: mail.smtp.from,
                passwordSet: !!mail.smtp.password,
              }
            : null,
      },
    },
  };
}

/**
 * Storage and mail after installation (issue 16 point 3, ADR 0043): the wizard's choices in
 * DATA_DIR/config.json, secrets sealed there, each tested for real before it replaces the one in
 * use (no restart: modules read ctx.storage and ctx.mailer per request).
 */
export function environmentRoutes(app: TypedApp, ctx: AppContext) {
  app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>();

    admin.get(
      '/api/admin/environment',
      { config: { access: 'admin' }, schema: { response: { 200: environmentResponse } } },
      async () => present(ctx),
    );

    admin.put(
      '/api/admin/environment/storage',
      {
        config: { access: 'admin' },
        schema: { body: storageEnvironmentRequest, response: { 200: environmentResponse } },
      },
      async (request) => {
        const actor = requireAdmin(request);
        if (ctx.config.fromEnv.storage) throw fixedByEnv('storage');
        const body = request.body;
        const current = ctx.config.storage;
        let next: StorageConfig;
        if (body.driver === 's3') {
          // The secret in use is kept only for the same endpoint: it is never sent somewhere new unasked.
          const sameEndpoint = current.driver === 's3' && (current.s3.endpoint ?? '') === (body.s3.endpoint ?? '');
          const secret = body.s3.secret || (sameEndpoint ? current.s3.secret : '');
          if (!secret) throw validationFailed({ 's3.secret': ['Enter the secret access key.'] });
          next = { driver: 's3', s3: { ...body.s3, secret } };
        } else {
          next = localStorageConfig(ctx.config.env, ctx.config.dataDir);
        }
        // A real write, read and delete with the new credentials, one attempt.
        try {
          await probeStorage(next);
        } catch (e) {
          throw new AppError(422, 'environment.storage_unreachable', `Could not use this storage: ${reason(e)}`);
        }
        if (!samePlace(current, next)) {
          const objects = await storedObjects(ctx);
          const expected = next.driver === 's3' ? next.s3.bucket : 'local';
          // Nothing is copied: what the old place keeps is no longer reachable. Said, and typed.
          if (objects > 0 && body.confirm !== expected) {
            throw new AppError(
              409,
              'environment.confirmation_required',
              `${objects} stored files stay in the current storage and can no longer be opened. Type “${expected}” to switch anyway.`,
              { storedObjects: objects, confirm: expected },
            );
          }
        }
        writeSavedConfig(
          ctx.config.dataDir,
          { storage: next.driver === 's3' ? { driver: 's3', s3: next.s3 } : { driver: 'local' } },
          ctx.config.env.APP_KEY,
        );
        ctx.setStorage(next);
        await ctx.db.transaction((tx) =>
          recordAudit(tx, actor, 'settings.changed', null, {
            name: 'storage',
            from: current.driver === 's3' ? { driver: 's3', bucket: current.s3.bucket } : { driver: 'local' },
            to: next.driver === 's3' ? { driver: 's3', bucket: next.s3.bucket } : { driver: 'local' },
          }),
        );
        return present(ctx);
      },
    );

    admin.put(
      '/api/admin/environment/mail',
      { config: { access: 'admin' }, schema: { body: mailEnvironmentRequest, response: { 200: environmentResponse } } },
      async (request) => {
        const actor = requireAdmin(request);
        if (ctx.config.fromEnv.mail) throw fixedByEnv('mail');
        const body = request.body;
        const current = ctx.config.mail;
        let next: MailConfig;
        if (body.driver === 'smtp') {
          const password =
            body.smtp.password ??
            (current.driver === 'smtp' && current.smtp.host === body.smtp.host ? current.smtp.password : '');
          next = { driver: 'smtp', smtp: { ...body.smtp, password } };
          const settings = await readSettings(ctx.db);
          const host = ctx.config.appUrl ?? `${request.protocol}://${request.host}`;
          // A real message to the admin over the new server: connection, sign-in and sending all work.
          try {
            await createMailer(next, () => (next.driver === 'smtp' ? next.smtp.from : ''), ctx.log).send(
              actionMail({
                to: actor.email,
                appName: settings.app_title,
                subject: `${settings.app_title}: test message`,
                greeting: 'Hello,',
                lines: [`This message was sent to check the mail settings of ${settings.app_title}. They work.`],
                action: { label: 'Open the mail settings', url: `${host}/admin/settings/environment` },
                outro: 'You received it because you saved these settings.',
              }),
            );
          } catch (e) {
            throw new AppError(422, 'environment.mail_failed', `Could not send a test message: ${reason(e)}`);
          }
        } else {
          next = { driver: 'outbox', dir: path.join(ctx.config.dataDir, 'mail') };
        }
        writeSavedConfig(
          ctx.config.dataDir,
          { mail: next.driver === 'smtp' ? { driver: 'smtp', smtp: next.smtp } : { driver: 'outbox' } },
          ctx.config.env.APP_KEY,
        );
        ctx.setMail(next);
        await ctx.db.transaction((tx) =>
          recordAudit(tx, actor, 'settings.changed', null, {
            name: 'mail',
            from: current.driver === 'smtp' ? { driver: 'smtp', host: current.smtp.host } : { driver: 'outbox' },
            to: next.driver === 'smtp' ? { driver: 'smtp', host: next.smtp.host } : { driver: 'outbox' },
          }),
        );
        return present(ctx);
      },
    );
  });
}

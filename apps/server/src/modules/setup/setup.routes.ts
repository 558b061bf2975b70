import {
  adminSetupRequest,
  appSetupRequest,
  databaseSetupRequest,
  environmentSetupRequest,
  type SetupState,
} from '@filestore/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app/context.js';
import {
  embeddedDatabase,
  localStorageConfig,
  writeSavedConfig,
  type MailConfig,
  type StorageConfig,
} from '../../app/config.js';
import type { TypedApp } from '../../app/types.js';
import { probePostgres } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { startSession } from '../auth/index.js';
import { probeSmtp } from '../mail/index.js';
import { probeStorage } from '../storage/index.js';
import { autoSetupFromEnv, createFirstAdmin, saveAppSetup } from './setup.usecases.js';
import { statusCheck } from './status-check.js';
import path from 'node:path';

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

function postgresUrl(b: {
  host: string;
  port: number;
  name: string;
  username: string;
  password: string;
  ssl: boolean;
}) {
  const auth = `${encodeURIComponent(b.username)}${b.password ? `:${encodeURIComponent(b.password)}` : ''}`;
  return `postgres://${auth}@${b.host}:${b.port}/${encodeURIComponent(b.name)}${b.ssl ? '?sslmode=require' : ''}`;
}

/** The first-run wizard. Every call answers 410 once an admin exists: its `setup` gate (ADR 0062). */
export function setupRoutes(app: TypedApp, ctx: AppContext) {
  app.register(async (plugin) => {
    const setup = plugin.withTypeProvider<ZodTypeProvider>();
    setup.get('/api/setup/status', { config: { access: 'setup' } }, async () => statusCheck(ctx));

    setup.get('/api/setup/state', { config: { access: 'setup' } }, async (): Promise<SetupState> => ({
      database: { driver: ctx.databaseDriver, fromEnv: ctx.config.fromEnv.database },
      storage: { driver: ctx.config.storage.driver, fromEnv: ctx.config.fromEnv.storage },
      mail: { driver: ctx.config.mail.driver, fromEnv: ctx.config.fromEnv.mail },
    }));

    setup.post(
      '/api/setup/database',
      { config: { access: 'setup' }, schema: { body: databaseSetupRequest } },
      async (request) => {
        const body = request.body;
        if (ctx.config.fromEnv.database) {
          return { type: 'success' as const, message: 'The database is set by DATABASE_URL.' };
        }
        if (body.connection === 'embedded') {
          if (ctx.databaseDriver !== 'pglite') {
            await ctx.switchDatabase(embeddedDatabase(ctx.config.env, ctx.config.dataDir));
          }
          writeSavedConfig(ctx.config.dataDir, { databaseUrl: undefined }, ctx.config.env.APP_KEY);
          return { type: 'success' as const, message: 'The embedded database is ready.' };
        }
        const url = postgresUrl(body);
        try {
          await probePostgres(url);
          await ctx.switchDatabase({ driver: 'postgres', url });
        } catch (e) {
          throw new AppError(422, 'setup.database_unreachable', `Could not use this database: ${reason(e)}`);
        }
        writeSavedConfig(ctx.config.dataDir, { databaseUrl: url }, ctx.config.env.APP_KEY);
        ctx.config.database = { driver: 'postgres', url };
        return { type: 'success' as const, message: 'Connected to PostgreSQL and prepared the tables.' };
      },
    );

    setup.post(
      '/api/setup/environment-setup',
      { config: { access: 'setup' }, schema: { body: environmentSetupRequest } },
      async (request) => {
        const { storage, mail } = request.body;
        const storageConfig: StorageConfig =
          storage.driver === 's3'
            ? { driver: 's3', s3: storage.s3 }
            : localStorageConfig(ctx.config.env, ctx.config.dataDir);
        if (!ctx.config.fromEnv.storage) {
          try {
            await probeStorage(storageConfig);
          } catch (e) {
            throw new AppError(422, 'setup.storage_unreachable', `Could not write to this storage: ${reason(e)}`);
          }
        }
        const mailConfig: MailConfig =
          mail.driver === 'smtp'
            ? { driver: 'smtp', smtp: mail.smtp }
            : { driver: 'outbox', dir: path.join(ctx.config.dataDir, 'mail') };
        if (!ctx.config.fromEnv.mail && mailConfig.driver === 'smtp') {
          try {
            await probeSmtp(mailConfig.smtp);
          } catch (e) {
            throw new AppError(422, 'setup.mail_unreachable', `Could not connect to the mail server: ${reason(e)}`);
          }
        }
        if (!ctx.config.fromEnv.storage) {
          writeSavedConfig(ctx.config.dataDir, { storage }, ctx.config.env.APP_KEY);
          ctx.setStorage(storageConfig);
        }
        if (!ctx.config.fromEnv.mail) {
          writeSavedConfig(ctx.config.dataDir, { mail }, ctx.config.env.APP_KEY);
          ctx.setMail(mailConfig);
        }
        return { type: 'success' as const, message: 'Storage and mail are ready.' };
      },
    );

    setup.post(
      '/api/setup/app-setup',
      { config: { access: 'setup' }, schema: { body: appSetupRequest } },
      async (request) => {
        await saveAppSetup(ctx, request.body);
        return { type: 'success' as const, message: 'The application settings were saved.' };
      },
    );

    setup.post(
      '/api/setup/admin-setup',
      { config: { access: 'setup' }, schema: { body: adminSetupRequest } },
      async (request, reply) => {
        const origin = ctx.config.appUrl ?? `${request.protocol}://${request.host}`;
        const admin = await createFirstAdmin(ctx, request.body, origin);
        await startSession(ctx, request, reply, admin.id);
        return reply.code(201).send({ type: 'success' as const, message: 'Your administrator account was created.' });
      },
    );
  });
}

export { autoSetupFromEnv };

import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from './context.js';
import { errorHandler } from './errors.js';
import type { TypedApp } from './types.js';
import { refuseNulCharacters } from '../lib/nul-characters.js';
import { routeGates } from '../modules/access/index.js';
import { accountRoutes } from '../modules/account/index.js';
import { adminRoutes } from '../modules/admin/index.js';
import { apiDocsRoutes, registerOpenApi } from '../modules/api-docs/index.js';
import {
  accessTokenRoutes,
  authRoutes,
  bearerHook,
  csrfHook,
  dropCookiesOfBearerAnswers,
  SESSION_COOKIE,
  sessionsCleanupJob,
  userFromSession,
} from '../modules/auth/index.js';
import { downloadsRoutes } from '../modules/downloads/index.js';
import { emojiRoutes } from '../modules/emoji/index.js';
import { fileRequestsModule, openRequest, recordRequestUpload } from '../modules/file-requests/index.js';
import { filesRoutes } from '../modules/files/index.js';
import { notificationsRoutes } from '../modules/notifications/index.js';
import {
  billingTestingRoutes,
  invoicesRoutes,
  meteredBillingJob,
  meteredMeta,
  meteredRoutes,
  meteredUserCreated,
  paymentsRoutes,
  planSyncJob,
  plansRoutes,
  stripeRoutes,
  subscriptionsRoutes,
  transactionsRoutes,
} from '../modules/billing/index.js';
import { homepageRoutes, pagesRoutes } from '../modules/pages/index.js';
import { contactRoutes } from '../modules/contact/index.js';
import { remoteUploadsModule, type RemoteNetwork } from '../modules/remote-uploads/index.js';
import { realtimeModule } from '../modules/realtime/index.js';
import { setupRoutes } from '../modules/setup/index.js';
import { socialRoutes } from '../modules/social/index.js';
import { openShareForEditing, sharedRelationships, sharingModule } from '../modules/sharing/index.js';
import { blobDeletionsJob } from '../modules/storage/index.js';
import { jobHeartbeatsJob } from '../modules/status/index.js';
import { systemRoutes } from '../modules/system/index.js';
import { notifyPendingInvitations, teamRelationships, teamsModule } from '../modules/teams/index.js';
import { thumbnailsModule } from '../modules/thumbnails/index.js';
import { uploadsRoutes } from '../modules/uploads/index.js';
import { usageRoutes } from '../modules/usage/index.js';
import { loadShell, webRoutes } from '../modules/web/index.js';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export interface HttpAppOptions {
  /** Tests only: how remote uploads resolve names and which loopback test server they may reach. */
  remoteNetwork?: RemoteNetwork;
  /** Tests only: told of every route as it is registered (the OpenAPI completeness test). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildHttpApp(ctx: AppContext, options: HttpAppOptions = {}): Promise<TypedApp> {
  // Typed as Fastify's logger so the instance matches TypedApp (pino's type is wider).
  const loggerInstance: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance,
    trustProxy: ctx.config.env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Shutting down (ADR 0064): requests that arrive once close began are answered 503 at once, idle
    // keep-alive connections close, running ones finish within the grace (app/server.ts ends it).
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Per-request lines only when debugging; they would drown the useful ones otherwise.
    logController: new LogController({
      disableRequestLogging: ctx.config.env.LOG_LEVEL !== 'debug' && ctx.config.env.LOG_LEVEL !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Presenters build each field themselves, typed against the same contract; the check at run time
  // is a net for drift (tests and development keep it), not something production needs (ADR 0017).
  app.setSerializerCompiler(ctx.config.env.CHECK_RESPONSES ? serializerCompiler : () => (data) => JSON.stringify(data));
  app.setErrorHandler(errorHandler(ctx.outages));
  await app.register(cookie);
  // Before any route: it collects every route registered after it into the OpenAPI document.
  await registerOpenApi(app);

  // What other modules add to the items an owner sees; the files module knows none of them.
  ctx.itemRelationships = [sharedRelationships(ctx), teamRelationships(ctx)];
  // A new account's pending team invitations reach its notifications (the teams module sits above auth).
  ctx.userCreated = [notifyPendingInvitations, meteredUserCreated(ctx)];
  // Metered billing's part of GET /api/user (the account module knows nothing of billing).
  ctx.billingMeta = (user) => meteredMeta(ctx, user);

  app.decorateRequest('user', null);
  // A bearer token, when sent, is the request's only credential (ADR 0032): checked first.
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', bearerHook(ctx));
  app.addHook('onSend', dropCookiesOfBearerAnswers);
  app.addHook('onRequest', csrfHook(ctx));
  // Every route at once: a NUL in any text is a 422 naming the field, never the database's 500.
  app.addHook('preValidation', refuseNulCharacters);
  // onRequest rather than preHandler: the not-found handler (the SPA shell) needs the user too.
  app.addHook('onRequest', async (request) => {
    // Static files need no session: skip the database for them.
    if (request.accessToken || request.url.startsWith('/assets/') || request.url.startsWith('/emoji/')) return;
    request.user = await userFromSession(ctx, request.cookies[SESSION_COOKIE], request.ip);
  });
  // Once the caller is known, and before any route: every route declares its gate, decided here
  // before its body is parsed or validated (ADR 0062).
  routeGates(app, ctx);

  systemRoutes(app, ctx);
  apiDocsRoutes(app);
  setupRoutes(app, ctx);
  authRoutes(app, ctx);
  socialRoutes(app, ctx);
  ctx.jobs.register(sessionsCleanupJob(ctx));
  accountRoutes(app, ctx);
  accessTokenRoutes(app, ctx);
  notificationsRoutes(app, ctx);
  pagesRoutes(app, ctx);
  homepageRoutes(app, ctx);
  contactRoutes(app, ctx);
  adminRoutes(app, ctx);
  ctx.jobs.register(blobDeletionsJob(ctx));
  ctx.jobs.register(jobHeartbeatsJob(ctx));
  filesRoutes(app, ctx);
  uploadsRoutes(app, ctx);
  downloadsRoutes(app, ctx);
  thumbnailsModule(app, ctx);
  sharingModule(app, ctx);
  fileRequestsModule(app, ctx);
  teamsModule(app, ctx);
  // The job opens a batch's link again before each URL; those modules sit above remote uploads.
  remoteUploadsModule(
    app,
    ctx,
    {
      share: async (token) => ({ actor: (await openShareForEditing(ctx, null, token, 'upload')).actor }),
      request: async (token) => {
        const opened = await openRequest(ctx, token);
        // A file fetched into a request counts as an upload: the first one tells the owner (ADR 0026).
        return { actor: opened.actor, stored: () => recordRequestUpload(ctx, opened) };
      },
    },
    options.remoteNetwork,
  );
  usageRoutes(app, ctx);
  subscriptionsRoutes(app, ctx);
  plansRoutes(app, ctx);
  ctx.jobs.register(planSyncJob(ctx));
  stripeRoutes(app, ctx);
  meteredRoutes(app, ctx);
  billingTestingRoutes(app, ctx);
  ctx.jobs.register(meteredBillingJob(ctx));
  paymentsRoutes(app, ctx);
  transactionsRoutes(app, ctx);
  invoicesRoutes(app, ctx);
  emojiRoutes(app, ctx);
  await realtimeModule(app, ctx);
  await webRoutes(app, ctx, loadShell(ctx.config.env.WEB_DIST ?? DEFAULT_WEB_DIST));
  return app;
}

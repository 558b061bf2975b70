import { ConfigError, loadConfig } from './app/config.js';
import { createServer } from './app/server.js';

/** What closing may take once the grace is over (connections, Socket.IO, jobs, Redis, the database). */
const CLOSE_TIMEOUT_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const server = await createServer(config);
  const { app, ctx } = server;
  // ADR 0064: refuse new requests at once, give running ones the grace, close the rest, exit.
  const graceMs = config.env.SHUTDOWN_GRACE_SECONDS * 1000;
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second signal ends the grace now; what is left is still closed cleanly, the database above all.
      ctx.log.warn({ signal }, 'second signal: not waiting for running requests any more');
      server.endGrace();
      return;
    }
    closing = true;
    ctx.log.info({ signal, graceSeconds: config.env.SHUTDOWN_GRACE_SECONDS }, 'shutting down');
    // After the grace, closing takes moments; should it hang (a dependency that never answers), the
    // process ends anyway, as after a crash (ADR 0014): nothing acknowledged depends on it.
    setTimeout(() => {
      ctx.log.error(`shutdown still not done ${CLOSE_TIMEOUT_MS / 1000} s after the grace: exiting anyway`);
      process.exit(1);
    }, graceMs + CLOSE_TIMEOUT_MS).unref();
    server.close({ graceMs }).then(
      () => {
        ctx.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  const url = config.appUrl ?? `http://localhost:${config.env.PORT}`;
  ctx.log.info(
    {
      url,
      database: ctx.databaseDriver,
      storage: config.storage.driver,
      mail: config.mail.driver,
      dataDir: config.dataDir,
    },
    (await ctx.isInstalled()) ? `ready on ${url}` : `ready on ${url} — open it to run the setup wizard`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

import { ConfigError, loadConfig } from './app/config.js';
import { createServer } from './app/server.js';

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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
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

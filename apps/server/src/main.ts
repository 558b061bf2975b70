import v8 from 'node:v8';
import { ConfigError, loadConfig } from './app/config.js';
import { createServer } from './app/server.js';
import { collectAfterStartUp, heapGrowthFor, startHeapGuard } from './lib/collect-garbage.js';
import { canTrim, keepFreedMemoryForReuse, startMemoryTrimmer, trimAfterCollection } from './lib/malloc-trim.js';

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 runs it with its baseline
 * compiler and, by default, re-compiles every function that ran a little (a budget of 1.8 M) with
 * its optimizing compiler in the background. Start-up alone (opening, migrations, vacuum) tiered
 * up enough of them to take ~95 MB of compiler memory at once (V8's peak malloced memory), most
 * of it kept by malloc afterwards: the server peaked at ~305 MB before serving anything. With a
 * budget 1,000× larger only the functions that stay hot under real load are optimized, later:
 * the peak after start-up is ~210 MB with the same settings otherwise, and the listing benchmark
 * keeps its ratios (baseline code only, `--liftoff-only`, made page 500 of a 100,000-item folder
 * 1.62× its reference, over the 1.5 target). This must run before the database module is
 * compiled, which happens when the embedded database opens; V8 reads these flags at compile time.
 *
 * Functions that still reach that budget (start-up alone tiers up a few) are compiled one at a time
 * rather than by as many background tasks as there are cores: each task holds its compiler's memory
 * while it runs, and on 2 cores two at once made an idle server's peak 199–208 MB against 192–193
 * with one (three runs each of `npm run bench -- idle-memory`; without any tier-up it is 168–170).
 */
v8.setFlagsFromString('--wasm-tiering-budget=2000000000');
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');

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
  // ADR 0054: start-up's garbage goes before the first request; on the embedded database (a 1 MB
  // young generation, node-flags.mjs) the old generation is kept from filling with dead requests.
  collectAfterStartUp();
  if (ctx.databaseDriver === 'pglite') {
    startHeapGuard({ growthBytes: () => heapGrowthFor(ctx.storage.name), onCollect: () => trimAfterCollection() });
  }
  // ADR 0059: what start-up and every collection freed goes back to the system, not only V8's pages.
  trimAfterCollection();
  startMemoryTrimmer();
  // ADR 0060: freed memory is reused while serving, not handed back page by page and faulted in again.
  const mallocTuned = keepFreedMemoryForReuse();
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  const url = config.appUrl ?? `http://localhost:${config.env.PORT}`;
  ctx.log.info(
    {
      url,
      database: ctx.databaseDriver,
      storage: config.storage.driver,
      mail: config.mail.driver,
      dataDir: config.dataDir,
      // ADR 0059: whether the optional addon was built here (the build said why when it was not).
      memoryTrim: canTrim(),
      // ADR 0060: whether malloc's serving thresholds took (false with an addon built before them).
      mallocTuned,
    },
    (await ctx.isInstalled()) ? `ready on ${url}` : `ready on ${url} — open it to run the setup wizard`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

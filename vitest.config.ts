import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * The HTTP suites (*.int.test.ts) run on PGlite, the embedded database users get by default, all of
 * them. On PostgreSQL (when TEST_DATABASE_URL names one) CI runs only the suites where the
 * database can behave differently (ADR 0065): PGlite is PostgreSQL itself, compiled to WebAssembly,
 * so the same SQL answers the same, except that PGlite runs one statement at a time (so only
 * PostgreSQL can show a missing lock as a failed race), has its own locale (sorting of names) and
 * version, and is never lost, restarted or shared by two nodes. `npm run test:full`
 * (FILESTORE_TEST_FULL=1) runs every HTTP suite on both. The project name (`pglite`, `postgres`)
 * prefixes every test in the output, and the harness reads FILESTORE_TEST_DATABASE to pick the database.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const full = process.env.FILESTORE_TEST_FULL === '1';
const INT_TESTS = ['apps/server/**/*.int.test.ts'];
/** Suites that never open a database: once is enough, on the pglite run, even in a full run. */
const WITHOUT_DATABASE = [
  'apps/server/src/main.int.test.ts',
  'apps/server/src/lib/rate-limit.int.test.ts',
  'apps/server/src/modules/storage/*.int.test.ts',
  'apps/server/src/modules/downloads/zip-s3.int.test.ts',
];
/**
 * The HTTP suites CI also runs on PostgreSQL (ADR 0065). A new suite belongs here when it races
 * requests, takes locks or claims rows, depends on the order or collation of a listing, runs
 * migrations, crashes mid-write, loses its connection, or needs a second node or Redis.
 */
const ON_POSTGRES = [
  // the harness itself, and two real server processes sharing PostgreSQL, Redis and S3
  'apps/server/test/harness.int.test.ts',
  'apps/server/test/two-nodes.int.test.ts',
  'apps/server/test/nodes-shared.int.test.ts',
  // connection loss, Redis outages and the Redis adapter of real-time events
  'apps/server/src/lib/db/connection-loss.int.test.ts',
  'apps/server/src/app/redis-outage.int.test.ts',
  'apps/server/src/modules/realtime/redis-adapter.int.test.ts',
  // migrations, and the setup wizard that switches to PostgreSQL
  'apps/server/src/lib/db/migrate.int.test.ts',
  'apps/server/src/modules/setup/setup.int.test.ts',
  'apps/server/src/modules/setup/setup-postgres.int.test.ts',
  // the outbox (LISTEN/NOTIFY) and the crash suites
  'apps/server/src/modules/realtime/outbox-crash.int.test.ts',
  'apps/server/src/modules/realtime/items-changed.int.test.ts',
  'apps/server/src/modules/realtime/team-items-changed.int.test.ts',
  'apps/server/src/modules/uploads/upload-crash.int.test.ts',
  'apps/server/src/modules/uploads/bulk-upload-crash.int.test.ts',
  'apps/server/src/modules/remote-uploads/remote-upload-crash.int.test.ts',
  'apps/server/src/modules/admin/user-deletion-crash.int.test.ts',
  // races, locks and claims (parallel requests on several connections)
  'apps/server/src/modules/uploads/quota-race.int.test.ts',
  'apps/server/src/modules/uploads/upload-finish.int.test.ts',
  // bulk upload: its key's claim (a row lock and a lease) and its files' records
  'apps/server/src/modules/uploads/bulk-upload.int.test.ts',
  'apps/server/src/modules/auth/parallel-guesses.int.test.ts',
  'apps/server/src/modules/auth/passkeys.int.test.ts',
  'apps/server/src/modules/files/tree-guard.int.test.ts',
  'apps/server/src/modules/files/names.int.test.ts',
  'apps/server/src/modules/files/organise.int.test.ts',
  'apps/server/src/modules/teams/team-attacks.int.test.ts',
  'apps/server/src/modules/teams/invitations.int.test.ts',
  'apps/server/src/modules/file-requests/file-requests.int.test.ts',
  'apps/server/src/modules/remote-uploads/remote-upload-claim.int.test.ts',
  'apps/server/src/modules/thumbnails/thumbnails.int.test.ts',
  // SQL-heavy access policy and listings (recursive queries, trigram search, sorting by name)
  'apps/server/src/modules/files/access.int.test.ts',
  'apps/server/src/modules/files/browse.int.test.ts',
  'apps/server/src/modules/files/search.int.test.ts',
  'apps/server/src/modules/files/select-all.int.test.ts',
  'apps/server/src/modules/files/team-grants.int.test.ts',
  'apps/server/src/modules/files/trash.int.test.ts',
  'apps/server/src/modules/files/tree-depth.int.test.ts',
  'apps/server/src/modules/files/items.repository.int.test.ts',
  'apps/server/src/modules/sharing/listing-relationships.int.test.ts',
  'apps/server/src/modules/sharing/shared-relationship.int.test.ts',
  // issue 39's defects, each tested on both databases: tokens and account security, account listing,
  // recovery codes in parallel, names after NFC, realtime audiences, remote upload's caps under
  // parallel requests, NUL from a provider, the contact form's name, the zip's GET bound; and the
  // patched node-postgres internals (PostgreSQL only) and the bounded stop of a real process
  'apps/server/src/modules/access/account-security.int.test.ts',
  'apps/server/src/modules/access/route-gates.int.test.ts',
  'apps/server/src/modules/auth/enumeration.int.test.ts',
  'apps/server/src/modules/auth/two-factor.int.test.ts',
  'apps/server/src/modules/files/names-nfc.int.test.ts',
  'apps/server/src/modules/realtime/team-audiences.int.test.ts',
  'apps/server/src/modules/remote-uploads/remote-upload-fairness.int.test.ts',
  'apps/server/src/modules/social/social.int.test.ts',
  'apps/server/src/modules/contact/contact.int.test.ts',
  'apps/server/src/modules/downloads/zip-form.int.test.ts',
  'apps/server/src/lib/db/prepared.int.test.ts',
  'apps/server/src/shutdown.int.test.ts',
  // sums and counters: usage, the dashboard, traffic, the billing ledger, and webhook claims
  'apps/server/src/modules/usage/usage.int.test.ts',
  'apps/server/src/modules/admin/dashboard.int.test.ts',
  'apps/server/src/modules/traffic/traffic.int.test.ts',
  'apps/server/src/modules/billing/metered.int.test.ts',
  'apps/server/src/modules/billing/transactions.int.test.ts',
  'apps/server/src/modules/billing/stripe.int.test.ts',
  'apps/server/src/modules/billing/paypal.int.test.ts',
  'apps/server/src/modules/billing/paystack.int.test.ts',
];
/** Tags each test with its database, for the closing summary (scripts/test-summary.mjs). */
const DATABASE_SETUP = 'apps/server/test/database-setup.ts';
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/dist/**'];

// Vitest evaluates this file once per project: the note is shown once per run.
if (!postgresUrl && !process.env.FILESTORE_POSTGRES_NOTE_SHOWN) {
  process.env.FILESTORE_POSTGRES_NOTE_SHOWN = '1';
  console.warn(
    '\n*** PostgreSQL SKIPPED: TEST_DATABASE_URL is not set, so the HTTP suites run on PGlite only. ***\n' +
      '*** Set TEST_DATABASE_URL=postgres://… (a role that may create databases) to run them on PostgreSQL too. ***\n',
  );
}

const postgresProject: TestProjectConfiguration = {
  extends: true,
  test: {
    name: 'postgres',
    include: full ? INT_TESTS : ON_POSTGRES,
    exclude: [...ALWAYS_EXCLUDED, ...WITHOUT_DATABASE],
    env: { FILESTORE_TEST_DATABASE: 'postgres' },
    setupFiles: [DATABASE_SETUP],
  },
};

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at a time on the 2-core CI machine: the suites wait on their servers, timers and
    // PostgreSQL much of the time (they use ~15 min of CPU; at two, CI took 13.5 min of wall time), and a
    // test server opens PGlite from the migrated template (~300 MB), not initdb's ~850 MB any more.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'apps/server/**/*.test.ts',
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: [...ALWAYS_EXCLUDED, ...INT_TESTS],
        },
      },
      {
        // Components rendered by react-dom 19 into a DOM (jsdom) and driven as a user would.
        extends: true,
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          exclude: ALWAYS_EXCLUDED,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: INT_TESTS,
          exclude: ALWAYS_EXCLUDED,
          env: { FILESTORE_TEST_DATABASE: 'pglite' },
          setupFiles: [DATABASE_SETUP],
        },
      },
      ...(postgresUrl ? [postgresProject] : []),
    ],
  },
});

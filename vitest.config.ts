import { defineConfig } from 'vitest/config';

/**
 * The HTTP suites (*.int.test.ts) run twice: on PGlite, the embedded database users get by
 * default, and on PostgreSQL when TEST_DATABASE_URL names one. Only PostgreSQL runs requests on
 * several connections at once, so only there can a missing lock show as a failed race test; PGlite
 * runs one statement at a time. The project name (`pglite`, `postgres`) prefixes every test in
 * the output, and the harness reads FILESTORE_TEST_DATABASE to pick the database.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const INT_TESTS = ['apps/server/**/*.int.test.ts'];
/** Suites that never open a database: once is enough, on the pglite run. */
const WITHOUT_DATABASE = [
  'apps/server/src/main.int.test.ts',
  'apps/server/src/lib/rate-limit.int.test.ts',
  'apps/server/src/modules/storage/*.int.test.ts',
  'apps/server/src/modules/downloads/zip-s3.int.test.ts',
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

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // PGlite takes ~850 MB while it initialises; two at a time fits the 2-core machines.
    maxWorkers: 2,
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
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: INT_TESTS,
                exclude: [...ALWAYS_EXCLUDED, ...WITHOUT_DATABASE],
                env: { FILESTORE_TEST_DATABASE: 'postgres' },
                setupFiles: [DATABASE_SETUP],
              },
            },
          ]
        : []),
    ],
  },
});

import { describe, expect, it } from 'vitest';
import { summarise } from './test-summary.mjs';

const vitestReport = (cases) => ({
  numPassedTests: cases.filter((c) => c.status === 'passed').length,
  numFailedTests: cases.filter((c) => c.status === 'failed').length,
  numPendingTests: cases.filter((c) => c.status === 'skipped').length,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/x.int.test.ts',
      assertionResults: cases.map(({ suite, status, database }) => ({
        ancestorTitles: [suite],
        fullName: `${suite} case`,
        status,
        meta: database ? { database } : {},
      })),
    },
  ],
});

const playwrightReport = { stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 1 } };
playwrightReport.suites = [
  {
    title: 'files.spec.ts',
    specs: [
      {
        title: 'uploads a folder',
        line: 12,
        tests: [
          {
            projectName: 'journeys',
            status: 'flaky',
            results: [
              { status: 'failed', error: { message: 'Timed out 10000ms waiting for expect(locator)\nmore' } },
              { status: 'passed' },
            ],
          },
        ],
      },
      { title: 'renames', line: 40, tests: [{ projectName: 'journeys', status: 'expected', results: [] }] },
    ],
  },
];

describe('the closing test summary', () => {
  it('reports a test that passed only on its retry as flaky, not as passed, and keeps the closing line', () => {
    const { lines, exitCode } = summarise({ vitest: null, playwright: playwrightReport });
    expect(lines.at(-1)).toBe('tests: 3 passed, 0 failed, 1 skipped');
    expect(lines.at(-2)).toBe('flaky: 1');
    expect(lines.join('\n')).toContain(
      'flaky: [journeys] files.spec.ts › uploads a folder:12 — Timed out 10000ms waiting for expect(locator)',
    );
    expect(lines.join('\n')).toContain('FLAKY: 1 end-to-end test(s) failed, then passed on a retry');
    expect(exitCode).toBe(0);
  });

  it('says loudly that PostgreSQL was skipped when no HTTP test ran on it', () => {
    const vitest = vitestReport([
      { suite: 'browse', status: 'passed', database: 'pglite' },
      { suite: 'browse', status: 'failed', database: 'pglite' },
    ]);
    const { lines, exitCode } = summarise({ vitest, playwright: null, env: {} });
    expect(lines).toContain('HTTP suites: 2 tests on PGlite, 0 on PostgreSQL');
    expect(lines.join('\n')).toContain('PostgreSQL SKIPPED: TEST_DATABASE_URL is not set');
    expect(lines.at(-1)).toBe('tests: 1 passed, 1 failed, 0 skipped');
    expect(exitCode).toBe(1);

    const both = vitestReport([
      { suite: 'browse', status: 'passed', database: 'pglite' },
      { suite: 'browse', status: 'passed', database: 'postgres' },
    ]);
    const ok = summarise({ vitest: both, playwright: null, env: { TEST_DATABASE_URL: 'postgres://x' } });
    expect(ok.lines.join('\n')).not.toContain('SKIPPED');
    expect(ok.lines).toContain('HTTP suites: 1 tests on PGlite, 1 on PostgreSQL');
    expect(ok.lines.join('\n')).toContain('PostgreSQL ran the suites listed in vitest.config.ts');
    const full = summarise({
      vitest: both,
      playwright: null,
      env: { TEST_DATABASE_URL: 'postgres://x', FILESTORE_TEST_FULL: '1' },
    });
    expect(full.lines.join('\n')).not.toContain('suites listed');
  });

  it('says loudly, with the reason, that the S3 driver was not tested', () => {
    const vitest = vitestReport([
      { suite: 's3 storage driver', status: 'skipped' },
      { suite: 's3 driver extras', status: 'skipped' },
      { suite: 'local storage driver', status: 'passed' },
    ]);
    const { lines } = summarise({
      vitest,
      playwright: null,
      env: { TEST_S3_SKIPPED_REASON: 'Ceph RGW could not be started' },
    });
    expect(lines.join('\n')).toContain('S3 DRIVER NOT TESTED: 2 cases skipped (Ceph RGW could not be started)');
    expect(lines.at(-1)).toBe('tests: 1 passed, 0 failed, 2 skipped');

    const ran = vitestReport([{ suite: 's3 storage driver', status: 'passed' }]);
    expect(summarise({ vitest: ran, playwright: null }).lines).toContain(
      'S3 driver: 1 cases ran against a real S3 server',
    );
  });

  it('says loudly, with the reason, that the two-node test did not run', () => {
    const title = 'two server nodes on one PostgreSQL, Redis and S3 bucket';
    const skipped = vitestReport([
      { suite: `${title} (skipped: it runs in the postgres project only)`, status: 'skipped', database: 'pglite' },
      { suite: `${title} (skipped: not reachable: Redis (TEST_REDIS_URL))`, status: 'skipped', database: 'postgres' },
    ]);
    expect(summarise({ vitest: skipped, playwright: null }).lines.join('\n')).toContain(
      'TWO NODES NOT TESTED: not reachable: Redis (TEST_REDIS_URL)',
    );
    const pgliteOnly = vitestReport([
      { suite: `${title} (skipped: it runs in the postgres project only)`, status: 'skipped', database: 'pglite' },
    ]);
    expect(summarise({ vitest: pgliteOnly, playwright: null }).lines.join('\n')).toContain(
      'TWO NODES NOT TESTED: TEST_DATABASE_URL is not set',
    );
    const ran = vitestReport([{ suite: title, status: 'passed', database: 'postgres' }]);
    expect(summarise({ vitest: ran, playwright: null }).lines).toContain(
      'Two nodes: 1 cases ran on real processes sharing PostgreSQL, Redis and S3',
    );
  });

  it('says loudly that the end-to-end journeys did not run on S3, and counts them as skipped', () => {
    const journey = (status) => ({
      stats: {
        expected: status === 'expected' ? 1 : 0,
        unexpected: 0,
        flaky: 0,
        skipped: status === 'skipped' ? 1 : 0,
      },
      suites: [
        {
          title: 'transfer.spec.ts',
          specs: [{ title: 'a 14 MB file', line: 9, tests: [{ projectName: 'journeys-s3', status, results: [] }] }],
        },
      ],
    });
    const skippedRun = summarise({
      vitest: null,
      playwright: playwrightReport,
      playwrightS3: journey('skipped'),
      env: { TEST_S3_SKIPPED_REASON: 'Ceph RGW could not be started' },
    });
    expect(skippedRun.lines.join('\n')).toContain(
      'S3 JOURNEYS NOT TESTED: 1 end-to-end tests skipped (Ceph RGW could not be started)',
    );
    expect(skippedRun.lines.at(-1)).toBe('tests: 3 passed, 0 failed, 2 skipped');

    const ran = summarise({ vitest: null, playwright: playwrightReport, playwrightS3: journey('expected') });
    expect(ran.lines).toContain('S3 journeys: 1 end-to-end tests ran against a real S3 server');
    expect(ran.lines.at(-1)).toBe('tests: 4 passed, 0 failed, 1 skipped');
  });
});

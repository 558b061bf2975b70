// The closing summary of `npm test`, over the Vitest and Playwright JSON reports. Its last line is
// what CI reads and keeps this exact form: "tests: N passed, N failed, N skipped". Above it, loudly:
// what did not run (PostgreSQL, the S3 driver, the two-node test) and which end-to-end tests only passed on a retry.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const S3_SUITES = ['s3 storage driver', 's3 driver extras', 's3 direct downloads', 's3 downloads without the option'];
/** apps/server/test/two-nodes.int.test.ts: its suite's title ends with "(skipped: <reason>)" when it cannot run. */
const TWO_NODES_SUITE = 'two server nodes';

/** Vitest test cases, flattened, with the database their project ran them on (see vitest.config.ts). */
function vitestCases(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults.map((t) => ({ ...t, file: file.name, database: t.meta?.database ?? null })),
  );
}

/** Playwright specs, flattened with their titles from the file down. */
function playwrightTests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({ ...test, title: [...here, spec.title].join(' › '), line: spec.line })),
    ),
    ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, here)),
  ];
}

const banner = (text) => {
  const rule = '*'.repeat(Math.min(100, text.length + 8));
  return [rule, `*** ${text} ***`, rule];
};

/**
 * Lines to print and the exit code. `playwrightS3` is the end-to-end run on S3 (E2E_STORAGE=s3). `env` gives the reasons .ci/run recorded for what it could not
 * start (TEST_S3_SKIPPED_REASON), whether PostgreSQL was offered (TEST_DATABASE_URL) and whether every
 * HTTP suite ran on it (FILESTORE_TEST_FULL).
 * @param {{ vitest: any, playwright: any, playwrightS3?: any, env?: Record<string, string | undefined> }} reports
 */
export function summarise({ vitest, playwright, playwrightS3 = null, env = {} }) {
  const lines = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;

  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
    const cases = vitestCases(vitest);
    const onPostgres = cases.filter((t) => t.database === 'postgres');
    const onPglite = cases.filter((t) => t.database === 'pglite');
    const ran = (list) => list.filter((t) => t.status === 'passed' || t.status === 'failed').length;
    lines.push(`HTTP suites: ${ran(onPglite)} tests on PGlite, ${ran(onPostgres)} on PostgreSQL`);
    if (ran(onPostgres) > 0 && env.FILESTORE_TEST_FULL !== '1') {
      // ADR 0065: CI runs a chosen list on PostgreSQL, every suite on PGlite.
      lines.push('PostgreSQL ran the suites listed in vitest.config.ts (ON_POSTGRES); npm run test:full runs all');
    }
    if (ran(onPostgres) === 0) {
      lines.push(
        ...banner(
          env.TEST_DATABASE_URL
            ? 'PostgreSQL SKIPPED: no HTTP test ran on PostgreSQL although TEST_DATABASE_URL is set'
            : 'PostgreSQL SKIPPED: TEST_DATABASE_URL is not set, the HTTP suites ran on PGlite only',
        ),
      );
    }
    const s3 = cases.filter((t) => S3_SUITES.includes(t.ancestorTitles[0]));
    const s3Ran = ran(s3);
    if (s3.length > 0 && s3Ran === 0) {
      const reason = env.TEST_S3_SKIPPED_REASON || 'TEST_S3_ENDPOINT is not set';
      lines.push(...banner(`S3 DRIVER NOT TESTED: ${s3.length} cases skipped (${reason})`));
    } else if (s3Ran > 0) {
      lines.push(`S3 driver: ${s3Ran} cases ran against a real S3 server`);
    }
    // Real processes on PostgreSQL, Redis and S3: it runs in the postgres project only.
    const twoNodes = cases.filter((t) => t.ancestorTitles[0]?.startsWith(TWO_NODES_SUITE));
    if (twoNodes.length > 0 && ran(twoNodes) === 0) {
      const onPostgresOnly = twoNodes.filter((t) => t.database !== 'pglite');
      const reason = onPostgresOnly.length
        ? (onPostgresOnly[0].ancestorTitles[0].match(/\(skipped: (.*)\)$/)?.[1] ?? 'skipped')
        : 'TEST_DATABASE_URL is not set';
      lines.push(...banner(`TWO NODES NOT TESTED: ${reason}`));
    } else if (twoNodes.length > 0) {
      lines.push(`Two nodes: ${ran(twoNodes)} cases ran on real processes sharing PostgreSQL, Redis and S3`);
    }
  }

  const runs = [playwright, playwrightS3].filter(Boolean);
  if (runs.length > 0) {
    const tests = runs.flatMap((run) => (run.suites ?? []).flatMap((s) => playwrightTests(s)));
    const flaky = tests.filter((t) => t.status === 'flaky');
    let flakyCount = 0;
    for (const run of runs) {
      // A test that failed and then passed on its retry is reported as flaky, never as passed.
      passed += run.stats.expected;
      failed += run.stats.unexpected;
      skipped += run.stats.skipped;
      flakyCount += run.stats.flaky ?? 0;
    }
    flakyCount = Math.max(flakyCount, flaky.length);
    if (flakyCount > 0) {
      lines.push(...banner(`FLAKY: ${flakyCount} end-to-end test(s) failed, then passed on a retry`));
      for (const t of flaky) {
        const firstError = t.results?.find((r) => r.status !== 'passed')?.error?.message ?? '';
        lines.push(
          `  flaky: [${t.projectName}] ${t.title}:${t.line}${firstError ? ` — ${firstError.split('\n')[0]}` : ''}`,
        );
      }
    }
    if (playwrightS3) {
      // The journeys run a second time with STORAGE_DRIVER=s3 (e2e: npm run test:s3).
      const onS3 = (playwrightS3.suites ?? []).flatMap((s) => playwrightTests(s));
      const ranOnS3 = onS3.filter((t) => t.status !== 'skipped').length;
      if (ranOnS3 === 0) {
        const reason = env.TEST_S3_SKIPPED_REASON || 'TEST_S3_ENDPOINT is not set';
        lines.push(...banner(`S3 JOURNEYS NOT TESTED: ${onS3.length} end-to-end tests skipped (${reason})`));
      } else {
        lines.push(`S3 journeys: ${ranOnS3} end-to-end tests ran against a real S3 server`);
      }
    }
    lines.push(`flaky: ${flakyCount}`);
  }

  lines.push(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  return { lines, exitCode: failed > 0 || passed === 0 ? 1 : 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
  const { lines, exitCode } = summarise({
    vitest: read('test-results/vitest.json'),
    playwright: read('test-results/playwright.json'),
    playwrightS3: read('test-results/playwright-s3.json'),
    env: process.env,
  });
  for (const line of lines) console.log(line);
  process.exit(exitCode);
}

import { defineConfig } from '@playwright/test';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_OAUTH_ORIGIN,
  E2E_PAYPAL_ORIGIN,
  E2E_PAYSTACK_ORIGIN,
  E2E_PORT,
  E2E_RECAPTCHA_URL,
  E2E_S3,
  E2E_S3_SKIPPED,
  E2E_STORAGE,
  E2E_STRIPE_URL,
} from './support/env.js';

/**
 * The journeys that move bytes (upload, download, zip, share links and upload requests, a preview),
 * run a second time on S3 by `E2E_STORAGE=s3` (`npm run test:s3`): the whole suite twice would
 * double CI's time for screens that never touch storage.
 */
const S3_JOURNEYS = new RegExp(
  [
    'a 14 MB file goes up in three 6 MB chunks',
    'a folder dropped from the desktop keeps its tree',
    'an image preview steps to the next and previous picture',
    'an editor link with a password',
    'from the owner asking to the guest uploading',
  ].join('|'),
);

const s3Env: Record<string, string> = E2E_S3
  ? {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: E2E_S3.endpoint,
      S3_BUCKET: E2E_S3.bucket,
      S3_ACCESS_KEY_ID: E2E_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: E2E_S3.secretAccessKey,
      S3_DIRECT_DOWNLOADS: 'true',
    }
  : {};

/**
 * The journeys that change what every other journey sees (ADR 0071): the admin's settings (those
 * calling `restoreSettingsAfterAll` and the others that put settings back themselves), billing and
 * its payment providers, the test clock (`/api/admin/testing/clock`), the default language, the
 * human check and sign-in providers on the sign-in pages, the site's pages; and those that read
 * what every account adds to (the dashboard's traffic and newest users, the users list and the
 * audit log). They run in the `global` project, one at a time, once no other journey runs. A
 * single journey of an otherwise parallel file that changes a setting is tagged `@global`.
 */
const GLOBAL_FILES = new RegExp(
  `(${[
    'admin-dashboard',
    'admin-users',
    'billing-metered',
    'billing-offers',
    'billing-payments',
    'billing-screens',
    'billing-stripe',
    'human-check',
    'languages',
    'settings',
    'site-pages',
    'social-sign-in',
  ].join('|')})\\.spec\\.ts`,
);
const GLOBAL_TAG = /@global/;
/**
 * One worker (`--workers=1`, the way one spec is run by hand): nothing runs beside anything else, so
 * the global journeys wait only for the wizard, and one of them run alone does not first run the
 * seventy others (a project's dependencies always run whole).
 */
const ONE_WORKER = process.argv.some(
  (arg, i, args) => /^(--workers|-j)=?1$/.test(arg) || (/^(--workers|-j)$/.test(arg) && args[i + 1] === '1'),
);

/**
 * Journeys run against the real built server on a fresh data folder. The wizard project installs
 * the product from nothing; every other journey depends on it. The others run in two workers (the
 * CI machine's two cores), then the `global` ones in one, after them (ADR 0071).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects:
    E2E_STORAGE === 's3'
      ? [
          { name: 'wizard-s3', testMatch: /wizard\.spec\.ts/ },
          // Five journeys, one of them changing the chunk size: one at a time, as before.
          {
            name: 'journeys-s3',
            testMatch: /(transfer|sharing-visitor)\.spec\.ts/,
            grep: S3_JOURNEYS,
            dependencies: ['wizard-s3'],
            workers: 1,
          },
        ]
      : [
          { name: 'wizard', testMatch: /wizard\.spec\.ts/ },
          {
            name: 'journeys',
            testIgnore: [/wizard\.spec\.ts/, GLOBAL_FILES],
            grepInvert: GLOBAL_TAG,
            dependencies: ['wizard'],
            // Test by test, not file by file: the long files do not hold one worker to the end.
            fullyParallel: true,
          },
          // After the parallel journeys, one at a time: nothing else runs while they change the server.
          {
            name: 'global',
            testIgnore: /wizard\.spec\.ts/,
            // A test's file name is part of what grep reads (its title path): the files above, and the tagged tests.
            grep: [GLOBAL_FILES, GLOBAL_TAG],
            dependencies: ONE_WORKER ? ['wizard'] : ['journeys'],
            workers: 1,
          },
        ],
  // A fresh bucket for the S3 run, emptied and removed at the end.
  globalSetup: E2E_S3 ? './support/s3-bucket.ts' : undefined,
  // Without S3 the S3 run only reports its journeys as skipped: no server to start.
  webServer: E2E_S3_SKIPPED
    ? undefined
    : {
        command: `rm -rf "${E2E_DATA_DIR}" && node ../apps/server/dist/main.js`,
        url: `${E2E_BASE_URL}/api/ping`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(E2E_PORT),
          DATA_DIR: E2E_DATA_DIR,
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          // The remote-upload journey fetches from a node:http server on loopback (ADR 0027).
          REMOTE_UPLOAD_ALLOW_PRIVATE: 'true',
          // GitHub sign-in goes to the fake provider the social sign-in journey starts (ADR 0035).
          OAUTH_GITHUB_AUTHORIZATION_URL: `${E2E_OAUTH_ORIGIN}/authorize`,
          OAUTH_GITHUB_TOKEN_URL: `${E2E_OAUTH_ORIGIN}/token`,
          OAUTH_GITHUB_API_URL: E2E_OAUTH_ORIGIN,
          // The human-check journey's fake reCAPTCHA on loopback (ADR 0036).
          RECAPTCHA_VERIFY_URL: `${E2E_RECAPTCHA_URL}/recaptcha/api/siteverify`,
          RECAPTCHA_SCRIPT_URL: `${E2E_RECAPTCHA_URL}/recaptcha/api.js`,
          // The analytics and ads scripts, served by the same fake (issue 16 point 6).
          GOOGLE_TAG_URL: `${E2E_RECAPTCHA_URL}/gtag/js`,
          ADSENSE_URL: `${E2E_RECAPTCHA_URL}/adsense/adsbygoogle.js`,
          // Stripe's API is the fake the Stripe billing journey starts (its keys are set there by the admin).
          STRIPE_API_BASE: E2E_STRIPE_URL,
          // The metered billing journey moves the billing clock (a test-only route).
          BILLING_TEST_CLOCK: 'true',
          // The payments journey's fake PayPal and Paystack (ADR 0047); keys are typed on the screen.
          PAYPAL_API_BASE: E2E_PAYPAL_ORIGIN,
          PAYSTACK_API_BASE: E2E_PAYSTACK_ORIGIN,
          ...s3Env,
        },
      },
});

import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/env.js';

/**
 * Journeys run against the real built server on a fresh data folder. The wizard project installs
 * the product from nothing; every other journey depends on it.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
  projects: [
    { name: 'wizard', testMatch: /wizard\.spec\.ts/ },
    { name: 'journeys', testIgnore: /wizard\.spec\.ts/, dependencies: ['wizard'] },
  ],
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && node ../apps/server/dist/main.js`,
    url: `${E2E_BASE_URL}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
  },
});

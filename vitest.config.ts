import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // PGlite takes ~850 MB while it initialises; two at a time fits the 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'], environment: 'node' },
      },
      {
        // The web's logic, on the React that ships (react and react-dom 19 from node_modules, no alias).
        extends: true,
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // Components rendered by react-dom 19 into a DOM (jsdom) and driven as a user would.
        extends: true,
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});

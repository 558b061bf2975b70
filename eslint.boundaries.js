// Module boundaries (docs/ARCHITECTURE.md, "Rules that hold it together"), as ESLint blocks.
// eslint.config.js spreads `boundaries`; apps/server/test/boundaries.test.ts lints with this file's
// default export (the same blocks with the plain TypeScript parser, no type information), so
// `npm test` enforces them too.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const at = (...parts) => path.join(import.meta.dirname, ...parts);
const server = at('apps/server');
const src = at('apps/server/src');
const web = at('apps/web/src');

/** Every folder under apps/server/src/modules is a module; a new one is covered as it appears. */
export const serverModules = readdirSync(path.join(src, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module's drizzle tables, which other tables may reference for their foreign keys. */
const tablesOf = (name) => readdirSync(path.join(src, 'modules', name)).filter((file) => file.endsWith('.table.ts'));

/**
 * The server's zones. `tables`: the file is a drizzle table (or app/schema.ts, which gathers them),
 * which may reference another module's table for a foreign key. `tests`: test files may also start
 * the whole app, so they may import anything in app/ (still no module's insides but their own).
 */
function serverZones({ tables = false, tests = false } = {}) {
  const zones = serverModules.map((name) => ({
    target: [
      `${src}/app/**`,
      `${src}/main.ts`,
      `${server}/test/**`,
      // Files inside the module use each other freely, their tests included.
      `${src}/modules/!(${name})/**`,
    ],
    from: path.join(src, 'modules', name),
    except: ['./index.ts', ...(tables ? tablesOf(name).map((file) => `./${file}`) : [])],
    message: `Another module, app/ and the test harness use modules/${name} only through its index.ts.`,
  }));
  zones.push({
    target: [`${src}/lib/**`],
    from: [path.join(src, 'modules'), ...(tests ? [] : [path.join(src, 'app')])],
    message: 'lib/ holds domain-free helpers: it never imports a module or app/.',
  });
  if (!tests) {
    zones.push({
      target: [`${src}/modules/**`],
      from: path.join(src, 'app'),
      except: ['./context.ts', './types.ts', './config.ts'],
      message: 'A module takes from app/ only the context, the typed app and the configuration.',
    });
  }
  zones.push({
    target: [`${server}/**`],
    from: at('apps/web'),
    message: 'The server never imports the web app; both share @filestore/contract.',
  });
  return zones;
}

const webZones = [
  {
    target: [`${web}/lib/**`, `${web}/ui/**`],
    from: [path.join(web, 'features'), path.join(web, 'app')],
    message: 'lib/ and ui/ never import a feature or app/: features and the app shell build on them.',
  },
  {
    target: [`${web}/features/**`],
    from: path.join(web, 'app'),
    except: ['./routing'],
    message: 'A feature takes from app/ only routing (app/routing): the app shell imports features, not the reverse.',
  },
  {
    target: [`${at('apps/web')}/**`],
    from: server,
    message: 'The web app never imports the server; both share @filestore/contract.',
  },
];

const contractZones = [
  {
    target: [`${at('packages/contract')}/**`],
    from: [at('apps'), at('e2e'), at('bench')],
    message: 'The contract imports only zod: both apps depend on it, never the reverse.',
  },
];

const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { zones }] });
const tableFiles = ['apps/server/src/modules/*/*.table.ts', 'apps/server/src/app/schema.ts'];
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export const boundaries = [
  {
    plugins: { 'import-x': importX },
    settings: {
      // Sources import `./x.js` for `./x.ts` (NodeNext); the web imports without extensions.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['types', 'import', 'default'],
        }),
      ],
    },
  },
  { files: ['apps/server/**/*.ts'], rules: restrictedPaths(serverZones()) },
  { files: tableFiles, rules: restrictedPaths(serverZones({ tables: true })) },
  { files: testFiles.map((t) => `apps/server/${t}`), rules: restrictedPaths(serverZones({ tests: true })) },
  // The tests' helper that hands them the files module's tables (ADR 0070): like a table file, it may
  // import another module's table files.
  { files: ['apps/server/test/tables.ts'], rules: restrictedPaths(serverZones({ tables: true, tests: true })) },
  { files: ['apps/web/**/*.{ts,tsx}'], rules: restrictedPaths(webZones) },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      ...restrictedPaths(contractZones),
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.\\.?/)',
              message: 'The contract imports only zod (and its own files): both apps depend on it.',
            },
          ],
        },
      ],
    },
  },
];

/** These rules alone, for a quick run without type information (the boundaries test). */
export default [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    // Disable comments name the full config's rules; this run knows them but reports only its own.
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  ...boundaries,
];

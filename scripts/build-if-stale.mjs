#!/usr/bin/env node
/**
 * Builds the contract, the web app and the server, each only when what it is built from changed
 * since its last build: `npm start` runs this, so a second start serves at once. `--force` builds
 * all three anyway (`npm run build`), and records what it built from too.
 *
 * "What it is built from" is every file of the workspace except build output, dependencies and
 * tests, plus the lock file and the shared TypeScript options, plus the same for every workspace
 * it depends on. `<dist>/.build-stamp` keeps the SHA-256 of their content and each one's size and
 * modification time, written only after a build succeeded (a failed or interrupted build builds
 * again next time). When no size or time moved the build is up to date without reading a file;
 * when one did (an edit, a checkout, a copy) the content decides, so touching a file rebuilds
 * nothing and an edit always rebuilds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json'];
/** Never an input: output, dependencies, caches, and tests (no build includes them). */
const SKIP_DIR = /^(node_modules|dist(-[\w-]+)?|coverage|test-results|\.turbo|\.vite)$/;
const SKIP_FILE = /(\.test\.[cm]?[jt]sx?|\.tsbuildinfo|\.DS_Store)$/;

/** In build order; `output` is the file whose presence says the build produced something. */
export const WORKSPACES = [
  { name: '@filestore/contract', dir: 'packages/contract', dist: 'dist', output: 'index.js', uses: [] },
  { name: '@filestore/web', dir: 'apps/web', dist: 'dist', output: 'index.html', uses: ['@filestore/contract'] },
  { name: '@filestore/server', dir: 'apps/server', dist: 'dist', output: 'main.js', uses: ['@filestore/contract'] },
];

function filesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIR.test(entry.name)) found.push(...filesUnder(full));
    } else if (entry.isFile() && !SKIP_FILE.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

function inputsOf(root, workspaces, workspace) {
  const used = workspace.uses.flatMap((name) =>
    inputsOf(
      root,
      workspaces,
      workspaces.find((w) => w.name === name),
    ),
  );
  return [...filesUnder(path.join(root, workspace.dir)), ...used];
}

/** Every file `workspace` is built from, relative to `root` with forward slashes, sorted. */
export function inputFiles(root, workspaces, workspace) {
  const files = [...inputsOf(root, workspaces, workspace), ...SHARED_INPUTS.map((f) => path.join(root, f))];
  return [...new Set(files)]
    .filter((file) => existsSync(file))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

/** Size and modification time of each file: when none moved, the content did not either. */
function statsOf(root, files) {
  return Object.fromEntries(
    files.map((file) => {
      const stat = statSync(path.join(root, file));
      return [file, `${stat.size}:${stat.mtimeMs}`];
    }),
  );
}

/** SHA-256 over the path and content of each file. */
function contentHash(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(
      createHash('sha256')
        .update(readFileSync(path.join(root, file)))
        .digest(),
    );
  }
  return hash.digest('hex');
}

const sameStats = (a, b) => {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
};

function readStamp(stampPath) {
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    return typeof stamp?.hash === 'string' && stamp.files && typeof stamp.files === 'object' ? stamp : null;
  } catch {
    return null;
  }
}

const writeStamp = (stampPath, hash, files) => writeFileSync(stampPath, `${JSON.stringify({ hash, files })}\n`);

/**
 * Whether the last successful build used exactly these inputs: cheaply when no file's size or
 * modification time moved, else by their content (a checkout that only touched files).
 */
function isUpToDate(root, stamp, files, stats) {
  if (sameStats(stamp.files, stats)) return true;
  return contentHash(root, files) === stamp.hash;
}

/** The npm that runs this script (`npm start`), else the one on the PATH. */
function npmBuild(root, workspace) {
  const cli = process.env.npm_execpath;
  const args = ['run', 'build', '-w', workspace.name];
  const [command, argv] = cli && cli.endsWith('.js') ? [process.execPath, [cli, ...args]] : ['npm', args];
  return spawnSync(command, argv, { cwd: root, stdio: 'inherit' }).status === 0;
}

/**
 * Builds each workspace whose inputs changed since its last successful build (all with `force`).
 * Answers the names it built; throws when a build fails, leaving that workspace without a stamp.
 */
export function buildIfStale({
  root = ROOT,
  workspaces = WORKSPACES,
  force = false,
  build = npmBuild,
  log = console.log,
} = {}) {
  const built = [];
  for (const workspace of workspaces) {
    const dist = path.join(root, workspace.dir, workspace.dist);
    const stampPath = path.join(dist, STAMP);
    // Read before building, so a file changed during the build makes the next run build again.
    const files = inputFiles(root, workspaces, workspace);
    const stats = statsOf(root, files);
    const stamp = force ? null : readStamp(stampPath);
    if (stamp && existsSync(path.join(dist, workspace.output)) && isUpToDate(root, stamp, files, stats)) {
      if (!sameStats(stamp.files, stats)) writeStamp(stampPath, stamp.hash, stats);
      log(`${workspace.name}: up to date`);
      continue;
    }
    const hash = contentHash(root, files);
    rmSync(stampPath, { force: true });
    const started = Date.now();
    if (!build(root, workspace)) throw new Error(`${workspace.name}: build failed`);
    mkdirSync(dist, { recursive: true });
    writeStamp(stampPath, hash, stats);
    built.push(workspace.name);
    log(`${workspace.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

#!/usr/bin/env node
/**
 * Builds the server's one native piece, `dist/native/malloc-trim.node` (ADR 0059), from
 * `native/malloc-trim.c` with the machine's C compiler (`$CC`, else `cc`) against Node's own
 * headers, then loads it in a child process once to be sure it works. It is optional: where there
 * is no compiler, no headers or no glibc (musl has no `malloc_trim`), this says so in one line and
 * the server runs without it, as it did before. `FILESTORE_NO_NATIVE=1` skips it on purpose.
 *
 * `dist/native/status.json` records the outcome: `{ built: true }`, or `{ built: false, reason,
 * environment }` where `environment` says the machine lacks something (rather than the source
 * failing to compile on a machine that has everything). `scripts/build-if-stale.mjs` runs this again
 * when the addon is missing, so installing a compiler later is enough.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(SERVER, 'native', 'malloc-trim.c');
const OUT_DIR = path.join(SERVER, 'dist', 'native');
const OUTPUT = path.join(OUT_DIR, 'malloc-trim.node');
const STATUS = path.join(OUT_DIR, 'status.json');

/** Where Node's headers are: next to the running node (official builds, Debian's), or npm's `nodedir`. */
function headerDirs() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const dirs = [path.join(prefix, 'include', 'node')];
  if (process.env.npm_config_nodedir) dirs.push(path.join(process.env.npm_config_nodedir, 'include', 'node'));
  return dirs.filter((dir) => existsSync(path.join(dir, 'node_api.h')));
}

const isGlibc = () => Boolean(process.report?.getReport()?.header?.glibcVersionRuntime);

function record(status) {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(STATUS, `${JSON.stringify(status)}\n`);
}

function skip(reason, environment) {
  rmSync(OUTPUT, { force: true });
  record({ built: false, reason, environment });
  console.log(`native memory trim not built (${reason}); the server runs without it`);
}

/** The first line of a compiler's complaint that says what is wrong. */
function firstError(output, status) {
  const lines = output.split('\n').map((line) => line.trim());
  return lines.find((line) => /error/i.test(line)) ?? lines.find(Boolean) ?? `exit code ${status}`;
}

function build() {
  if (process.env.FILESTORE_NO_NATIVE === '1') return skip('FILESTORE_NO_NATIVE=1', true);
  if (process.platform !== 'linux') return skip(`${process.platform} is not Linux`, true);
  if (!isGlibc()) return skip('not glibc: no malloc_trim', true);
  const [include] = headerDirs();
  if (!include) return skip("Node's headers (node_api.h) not found", true);
  mkdirSync(OUT_DIR, { recursive: true });
  // `CC` may carry arguments of its own ("ccache gcc", "gcc -m64").
  const [compiler, ...compilerArgs] = (process.env.CC || 'cc').trim().split(/\s+/);
  const args = [
    ...compilerArgs,
    '-O2',
    '-shared',
    '-fPIC',
    // A libc without malloc_trim must fail here, not when the server calls it.
    '-Werror=implicit-function-declaration',
    '-I',
    include,
    '-o',
    OUTPUT,
    SOURCE,
  ];
  const compiled = spawnSync(compiler, args, { encoding: 'utf8' });
  if (compiled.error) return skip(`${compiler}: ${compiled.error.message}`, compiled.error.code === 'ENOENT');
  if (compiled.status !== 0) return skip(`${compiler}: ${firstError(compiled.stderr, compiled.status)}`, false);
  // Loaded and called once in a process of its own: a library that does not load, or a symbol
  // missing at run time, must never reach the server.
  const tried = spawnSync(
    process.execPath,
    [
      '-e',
      `const a = require(${JSON.stringify(OUTPUT)}); a.trim(); if (typeof a.tune !== 'function' || typeof a.mapped !== 'function') throw new Error('incomplete')`,
    ],
    {
      encoding: 'utf8',
    },
  );
  if (tried.status !== 0) return skip(`it does not load: ${firstError(tried.stderr, tried.status)}`, false);
  record({ built: true });
}

build();

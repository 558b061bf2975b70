#!/usr/bin/env node
/**
 * Builds the server's one native piece, `dist/native/malloc-trim.node` (ADR 0059), from
 * `native/malloc-trim.c` with the machine's C compiler (`$CC`, else `cc`) against Node's own
 * headers. It is optional: where there is no compiler, no headers or no glibc (musl has no
 * `malloc_trim`), this says so in one line and the server runs without it, as it did before.
 * `FILESTORE_NO_NATIVE=1` skips it on purpose.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(SERVER, 'native', 'malloc-trim.c');
const OUTPUT = path.join(SERVER, 'dist', 'native', 'malloc-trim.node');

/** Where Node's headers are: next to the running node (official builds, Debian's), or npm's `nodedir`. */
function headerDirs() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const dirs = [path.join(prefix, 'include', 'node')];
  if (process.env.npm_config_nodedir) dirs.push(path.join(process.env.npm_config_nodedir, 'include', 'node'));
  return dirs.filter((dir) => existsSync(path.join(dir, 'node_api.h')));
}

function skip(reason) {
  rmSync(OUTPUT, { force: true });
  console.log(`native memory trim not built (${reason}); the server runs without it`);
}

function build() {
  if (process.env.FILESTORE_NO_NATIVE === '1') return skip('FILESTORE_NO_NATIVE=1');
  if (process.platform !== 'linux') return skip(`${process.platform} is not Linux`);
  const [include] = headerDirs();
  if (!include) return skip("Node's headers (node_api.h) not found");
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const compiler = process.env.CC || 'cc';
  const result = spawnSync(compiler, ['-O2', '-shared', '-fPIC', '-I', include, '-o', OUTPUT, SOURCE], {
    encoding: 'utf8',
  });
  if (result.error) return skip(`${compiler}: ${result.error.message}`);
  if (result.status !== 0) return skip(`${compiler} failed: ${result.stderr.trim().split('\n')[0] ?? ''}`);
}

build();

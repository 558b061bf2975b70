#!/usr/bin/env node
/**
 * Prints the node flags `npm start` runs the server with, which depend on the database it will use
 * (ADR 0017): the same choice the server makes (`DATABASE_URL`, else the database the setup wizard
 * saved in `DATA_DIR/config.json`, else the embedded one).
 *
 * - Embedded database (PGlite, the default): a 1 MB young generation (`--max-semi-space-size=1`).
 *   The database lives in the server's own memory, and this keeps a 1 GiB upload under 200 MB.
 * - PostgreSQL: V8's own sizing. Without the database in its memory the server stays well under
 *   the target anyway (1 GiB upload peak 158 MB, idle 126 MB), and the tiny young generation cost a
 *   busy server a third of its CPU in garbage collection (a listing took 1.7 ms
 *   of CPU instead of 1.1 ms; bench/README.md, listing throughput).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const EMBEDDED_FLAGS = ['--max-semi-space-size=1'];

/** Whether the server started with `env` will run on PostgreSQL. */
export function usesPostgres(env) {
  if (env.DATABASE_URL) return true;
  try {
    const saved = JSON.parse(readFileSync(path.join(env.DATA_DIR || './data', 'config.json'), 'utf8'));
    return typeof saved?.databaseUrl === 'string' && saved.databaseUrl !== '';
  } catch {
    return false;
  }
}

export function nodeFlags(env) {
  return usesPostgres(env) ? [] : EMBEDDED_FLAGS;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.stdout.write(nodeFlags(process.env).join(' '));
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A fresh embedded database folder, made once by the build (ADR 0063).
 *
 * PGlite makes a missing data folder by running `initdb` inside the calling process, with a second
 * PostgreSQL instance beside the first: a second 128 MB WebAssembly memory (the module's minimum),
 * a copy of it restored before each of initdb's five backend runs, and the new folder kept in memory
 * and copied out as a tarball. That made the server's first start on a fresh data folder peak at
 * ~730–830 MB, against ~250 MB for every later start. The build runs that `initdb` once, in its own
 * process, and keeps the folder as a gzipped tarball (~4.5 MB) in `dist`; a first start hands it
 * to PGlite as `loadDataDir` (PGlite's documented way to start from a saved folder) instead.
 * Every install's `initdb` is the same (PGlite fixes its arguments), so the copy is too. The build
 * makes it again whenever its inputs (the lock file among them, so a PGlite upgrade) change.
 */
export const TEMPLATE_FILE = 'pglite-template.tgz';

/** Where the built server finds the template: `dist/`, beside `main.js`. */
export const DEFAULT_TEMPLATE = new URL(`../../${TEMPLATE_FILE}`, import.meta.url);

/** Runs PGlite's `initdb` in memory and answers the new data folder as a gzipped tarball. */
export async function makeTemplate(): Promise<Buffer> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  try {
    const dump = await pg.dumpDataDir('gzip');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await pg.close();
  }
}

/** The template for a data folder that has no database yet, or undefined (PGlite then runs initdb). */
export function templateFor(dataDir: string, template: URL | string = DEFAULT_TEMPLATE): Blob | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  if (!existsSync(template)) return undefined;
  return new Blob([readFileSync(template)]);
}

/** Writes the template to `file`. */
export async function writeTemplate(file: URL | string): Promise<void> {
  writeFileSync(file, await makeTemplate());
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO } from '../lib/our-server.js';
import { bytesBySource, packageOf } from '../lib/sourcemap.js';
import { absolute, round, type CaseContext, type CaseResult } from '../lib/report.js';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const DIST = path.join(REPO, 'apps/web/dist');
/** The lazy route modules `/platform/files` loads before it can render (src/app/router.tsx, routes/platformRoutes.tsx). */
export const FILES_ROUTE_CHUNKS = ['src/app/layout/shell.ts'];
/** What the reference product sends for the same screen, gzipped (the figure). */
const REFERENCE_KB = 264;
const KB = 1000;

/**
 * Every JS and CSS file the browser needs to render /platform/files for a signed-in user: the
 * entry (index.html's module) with its static imports and CSS, plus the lazy chunks of the route
 * (the shell, which holds the Files page) with theirs, recursively. Dynamic imports of those chunks
 * are left out: they load on demand (dialogs, preview, the upload engine and its panel).
 */
export function filesScreenAssets(): { files: Map<string, number>; lazyLeftOut: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry && c.src === 'index.html');
  if (!entry) throw new Error('no index.html entry in the Vite manifest (is build.manifest on?)');
  const needed = new Set<string>();
  const visit = (key: string) => {
    if (needed.has(key)) return;
    if (!manifest[key]) throw new Error(`the manifest has no ${key}`);
    needed.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const chunk of FILES_ROUTE_CHUNKS) visit(chunk);
  const files = new Map<string, number>();
  const lazyLeftOut = new Set<string>();
  for (const key of needed) {
    const chunk = manifest[key] as ManifestChunk;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (!files.has(file)) files.set(file, gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length);
    }
    for (const lazy of chunk.dynamicImports ?? []) if (!needed.has(lazy)) lazyLeftOut.add(lazy);
  }
  return { files, lazyLeftOut: [...lazyLeftOut].sort() };
}

export async function webWeightCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const { files, lazyLeftOut } = filesScreenAssets();
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  const sum = (ext: string) => [...files].filter(([f]) => f.endsWith(ext)).reduce((a, [, s]) => a + s, 0);
  const top = [...files].sort((a, b) => b[1] - a[1]).slice(0, 10);
  for (const [file, size] of top) context.log(`${(size / KB).toFixed(1).padStart(6)} KB  ${file}`);
  // Which packages the bytes come from: each chunk's gzipped size shared out by its source map.
  const byPackage = new Map<string, number>();
  for (const [file, gz] of files) {
    if (!file.endsWith('.js')) continue;
    const bySource = bytesBySource(path.join(DIST, file));
    const minified = [...bySource.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [source, bytes] of bySource) {
      const pkg = packageOf(source);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + (gz * bytes) / minified);
    }
  }
  const topPackages = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15);
  context.log('by package (gzipped KB, estimated from the source maps):');
  for (const [pkg, size] of topPackages) context.log(`${(size / KB).toFixed(1).padStart(6)} KB  ${pkg}`);
  return {
    rows: [
      absolute(
        'web weight',
        '/platform/files JS+CSS, gzipped',
        'KB',
        total / KB,
        { on: 'ours', kind: 'max', value: 120 },
        { value: REFERENCE_KB, name: 'reference product' },
      ),
    ],
    facts: {
      files: files.size,
      jsKB: round(sum('.js') / KB, 1),
      cssKB: round(sum('.css') / KB, 1),
      top10: top.map(([file, size]) => ({ file, gzipKB: round(size / KB, 1) })),
      topPackages: topPackages.map(([pkg, size]) => ({ package: pkg, gzipKB: round(size / KB, 1) })),
      lazyLeftOut,
      gzip: 'zlib level 9, each file on its own; KB = 1,000 bytes',
    },
    notes: [
      'From apps/web/dist/.vite/manifest.json: the index.html entry and its static imports, plus the route chunk src/app/layout/shell.ts (the shell and the Files page) and its static imports, recursively.',
    ],
  };
}

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';

// `API_URL` lets several dev servers run side by side, each against its own API.
const server = process.env.API_URL ?? 'http://localhost:8080';

/**
 * Libraries every screen needs, in long-lived chunks of their own: they change less often than
 * the app, so browsers keep them cached across releases. Everything else is split by route (see
 * src/app/routes/lazy.ts).
 */
const vendorGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/,
  },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand|use-sync-external-store)[\\/]/,
  },
  /**
   * Small modules several chunks share (icons, the api client, stores, formatting, buttons): left
   * alone, each becomes a chunk of a few hundred bytes, and a first screen asks for 30 of them.
   * On a phone's network every request costs a round trip, so they travel as one chunk. Of the
   * contract only its plain constants (`limits`) belong here: a module of schemas shared by two
   * other screens (billing's `formatMoney`, sign-in's `socialOutcomes`) put itself and all of zod
   * into this chunk, which every screen loads: the Files screen weighed 209 KB instead of 179.
   */
  {
    name: 'common',
    test: /[\\/](node_modules[\\/]lucide-react|packages[\\/]contract[\\/]dist[\\/]limits\.|src[\\/](app[\\/]routing|lib[\\/](?!upload[\\/](?!transport))|ui[\\/](Button|Spinner|Logo|cn|EmptyState|ComingSoon|Avatar|Notice|Field)\.|features[\\/][^\\/]+[\\/][^\\/]+\.api\.ts|features[\\/]files[\\/](format|query-keys|items|current-folder|browser[\\/](store|source))\.|features[\\/]downloads[\\/]|features[\\/]user[\\/]ThemeToggle))/,
    minShareCount: 2,
  },
];

/**
 * The contract's modules only declare schemas and constants: the web imports its types and a few
 * constants, so the zod schemas beside them (and zod itself) must not follow into the bundle.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'filestore:contract-side-effects',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

/**
 * The lazy route modules each screen loads before it can render, by path prefix (see
 * src/app/router.tsx and routes/*.tsx). The server links them, with their static imports, from the
 * page it serves under that prefix (preload.json), so they download beside the entry.
 */
const SCREEN_CHUNKS: Record<string, string[]> = {
  '/platform': ['src/app/layout/shell.ts'],
  '/user': ['src/app/layout/shell.ts', 'src/features/user/pages.ts'],
  '/admin': ['src/app/layout/shell.ts', 'src/features/admin/pages.ts'],
  '/sign-in': ['src/features/auth/pages.ts'],
  '/sign-up': ['src/features/auth/pages.ts'],
  '/share': ['src/features/sharing/pages.ts'],
  '/request': ['src/features/sharing/pages.ts'],
};

/** What the entry (src/boot.ts) imports after the first frame: the app itself. */
const APP_MODULE = 'src/main.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function screenPreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'filestore:screen-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const files = (keys: string[]) => {
        const seen = new Set<string>();
        const visit = (key: string) => {
          if (seen.has(key) || !manifest[key]) return;
          seen.add(key);
          for (const imported of manifest[key].imports ?? []) visit(imported);
        };
        keys.forEach(visit);
        return seen;
      };
      // The entry (src/boot.ts) imports the app (src/main.tsx) once the skeleton has painted; the
      // app's modules are linked from index.html so they download meanwhile.
      const entry = files(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
      if (!manifest[APP_MODULE]) throw new Error(`index.html: no chunk for ${APP_MODULE}`);
      const app = [...files([APP_MODULE])].filter((key) => !entry.has(key));
      const page = path.join(outDir, 'index.html');
      const links = app
        .flatMap((key) => [
          `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${manifest[key]!.file}">`,
          ...(manifest[key]!.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
        ])
        .join('\n    ');
      writeFileSync(
        page,
        readFileSync(page, 'utf8').replace('</head>', () => `    ${links}\n  </head>`),
      );
      app.forEach((key) => entry.add(key));
      // What index.html already loads is left out.
      const preloads: Record<string, string[]> = {};
      for (const [prefix, keys] of Object.entries(SCREEN_CHUNKS)) {
        const missing = keys.filter((key) => !manifest[key]);
        if (missing.length) throw new Error(`preload.json: no chunk for ${missing.join(', ')}`);
        preloads[prefix] = [...files(keys)]
          .filter((key) => !entry.has(key))
          .flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);
      }
      writeFileSync(path.join(outDir, 'preload.json'), JSON.stringify(preloads, null, 1));
    },
  };
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|mjs|wasm)$/;

/**
 * Writes `name.br` and `name.gz` beside every text asset, compressed once at build time at the
 * strongest levels, so the server sends them as they are (see the server's web module).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'filestore:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(assets, name);
        const body = readFileSync(file);
        if (body.length < 512) continue;
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contractWithoutSideEffects(), screenPreloads(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/translations': { target: server, changeOrigin: false },
      '/emoji': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
});

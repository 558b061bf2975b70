import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ConfigModule from '../../../apps/server/src/app/config.js';
import type * as ServerModule from '../../../apps/server/src/app/server.js';
import type { AppContext } from '../../../apps/server/src/app/context.js';
import { ApiClient } from './http.js';
import { freePort, memoryOf, startProcess, waitForHttp, type Proc } from './proc.js';

export const REPO = path.resolve(import.meta.dirname, '../../..');
const DIST = path.join(REPO, 'apps/server/dist');
export const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** The production build of the server, imported from its dist folder (never from the sources). */
async function importDist<T>(relative: string): Promise<T> {
  return (await import(pathToFileURL(path.join(DIST, relative)).href)) as T;
}

function configFor(dataDir: string, config: typeof ConfigModule, databaseUrl?: string) {
  const env = config.parseEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SETUP_ADMIN_EMAIL: ADMIN.email,
    SETUP_ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return config.resolveConfig(env, dataDir, {});
}

export interface TreeRow {
  id: string;
  type: 'folder' | 'file';
  parentId: string | null;
  name: string;
  size?: number;
  mimetype?: string;
  extension?: string | null;
  category?: 'image' | 'video' | 'audio' | 'document' | 'other';
  createdAt?: Date;
}

export interface Fixture {
  ctx: AppContext;
  ownerId: string;
  /** Bulk insert (parents before children), then `recount()` to make counters exact. */
  insertRows(rows: readonly TreeRow[]): Promise<void>;
  /** folder_count/file_count of every folder, the root counts and storage_used, from the rows (ADR 0005). */
  recount(): Promise<void>;
  query<T>(text: string): Promise<T[]>;
}

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Prepares a fresh DATA_DIR with the product's own code before the real server starts on it
 * (PGlite allows one process per data folder): migrations, the unattended admin, then `seed`.
 * With `databaseUrl` the database is that PostgreSQL database instead of the embedded one.
 */
export async function prepareDataDir<T>(
  dataDir: string,
  seed: (fixture: Fixture) => Promise<T>,
  options: { databaseUrl?: string } = {},
): Promise<T> {
  const config = await importDist<typeof ConfigModule>('app/config.js');
  const { createServer } = await importDist<typeof ServerModule>('app/server.js');
  const server = await createServer(configFor(dataDir, config, options.databaseUrl), { startJobs: false });
  try {
    const { ctx } = server;
    const query = async <R>(text: string): Promise<R[]> => {
      const result: unknown = await ctx.db.execute(text);
      if (Array.isArray(result)) return result as R[];
      return (result as { rows: R[] }).rows;
    };
    const [owner] = await query<{ id: string }>(`select id from users where email = ${sqlText(ADMIN.email)}`);
    if (!owner) throw new Error('the unattended setup made no admin');
    const ownerId = owner.id;
    const fixture: Fixture = {
      ctx,
      ownerId,
      query,
      async insertRows(rows) {
        const now = Date.now();
        for (let i = 0; i < rows.length; i += 5000) {
          const batch = rows.slice(i, i + 5000).map((r, j) => ({
            id: r.id,
            type: r.type,
            parent_id: r.parentId,
            name: r.name,
            extension: r.type === 'file' ? (r.extension ?? null) : null,
            mimetype: r.type === 'file' ? (r.mimetype ?? 'application/octet-stream') : null,
            category: r.type === 'file' ? (r.category ?? 'other') : null,
            size: r.type === 'file' ? (r.size ?? 0) : 0,
            created_at: (r.createdAt ?? new Date(now - (rows.length - i - j) * 1000)).toISOString(),
          }));
          await query(`
            insert into items (id, type, owner_id, creator_id, parent_id, name, extension, mimetype, category, size,
                               blob_key, created_at, updated_at)
            select r.id, r.type, ${sqlText(ownerId)}, ${sqlText(ownerId)}, r.parent_id, r.name, r.extension, r.mimetype,
                   r.category, r.size, case when r.type = 'file' then 'files/' || r.id end, r.created_at, r.created_at
            from json_to_recordset(${sqlText(JSON.stringify(batch))}::json) as r(
              id uuid, type text, parent_id uuid, name text, extension text, mimetype text, category text,
              size bigint, created_at timestamptz)`);
        }
      },
      async recount() {
        await query(`
          update items p set folder_count = coalesce(c.folders, 0), file_count = coalesce(c.files, 0)
          from items f left join (
            select parent_id, count(*) filter (where type = 'folder') as folders, count(*) filter (where type = 'file') as files
            from items where deleted_at is null and parent_id is not null group by parent_id
          ) c on c.parent_id = f.id
          where p.id = f.id and p.type = 'folder'`);
        await query(`
          update users u set
            root_folder_count = (select count(*) from items i where i.owner_id = u.id and i.parent_id is null
                                 and i.deleted_at is null and i.type = 'folder'),
            root_file_count = (select count(*) from items i where i.owner_id = u.id and i.parent_id is null
                               and i.deleted_at is null and i.type = 'file'),
            storage_used = (select coalesce(sum(size), 0) from items i where i.owner_id = u.id and i.type = 'file')`);
      },
    };
    return await seed(fixture);
  } finally {
    await server.close();
  }
}

export const newId = () => randomUUID();

export interface OurServer {
  url: string;
  proc: Proc;
  pid: number;
  dataDir: string;
  memory(): { rss: number; peak: number };
  /** A new API client signed in as the admin. */
  signedIn(): Promise<ApiClient>;
  stop(): Promise<void>;
  /** With `probe`: the transactions and statements counted since the last reset. */
  probeStats(): Promise<ProbeStats>;
  probeReset(): Promise<void>;
  /** With `probe`: process.memoryUsage() inside the server. */
  probeMemory(): Promise<NodeJS.MemoryUsage>;
}

export interface ProbeStats {
  transactions: number;
  statements: number;
  byText: { text: string; count: number; ms: number; maxMs: number; params: unknown[] | null; plan?: string }[];
}

/** What the probe saw in each server, collected when the server stops (printed by --diagnose). */
export const probeReports: { label: string; stats: ProbeStats }[] = [];

export interface StartOptions {
  /** Write a V8 CPU profile of the server to this folder (on exit). */
  cpuProfDir?: string;
  /** Load the database statement counter (src/probe/db-probe.mjs) into the server. */
  probe?: boolean;
  /** With `probe`: EXPLAIN the slowest reads once the server stopped. */
  explain?: boolean;
  /** Preload modules (`--import`), e.g. the database statement counter. */
  preload?: string[];
  /** Run on this PostgreSQL database (DATABASE_URL) instead of the embedded default. */
  databaseUrl?: string;
  env?: Record<string, string>;
}

/**
 * How `npm start` runs the server: the environment variables and node flags its last command puts
 * before `apps/server/dist/main.js`, read from the root package.json so the benchmark starts the
 * server exactly as users do (since ADR 0063 that is `CHECK_RESPONSES=0` and no flags). A command
 * substitution the benchmark cannot follow is refused rather than guessed.
 */
export function startCommand(): { env: Record<string, string>; nodeFlags: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = pkg.scripts.start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  const vars: Record<string, string> = {};
  let i = 0;
  for (; i < command.length && /^[A-Z_][A-Z0-9_]*=/.test(command[i] ?? ''); i++) {
    const [name = '', ...value] = (command[i] ?? '').split('=');
    vars[name] = value.join('=');
  }
  if (command[i] !== 'node' || command.at(-1) !== 'apps/server/dist/main.js') {
    throw new Error(`the start script no longer runs node apps/server/dist/main.js: ${pkg.scripts.start}`);
  }
  const nodeFlags = command.slice(i + 1, -1);
  if (nodeFlags.some((flag) => flag.startsWith('$('))) {
    throw new Error(`the start script runs a command the benchmark does not know: ${pkg.scripts.start}`);
  }
  return { env: vars, nodeFlags };
}

/**
 * Starts the server as `npm start` does (see startCommand) on a free loopback port, with the
 * embedded default database or, with `databaseUrl`, on PostgreSQL.
 */
export async function startOurServer(dataDir: string, options: StartOptions = {}): Promise<OurServer> {
  const port = await freePort();
  const start = startCommand();
  const args: string[] = [...start.nodeFlags];
  if (options.cpuProfDir) {
    mkdirSync(options.cpuProfDir, { recursive: true });
    args.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfDir);
  }
  const probePort = options.probe ? await freePort() : 0;
  if (options.probe) args.push('--import', pathToFileURL(path.join(REPO, 'bench/src/probe/db-probe.mjs')).href);
  for (const p of options.preload ?? []) args.push('--import', pathToFileURL(p).href);
  args.push(path.join(DIST, 'main.js'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...start.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SETUP_ADMIN_EMAIL: ADMIN.email,
    SETUP_ADMIN_PASSWORD: ADMIN.password,
    ...(probePort ? { BENCH_PROBE_PORT: String(probePort) } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    // To compare the local driver with and without direct writes (ADR 0055, opt-in since 0063).
    ...(process.env.LOCAL_DIRECT_WRITES ? { LOCAL_DIRECT_WRITES: process.env.LOCAL_DIRECT_WRITES } : {}),
    ...options.env,
  };
  const proc = startProcess('our server', process.execPath, args, { env, cwd: REPO });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/ping`, proc, 120_000);
  const probeStats = async () => {
    if (!probePort) throw new Error('the server runs without the probe');
    const res = await fetch(`http://127.0.0.1:${probePort}/stats`);
    return (await res.json()) as ProbeStats;
  };
  return {
    url,
    proc,
    pid: proc.pid,
    dataDir,
    memory: () => memoryOf(proc.pid),
    async signedIn() {
      const client = new ApiClient(url);
      await client.signIn(ADMIN.email, ADMIN.password);
      return client;
    },
    async stop() {
      const stats = probePort && proc.child.exitCode === null ? await probeStats().catch(() => null) : null;
      await proc.stop();
      if (stats && options.explain) {
        await explainSlowest(dataDir, stats, options.databaseUrl).catch((e: unknown) => {
          stats.byText.unshift({ text: `EXPLAIN failed: ${String(e)}`, count: 0, ms: 0, maxMs: 0, params: null });
        });
      }
      if (stats) probeReports.push({ label: `server on ${dataDir}`, stats });
    },
    probeStats,
    async probeMemory() {
      if (!probePort) throw new Error('the server runs without the probe');
      const res = await fetch(`http://127.0.0.1:${probePort}/memory`);
      return (await res.json()) as NodeJS.MemoryUsage;
    },
    async probeReset() {
      if (!probePort) throw new Error('the server runs without the probe');
      await fetch(`http://127.0.0.1:${probePort}/reset`, { method: 'POST' });
    },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the reads that took the most time, with the parameters of their
 * slowest run, on the data folder the server left (reopened in this process once it stopped).
 */
async function explainSlowest(dataDir: string, stats: ProbeStats, databaseUrl?: string, top = 8): Promise<void> {
  const reads = stats.byText.filter((s) => /^(select|with)\b/i.test(s.text) && s.params !== null).slice(0, top);
  if (reads.length === 0) return;
  await prepareDataDir(
    dataDir,
    async (fx) => {
      const client = (
        fx.ctx.db as unknown as {
          $client: { query(q: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> };
        }
      ).$client;
      for (const s of reads) {
        // Twice: the first run pays for cold caches after reopening, the second is the steady state.
        await client.query(`explain (analyze, buffers) ${s.text}`, s.params ?? []);
        const result = await client.query(`explain (analyze, buffers) ${s.text}`, s.params ?? []);
        s.plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
      }
    },
    { databaseUrl },
  );
}

/** Start options for a case: a CPU profile with --profile, the statement probe with --diagnose. */
export function diagnosisOptions(
  context: { profile: boolean; diagnose: boolean; profileDir(name: string): string },
  name: string,
): StartOptions {
  return {
    ...(context.profile ? { cpuProfDir: context.profileDir(name) } : {}),
    ...(context.diagnose ? { probe: true, explain: true } : {}),
  };
}

/** Where the local storage driver keeps a blob (DATA_DIR/storage/<shard>/<key with ~>). */
export function blobPath(dataDir: string, key: string): string {
  const root = path.join(dataDir, 'storage');
  const name = key.replaceAll('/', '~');
  for (const shard of readdirSync(root)) {
    if (shard.startsWith('.')) continue;
    if (readdirSync(path.join(root, shard)).includes(name)) return path.join(root, shard, name);
  }
  throw new Error(`blob ${key} not found under ${root}`);
}

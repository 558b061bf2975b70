import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { parseEnv, resolveConfig } from '../src/app/config.js';
import { MIGRATIONS_DIR } from '../src/app/context.js';
import { createServer, type Server, type ServerOptions } from '../src/app/server.js';
import { openDatabase, type DatabaseTarget } from '../src/lib/db/database.js';
import { migrate } from '../src/lib/db/migrate.js';
import { categoryFor, extensionOf, insertItem, type ItemRow } from '../src/modules/files/index.js';
import { findUserByEmail } from '../src/modules/users/index.js';

export interface TestServer extends Server {
  dataDir: string;
  /** The database it runs on (a second node may share it, see `startTestServer`). */
  databaseTarget?: DatabaseTarget;
  /** Mails written to the outbox, oldest first, as raw .eml text. */
  outbox(): string[];
  client(ip?: string): TestClient;
}

/**
 * The database this run of the HTTP suites is on: vitest.config.ts runs them once per database
 * (its `pglite` and `postgres` projects set FILESTORE_TEST_DATABASE). Outside those projects,
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
export const testDatabaseKind: 'pglite' | 'postgres' = (() => {
  const chosen = process.env.FILESTORE_TEST_DATABASE;
  if (chosen === 'pglite' || chosen === 'postgres') return chosen;
  if (chosen) throw new Error(`FILESTORE_TEST_DATABASE must be pglite or postgres, not ${chosen}`);
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
})();

/** The PostgreSQL server new test databases are made on, when this run is on PostgreSQL. */
export const testPostgresUrl = testDatabaseKind === 'postgres' ? (process.env.TEST_DATABASE_URL ?? '') : undefined;
if (testPostgresUrl === '') throw new Error('the postgres test project needs TEST_DATABASE_URL');

/**
 * What a migrated test database is made from: the migration files, the code that applies them, and
 * (for the embedded database's dumped data directory) PGlite's version. A change to any of them
 * names a new template, so a stale one is never used.
 */
const migrationsKey = (() => {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  hash.update(readFileSync(new URL('../src/lib/db/migrate.ts', import.meta.url)));
  // The package exports no package.json: found beside its entry (dist/index.cjs).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
})();

/**
 * A migrated PostgreSQL database that each test server's database is cloned from (`create database
 * … template …`, ADR 0065), instead of applying every migration again. Made once per set of
 * migrations on the server, under an advisory lock: the workers of a run, and other runs, share it.
 * The seeds (pages, languages) are not in it: `createServer` writes them as on every start.
 */
let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(base: string): Promise<string> {
  postgresTemplate ??= makePostgresTemplate(base).catch((e: unknown) => {
    postgresTemplate = undefined;
    throw e;
  });
  return postgresTemplate;
}
async function makePostgresTemplate(base: string): Promise<string> {
  const name = `filestore_template_${migrationsKey}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    // Marked a template only once migrated: one left half-made by a stopped run is made again.
    const done = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
    if (done.rowCount === 0) {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const database = await openDatabase({ driver: 'postgres', url: url.toString() });
      try {
        await migrate(database.db, MIGRATIONS_DIR);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${name} is_template true`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

/**
 * The embedded database's migrated data directory, dumped once into the system's temporary folder
 * and loaded by each test server (ADR 0065): a new in-memory PGlite runs initdb and every
 * migration, ~6 s on a busy 2-core machine, where loading the dump takes ~1.3 s. Vitest runs each
 * test file in a process of its own, so the dump is kept on disk, written under a temporary name
 * and renamed, so a process never reads a half-written one.
 */
let pgliteImage: Promise<Blob> | undefined;
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= makePgliteImage().catch((e: unknown) => {
    pgliteImage = undefined;
    throw e;
  });
  return pgliteImage;
}
async function makePgliteImage(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `filestore-test-pglite-${migrationsKey}.tar`);
  if (!existsSync(file)) {
    const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), MIGRATIONS_DIR);
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A fresh PostgreSQL database on the postgres run (each test server gets its own), else an
 * in-memory PGlite. Empty, or with `migrated` already migrated (from the templates above).
 */
export async function freshTestDatabase({ migrated = false } = {}): Promise<{
  target: DatabaseTarget;
  drop: () => Promise<void>;
}> {
  const base = testPostgresUrl;
  // As `npm start` runs it: named statements unless PGLITE_NAMED_STATEMENTS turns them off (ADR 0052).
  const { PGLITE_NAMED_STATEMENTS: namedStatements } = parseEnv({
    PGLITE_NAMED_STATEMENTS: process.env.PGLITE_NAMED_STATEMENTS,
  });
  if (!base) {
    const image = migrated ? await migratedPgliteImage() : undefined;
    return { target: { driver: 'pglite-memory', namedStatements, image }, drop: async () => undefined };
  }
  const template = migrated ? await migratedPostgresTemplate(base) : undefined;
  const name = `filestore_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    target: { driver: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * `sameDatabaseAs`: a second node on the first one's database (PostgreSQL), with a data folder of
 * its own, as another machine would have; the first one drops the database when it closes.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<ServerOptions, 'remoteNetwork' | 'onRoute'> & { sameDatabaseAs?: TestServer } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'filestore-test-'));
  const config = resolveConfig(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), dataDir, {});
  const { sameDatabaseAs, ...serverOptions } = options;
  const shared = sameDatabaseAs?.databaseTarget;
  if (sameDatabaseAs && shared?.driver !== 'postgres') throw new Error('only PostgreSQL is shared by nodes');
  const { target, drop } = shared
    ? { target: shared, drop: async () => undefined }
    : await freshTestDatabase({ migrated: true });
  const server = await createServer(config, {
    database: target,
    logger: pino({ level: 'silent' }),
    startJobs: false,
    ...serverOptions,
  });
  await server.app.ready();
  const mailDir = path.join(dataDir, 'mail');
  return {
    ...server,
    dataDir,
    databaseTarget: target,
    outbox: () => {
      try {
        return readdirSync(mailDir)
          .sort()
          .map((f) => readFileSync(path.join(mailDir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    client: (ip?: string) => new TestClient(server, ip),
    async close() {
      try {
        await server.close();
      } finally {
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Talks to the in-process app like a browser: keeps cookies and echoes XSRF-TOKEN in the header. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly server: Server,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/ping');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await this.server.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.ip,
      payload: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
    });
    // What the route left to do after its answer (a mail) is done before the test reads on.
    await this.server.ctx.settled();
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return {
      status: res.statusCode,
      headers: res.headers as TestResponse['headers'],
      body: res.body,
      json: () => res.json(),
    };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
}

/** Finishes the setup wizard through the API and returns the signed-in admin's client. */
export async function installWithAdmin(server: TestServer, email = 'admin@example.com', password = 'admin-password-1') {
  const admin = server.client();
  const res = await admin.post('/api/setup/admin-setup', {
    name: 'Ada Admin',
    email,
    password,
    password_confirmation: password,
  });
  if (res.status !== 201) throw new Error(`admin setup failed: ${res.status} ${res.body}`);
  return admin;
}

export async function registerUser(
  server: TestServer,
  email = 'user@example.com',
  password = 'user-password-1',
  ip?: string,
) {
  const client = server.client(ip);
  const res = await client.post('/api/register', {
    name: 'Uma User',
    email,
    password,
    password_confirmation: password,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.body}`);
  return client;
}

/** A mail's text with quoted-printable undone (soft line breaks, =XX bytes). */
export const decodedMail = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The first link in a mail body that contains `needle`. */
export function linkIn(eml: string, needle: string): string {
  const unfolded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = unfolded.match(new RegExp(`https?://[^\\s"<>]*${needle}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${needle} in mail:\n${eml}`);
  return match[0];
}

export async function userIdOf(server: TestServer, email: string): Promise<string> {
  const user = await findUserByEmail(server.ctx.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/**
 * Puts bytes in storage and a file row in the tree, without the upload API: for tests of
 * listing, downloads and the like. Counts and used storage move as they do for a real upload.
 */
export async function seedFile(
  server: TestServer,
  ownerId: string,
  file: { name: string; parentId?: string | null; content?: Buffer | string; mimetype?: string },
): Promise<ItemRow> {
  const id = randomUUID();
  const content = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content ?? `content of ${file.name}`);
  const mimetype = file.mimetype ?? 'application/octet-stream';
  const extension = extensionOf(file.name);
  await server.ctx.storage.put(`files/${id}`, content, { contentType: mimetype, size: content.length });
  return insertItem(server.ctx.db, {
    id,
    ownerId,
    creatorId: ownerId,
    parentId: file.parentId ?? null,
    type: 'file',
    name: file.name,
    extension,
    mimetype,
    category: categoryFor(mimetype, extension),
    size: content.length,
    blobKey: `files/${id}`,
  });
}

export async function seedFolder(
  server: TestServer,
  ownerId: string,
  folder: { name: string; parentId?: string | null },
): Promise<ItemRow> {
  return insertItem(server.ctx.db, {
    ownerId,
    creatorId: ownerId,
    parentId: folder.parentId ?? null,
    type: 'folder',
    name: folder.name,
  });
}

export type FormFields = Record<string, string | number | boolean | null | undefined>;

/**
 * Sends multipart/form-data the way a browser's FormData does (text fields first, then the file
 * part), with the client's cookies and XSRF header. Fields that are null or undefined are left out.
 */
export async function postMultipart(
  server: TestServer,
  client: TestClient,
  url: string,
  fields: FormFields,
  file?: { field?: string; filename?: string; content: Buffer; contentType?: string },
): Promise<TestResponse> {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/ping');
  const boundary = `----filestore${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'chunk'}"; filename="${file.filename ?? 'blob'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const xsrf = client.cookies.get('XSRF-TOKEN');
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/json',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
    },
  });
  return {
    status: res.statusCode,
    headers: res.headers as TestResponse['headers'],
    body: res.body,
    json: () => res.json(),
  };
}

export const MiB = 1024 * 1024;

/**
 * Uploads a file through POST /api/upload/chunks as the web client does: in one request when it
 * fits one chunk, else in `chunkSize` chunks of one upload session. Returns the last answer
 * (201 with the file resource on success); throws if a chunk before the last was refused.
 */
export async function uploadFile(
  server: TestServer,
  client: TestClient,
  file: { name: string; content: Buffer | string; parentId?: string | null; path?: string; chunkSize?: number },
): Promise<TestResponse> {
  const content = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content);
  const chunkSize = file.chunkSize ?? 5 * MiB;
  const base = { name: file.name, parent_id: file.parentId, path: file.path };
  if (content.length <= chunkSize) {
    return postMultipart(server, client, '/api/upload/chunks', { ...base, is_last_chunk: 1 }, { content });
  }
  const uploadId = randomUUID();
  for (let offset = 0; ; offset += chunkSize) {
    const chunk = content.subarray(offset, offset + chunkSize);
    const last = offset + chunk.length >= content.length;
    const res = await postMultipart(
      server,
      client,
      '/api/upload/chunks',
      { ...base, upload_id: uploadId, offset, size: content.length, chunk_size: chunkSize, is_last_chunk: last },
      { content: chunk },
    );
    if (last) return res;
    if (res.status !== 200) throw new Error(`chunk at ${offset} refused: ${res.status} ${res.body}`);
  }
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the PostgreSQL cases use: a role that may create databases. */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A new, empty database for one case, dropped by `drop()`; or why PostgreSQL cannot be used (the
 * case then says so and skips), so the benchmark still runs on a machine without it.
 */
export async function freshPostgresDatabase(label: string): Promise<BenchDatabase | { unreachable: string }> {
  const name = `filestore_bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  try {
    await admin((c) => c.query(`create database ${name}`));
  } catch (error) {
    const where = new URL(BENCH_POSTGRES_URL);
    return { unreachable: `PostgreSQL at ${where.host} is not usable: ${(error as Error).message}` };
  }
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { StatusCheck } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { probeStorage } from '../storage/index.js';

const MIN_NODE = '20.19.0';

function atLeast(current: string, minimal: string): boolean {
  const a = current.replace(/^v/, '').split('.').map(Number);
  const b = minimal.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function statusCheck(ctx: AppContext): Promise<StatusCheck> {
  const [dataDir, database, storage] = await Promise.all([
    access(ctx.config.dataDir, constants.W_OK).then(
      () => true,
      () => false,
    ),
    ctx.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => messageOf(e),
    ),
    probeStorage(ctx.config.storage).then(
      () => null,
      (e: unknown) => messageOf(e),
    ),
  ]);
  return {
    node: { current: process.version, minimal: MIN_NODE, ok: atLeast(process.version, MIN_NODE) },
    dataDir: { path: ctx.config.dataDir, writable: dataDir },
    database: { driver: ctx.databaseDriver, reachable: database === null, message: database },
    storage: { driver: ctx.config.storage.driver, writable: storage === null, message: storage },
    mail: { driver: ctx.config.mail.driver, configured: ctx.config.mail.driver === 'smtp' },
  };
}

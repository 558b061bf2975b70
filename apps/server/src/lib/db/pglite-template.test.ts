import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { unpackTemplateInto, writeTemplate } from './pglite-template.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The cluster's identifier: initdb makes a new one each time it runs, a copy keeps its template's. */
async function systemIdentifier(dataDir: string, template: string): Promise<string> {
  const database = await openDatabase({ driver: 'pglite', dir: dataDir, template });
  try {
    const result: unknown = await database.db.execute(
      sql`select system_identifier::text as id from pg_control_system()`,
    );
    return (result as { rows: { id: string }[] }).rows[0]?.id ?? '';
  } finally {
    await database.close();
  }
}

describe('the embedded database template (ADR 0063)', () => {
  it('starts fresh data folders from the build’s copy of initdb, not from initdb of their own', async () => {
    const template = path.join(dir, 'template.tgz');
    await writeTemplate(template);
    const first = await systemIdentifier(path.join(dir, 'one'), template);
    const second = await systemIdentifier(path.join(dir, 'two'), template);
    expect(first).toMatch(/^\d+$/);
    expect(second).toBe(first);
    // A folder that has a database keeps it: opened again, it is not replaced by the template.
    expect(await systemIdentifier(path.join(dir, 'one'), template)).toBe(first);
    // Unpacked straight to disk (ADR 0069), PG_VERSION last: a folder without it is unpacked again.
    const three = path.join(dir, 'three');
    expect(await unpackTemplateInto(three, template)).toBe(true);
    expect(readdirSync(three)).toEqual(expect.arrayContaining(['PG_VERSION', 'base', 'global', 'pg_wal']));
    expect(await unpackTemplateInto(three, template)).toBe(false);
    rmSync(path.join(three, 'PG_VERSION'));
    expect(await unpackTemplateInto(three, template)).toBe(true);
    expect(existsSync(path.join(three, 'PG_VERSION'))).toBe(true);
    expect(await systemIdentifier(three, template)).toBe(first);
    expect(await unpackTemplateInto(path.join(dir, 'four'), path.join(dir, 'missing.tgz'))).toBe(false);
  }, 120_000);
});

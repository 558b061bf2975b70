import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { settings } from './settings.table.js';
import {
  defaultSettings,
  isSettingName,
  settingsRegistry,
  type SettingName,
  type Settings,
} from './settings.registry.js';

/** Reads all settings in one query; a stored value that no longer fits its type falls back to the default. */
export async function readSettings(db: Db): Promise<Settings> {
  const result = defaultSettings() as Record<string, unknown>;
  const rows = await db.select().from(settings);
  for (const row of rows) {
    if (!isSettingName(row.name)) continue;
    const parsed = settingsRegistry[row.name].schema.safeParse(row.value);
    if (parsed.success) result[row.name] = parsed.data;
  }
  return result as Settings;
}

export async function writeSettings(db: Db, values: Partial<Settings>): Promise<void> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  const rows = entries.map(([name, value]) => {
    const parsed = settingsRegistry[name as SettingName].schema.parse(value);
    // Drizzle writes a JavaScript null as SQL NULL, which the column refuses: a cleared setting is JSON null.
    return { name, value: parsed === null ? sql`'null'::jsonb` : parsed };
  });
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.name, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}

/** Inserts a value only if absent and returns the value that won (safe when two nodes race). */
export async function ensureSetting<K extends SettingName>(db: Db, name: K, value: Settings[K]): Promise<Settings[K]> {
  await db.insert(settings).values({ name, value }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(settings)
    .where(sql`${settings.name} = ${name}`);
  return settingsRegistry[name].schema.parse(row?.value) as Settings[K];
}

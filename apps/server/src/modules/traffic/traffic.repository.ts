import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/database.js';
import { traffic } from './traffic.table.js';

export interface TrafficIncrement {
  userId: string;
  day: string;
  uploadBytes: number;
  downloadBytes: number;
}

/**
 * Adds the increments to their rows in one statement, creating the rows of the day. Increments of
 * an account deleted meanwhile are dropped by the join rather than failing the whole batch on the
 * foreign key.
 */
export async function addTraffic(db: Db, increments: readonly TrafficIncrement[]): Promise<void> {
  if (!increments.length) return;
  const values = sql.join(
    increments.map(
      (i) => sql`(${i.userId}::uuid, ${i.day}::date, ${i.uploadBytes}::bigint, ${i.downloadBytes}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into traffic (user_id, day, upload_bytes, download_bytes)
    select v.user_id, v.day, v.upload_bytes, v.download_bytes
    from (values ${values}) as v (user_id, day, upload_bytes, download_bytes)
    join users u on u.id = v.user_id
    on conflict (user_id, day) do update set
      upload_bytes = traffic.upload_bytes + excluded.upload_bytes,
      download_bytes = traffic.download_bytes + excluded.download_bytes`);
}

/** Every user's bytes per day from `since` (a UTC date, inclusive), days without traffic left out. */
export async function trafficPerDay(db: Db, since: string) {
  const rows = await db
    .select({
      day: traffic.day,
      upload: sql<string>`sum(${traffic.uploadBytes})`,
      download: sql<string>`sum(${traffic.downloadBytes})`,
    })
    .from(traffic)
    .where(gte(traffic.day, since))
    .groupBy(traffic.day);
  return rows.map((r) => ({ day: r.day, upload: Number(r.upload), download: Number(r.download) }));
}

/** One user's rows (tests, and the billing to come). */
export async function trafficOf(db: Db, userId: string, day?: string) {
  return db
    .select()
    .from(traffic)
    .where(day ? and(eq(traffic.userId, userId), eq(traffic.day, day)) : eq(traffic.userId, userId));
}

import type { AdminDashboardResponse } from '@filestore/contract';
import { count, desc, gte } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import { earningsPerCurrency } from '../billing/index.js';
import { serverHealth } from '../status/index.js';
import { trafficPerDay, utcDay } from '../traffic/index.js';
import { usageOfAll } from '../usage/index.js';
import { avatarUrls, countUsers, fullName, users } from '../users/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The traffic chart's days, today included (reference §12.1). */
export const TRAFFIC_DAYS = 45;
const NEW_USER_DAYS = 30;
const NEWEST_USERS = 5;

/** The last `days` UTC days, oldest first, each present: a day without traffic is 0. */
async function trafficChart(ctx: AppContext, now: Date, days: number) {
  const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
  const rows = new Map((await trafficPerDay(ctx.db, dates[0] as string)).map((r) => [r.day, r]));
  const series = dates.map((day) => ({
    day,
    upload: rows.get(day)?.upload ?? 0,
    download: rows.get(day)?.download ?? 0,
  }));
  return {
    days: series,
    upload_total: series.reduce((sum, d) => sum + d.upload, 0),
    download_total: series.reduce((sum, d) => sum + d.download, 0),
  };
}

export async function dashboard(ctx: AppContext, now = new Date()): Promise<AdminDashboardResponse> {
  const [counts, [recent], newest, byCategory, traffic, health, earnings] = await Promise.all([
    countUsers(ctx.db),
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(gte(users.createdAt, new Date(now.getTime() - NEW_USER_DAYS * DAY_MS))),
    ctx.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(NEWEST_USERS),
    usageOfAll(ctx.db),
    trafficChart(ctx, now, TRAFFIC_DAYS),
    serverHealth(ctx, now),
    earningsPerCurrency(ctx.db),
  ]);
  return {
    data: {
      users: { ...counts, new_last_30_days: recent?.n ?? 0 },
      storage: { used: byCategory.reduce((sum, c) => sum + c.bytes, 0), by_category: byCategory },
      traffic,
      newest_users: newest.map((u) => ({
        id: u.id,
        name: fullName(u),
        email: u.email,
        avatar: avatarUrls(u),
        color: u.color,
        created_at: u.createdAt.toISOString(),
      })),
      health,
      earnings,
    },
  };
}

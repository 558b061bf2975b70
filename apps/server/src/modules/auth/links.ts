import type { AppContext } from '../../app/context.js';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { ensureSetting, readSettings } from '../settings/index.js';
import { randomToken } from '../../lib/crypto.js';

/** The secret that signs verification links; made once and shared by every node through the database. */
export async function appKey(ctx: AppContext): Promise<string> {
  return ensureSetting(ctx.db, 'app_key', randomToken(48));
}

/** Links in mails use APP_URL, else the origin recorded at installation; never the request's Host header. */
export async function publicUrl(ctx: AppContext): Promise<string> {
  if (ctx.config.appUrl) return ctx.config.appUrl;
  const settings = await readSettings(ctx.db);
  return settings.app_url || `http://localhost:${ctx.config.env.PORT}`;
}

const VERIFY_TTL_MS = 24 * 3_600_000;

export async function verificationLink(ctx: AppContext, user: { id: string; email: string }): Promise<string> {
  const expires = Date.now() + VERIFY_TTL_MS;
  const signature = hmac(await appKey(ctx), `${user.id}.${expires}.${user.email}`);
  return `${await publicUrl(ctx)}/api/user/verify/${user.id}?expires=${expires}&signature=${signature}`;
}

export async function isValidVerification(
  ctx: AppContext,
  user: { id: string; email: string },
  expires: number,
  signature: string,
): Promise<boolean> {
  if (!Number.isFinite(expires) || expires < Date.now()) return false;
  return safeEqual(hmac(await appKey(ctx), `${user.id}.${expires}.${user.email}`), signature);
}

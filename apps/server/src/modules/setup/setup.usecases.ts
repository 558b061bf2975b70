import type { AppSetupRequest } from '@filestore/contract';
import type { z } from 'zod';
import type { appSetupRequest } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { hashPassword } from '../auth/index.js';
import { appUrlSetting, readSettings, writeSettings } from '../settings/index.js';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import { adminExists, insertUser, type UserRow } from '../users/index.js';

const FIRST_ADMIN_LOCK = 724_310_552;

export type AppSetup = z.output<typeof appSetupRequest>;
export type { AppSetupRequest };

export async function saveAppSetup(ctx: AppContext, input: AppSetup): Promise<void> {
  await writeSettings(ctx.db, {
    app_title: input.title,
    app_description: input.description,
    contact_email: input.contactMail,
    registration: input.userRegistration,
    storage_limitation: input.storageLimitation,
    default_max_storage_amount: input.defaultStorage ?? 5,
    subscription_type: input.subscriptionType,
  });
}

/** Creates the first admin and marks the installation done. `origin` becomes the base of mailed links. */
export async function createFirstAdmin(
  ctx: AppContext,
  input: { name: string; email: string; password: string },
  origin: string | undefined,
): Promise<UserRow> {
  const settings = await readSettings(ctx.db);
  const passwordHash = await hashPassword(input.password);
  // Two browsers finishing the wizard at once must not both become the first admin.
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    if (await adminExists(tx)) throw new AppError(410, 'setup.completed', 'The application is already installed.');
    const admin = await insertUser(tx, {
      email: input.email,
      name: input.name,
      passwordHash,
      role: 'admin',
      verified: true,
      themeMode: settings.default_theme_mode,
      emojiType: settings.default_emoji,
    });
    await writeSettings(tx, {
      setup_wizard_success: true,
      // An origin made of a Host header that is no address is not kept: links fall back to localhost.
      ...(origin && !settings.app_url && appUrlSetting.safeParse(origin).success ? { app_url: origin } : {}),
    });
    return admin;
  });
}

/**
 * SETUP_ADMIN_EMAIL and SETUP_ADMIN_PASSWORD finish an unattended install with the defaults. Nodes
 * started together on an empty database all get here: one makes the admin, and for the others the
 * installation being done is what they asked for, not a reason to stop (docs/multi-node.md).
 */
export async function autoSetupFromEnv(ctx: AppContext): Promise<void> {
  const { SETUP_ADMIN_EMAIL: email, SETUP_ADMIN_PASSWORD: password, SETUP_ADMIN_NAME: name } = ctx.config.env;
  if (!email || !password || (await ctx.isInstalled())) return;
  try {
    await createFirstAdmin(ctx, { email, password, name }, ctx.config.appUrl);
  } catch (error) {
    if (error instanceof AppError && error.code === 'setup.completed') {
      ctx.log.info('setup was completed by another node');
      return;
    }
    throw error;
  }
  ctx.log.info({ email }, 'setup completed from SETUP_ADMIN_EMAIL');
}

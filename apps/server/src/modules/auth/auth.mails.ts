import type { AppContext } from '../../app/context.js';
import { mailTranslator } from '../languages/index.js';
import { actionMail } from '../mail/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { publicUrl, verificationLink } from './links.js';

export async function sendPasswordResetMail(ctx: AppContext, user: UserRow, token: string): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  const url = `${await publicUrl(ctx)}/create-new-password?token=${token}&email=${encodeURIComponent(user.email)}`;
  const { t } = await mailTranslator(ctx.db, user);
  await ctx.mailer.send(
    actionMail({
      to: user.email,
      appName: app_title,
      subject: t('mail.reset.subject', { app: app_title }),
      greeting: t('mail.greeting', { name: fullName(user) }),
      lines: [t('mail.reset.line'), t('mail.reset.valid')],
      action: { label: t('mail.reset.action'), url },
      outro: t('mail.reset.outro'),
    }),
  );
}

export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  const { t } = await mailTranslator(ctx.db, user);
  await ctx.mailer.send(
    actionMail({
      to: user.email,
      appName: app_title,
      subject: t('mail.verify.subject', { app: app_title }),
      greeting: t('mail.verify.greeting', { name: fullName(user) }),
      lines: [t('mail.verify.line')],
      action: { label: t('mail.verify.action'), url: await verificationLink(ctx, user) },
      outro: t('mail.verify.outro'),
    }),
  );
}

/**
 * Someone signed up with an email that already has an account: its owner is told (the sign-up
 * answered as for a new account, so the form does not say which emails have one: issue 39), at most
 * once an hour.
 */
export async function sendSignUpTakenMail(ctx: AppContext, user: UserRow): Promise<void> {
  // One such mail an hour per account, whatever the addresses asking: sign-ups cannot flood an inbox.
  if (!(await ctx.rateLimiter.hit(`signup-taken-mail:${user.id}`, 1, 60 * 60_000)).allowed) return;
  const { app_title } = await readSettings(ctx.db);
  const { t } = await mailTranslator(ctx.db, user);
  await ctx.mailer.send(
    actionMail({
      to: user.email,
      appName: app_title,
      subject: t('mail.signup_taken.subject', { app: app_title }),
      greeting: t('mail.greeting', { name: fullName(user) }),
      lines: [t('mail.signup_taken.line', { app: app_title }), t('mail.signup_taken.hint')],
      action: { label: t('mail.signup_taken.action'), url: `${await publicUrl(ctx)}/sign-in` },
      outro: t('mail.signup_taken.outro'),
    }),
  );
}

import type { AppContext } from '../../app/context.js';
import { actionMail } from '../mail/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { publicUrl, verificationLink } from './links.js';

export async function sendPasswordResetMail(ctx: AppContext, user: UserRow, token: string): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  const url = `${await publicUrl(ctx)}/create-new-password?token=${token}&email=${encodeURIComponent(user.email)}`;
  await ctx.mailer.send(
    actionMail({
      to: user.email,
      appName: app_title,
      subject: `Reset your ${app_title} password`,
      greeting: `Hello ${fullName(user)},`,
      lines: ['We received a request to reset the password of your account.', 'The link is valid for 60 minutes.'],
      action: { label: 'Reset password', url },
      outro: 'If you did not ask for this, you can ignore this mail; your password stays as it is.',
    }),
  );
}

export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  await ctx.mailer.send(
    actionMail({
      to: user.email,
      appName: app_title,
      subject: `Verify your email for ${app_title}`,
      greeting: `Welcome, ${fullName(user)}!`,
      lines: ['Please confirm that this is your email address to finish creating your account.'],
      action: { label: 'Verify email', url: await verificationLink(ctx, user) },
      outro: 'If you did not create an account, no further action is required.',
    }),
  );
}

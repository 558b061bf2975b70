import type { AppContext } from '../../app/context.js';
import type { MailMessage } from '../mail/index.js';
import type { UserRow } from '../users/index.js';

/**
 * Mails a notification to its user unless they turned notification mails off in their profile
 * (`mail_notifications`, ADR 0026). Called after the transaction that stored the notification
 * committed: a mail cannot be taken back, so it never goes out for a change that rolled back. A
 * mail server that fails is logged, never the caller's failure (the notification is stored).
 * Returns whether a mail went out.
 */
export async function mailNotification(ctx: AppContext, user: UserRow, mail: MailMessage): Promise<boolean> {
  if (!user.mailNotifications) return false;
  try {
    await ctx.mailer.send(mail);
    return true;
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not mail a notification');
    return false;
  }
}

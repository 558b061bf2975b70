import type { AppContext } from '../../app/context.js';
import { publicUrl } from '../auth/index.js';
import type { ItemRow } from '../files/index.js';
import { mailTranslator } from '../languages/index.js';
import { actionMail, type MailMessage } from '../mail/index.js';
import { mailNotification } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';
import type { TeamInvitationRow } from './team-invitations.table.js';

/** The page a mail's button opens: who invites to what, with accept and decline (or sign-in). */
export const invitationLink = (base: string, id: string) => `${base}/team-folder-invitation/${encodeURIComponent(id)}`;

/** `invitee`: the account with the invited email, or null when there is none yet. */
export interface InvitationMail {
  invitation: TeamInvitationRow;
  invitee: UserRow | null;
}

/**
 * Mails each new invitation after its transaction committed. An account's mail is its
 * `team-invitation` notification's, so it follows their `mail_notifications` (ADR 0026); an email
 * without an account gets the mail only, with "Join & create account". A mail server that fails is
 * logged: the invitation stands, and the owner can see it pending.
 */
export async function sendInvitationMails(
  ctx: AppContext,
  inviter: UserRow,
  folder: Pick<ItemRow, 'name'>,
  mails: readonly InvitationMail[],
): Promise<void> {
  if (!mails.length) return;
  const { app_title } = await readSettings(ctx.db);
  const base = await publicUrl(ctx);
  const name = fullName(inviter);
  for (const { invitation, invitee } of mails) {
    // In the invitee's language; an address without an account reads the app's default.
    const { t } = await mailTranslator(ctx.db, invitee);
    const values = { name, email: inviter.email, folder: folder.name, app: app_title };
    const message: MailMessage = {
      ...actionMail({
        to: invitation.email,
        appName: app_title,
        subject: t('mail.invitation.subject', values),
        greeting: invitee ? t('mail.greeting', { name: fullName(invitee) }) : t('mail.greeting_anonymous'),
        lines: [
          t(invitation.permission === 'can_edit' ? 'mail.invitation.line_edit' : 'mail.invitation.line_view', values),
        ],
        action: {
          label: t(invitee ? 'mail.invitation.join' : 'mail.invitation.join_new'),
          url: invitationLink(base, invitation.id),
        },
        outro: t('mail.unexpected'),
      }),
      replyTo: inviter.email,
    };
    if (invitee) {
      await mailNotification(ctx, invitee, message);
      continue;
    }
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      ctx.log.error({ err: error, invitationId: invitation.id }, 'could not mail a team invitation');
    }
  }
}

import type { AppContext } from '../../app/context.js';
import { publicUrl } from '../auth/index.js';
import { mailTranslator } from '../languages/index.js';
import { actionMail } from '../mail/index.js';
import { mailNotification } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { requestLink } from './file-request.presenter.js';
import type { FileRequestRow } from './file-requests.table.js';

/** Asks someone to upload, in the app's default language: the owner's name, their notes and the link. */
export async function sendRequestMail(ctx: AppContext, owner: UserRow, request: FileRequestRow, to: string) {
  const { app_title } = await readSettings(ctx.db);
  const { t } = await mailTranslator(ctx.db, null);
  const name = owner.firstName ?? fullName(owner);
  const lines = [t('mail.request.line', { name, app: app_title })];
  if (request.notes) lines.push(t('mail.request.notes', { notes: request.notes }));
  await ctx.mailer.send({
    ...actionMail({
      to,
      appName: app_title,
      subject: t('mail.request.subject', { name }),
      greeting: t('mail.greeting_anonymous'),
      lines,
      action: { label: t('mail.request.action'), url: requestLink(await publicUrl(ctx), request.token) },
      outro: t('mail.request.outro'),
    }),
    replyTo: owner.email,
  });
}

/**
 * Tells the owner their request was filled (or went quiet for a day), with how many files arrived:
 * the mail of the `file-request` notification, so it goes only to owners who take notification
 * mails (ADR 0026).
 */
export async function sendFilledMail(
  ctx: AppContext,
  owner: UserRow,
  request: FileRequestRow,
  folderName: string,
  files: number,
) {
  const { app_title } = await readSettings(ctx.db);
  const { t } = await mailTranslator(ctx.db, owner);
  await mailNotification(
    ctx,
    owner,
    actionMail({
      to: owner.email,
      appName: app_title,
      subject: t('mail.filled.subject', { folder: folderName }),
      greeting: t('mail.greeting', { name: fullName(owner) }),
      lines: [t('mail.filled.line', { folder: folderName, count: files })],
      action: {
        label: t('mail.filled.action'),
        url: `${await publicUrl(ctx)}/platform/files/${request.folderId}`,
      },
      outro: t('mail.filled.outro'),
    }),
  );
}

import type { AppContext } from '../../app/context.js';
import { publicUrl } from '../auth/index.js';
import { actionMail } from '../mail/index.js';
import { mailNotification } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { requestLink } from './file-request.presenter.js';
import type { FileRequestRow } from './file-requests.table.js';

/** Asks someone to upload: the owner's name, their notes and the link. */
export async function sendRequestMail(ctx: AppContext, owner: UserRow, request: FileRequestRow, to: string) {
  const { app_title } = await readSettings(ctx.db);
  const name = owner.firstName ?? fullName(owner);
  const lines = [`${name} asks you to upload files on ${app_title}.`];
  if (request.notes) lines.push(`Their message: “${request.notes}”`);
  await ctx.mailer.send({
    ...actionMail({
      to,
      appName: app_title,
      subject: `${name} asks you to upload files`,
      greeting: 'Hello,',
      lines,
      action: { label: 'Upload files', url: requestLink(await publicUrl(ctx), request.token) },
      outro: 'You do not need an account. If you did not expect this, you can ignore this mail.',
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
  const count = files === 1 ? '1 file' : `${files} files`;
  await mailNotification(
    ctx,
    owner,
    actionMail({
      to: owner.email,
      appName: app_title,
      subject: `Your upload request “${folderName}” is complete`,
      greeting: `Hello ${fullName(owner)},`,
      lines: [`Your upload request “${folderName}” is complete: ${count} arrived.`],
      action: { label: 'Open the folder', url: `${await publicUrl(ctx)}/platform/files/${request.folderId}` },
      outro: 'The link no longer takes uploads.',
    }),
  );
}

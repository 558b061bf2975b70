import type { AppContext } from '../../app/context.js';
import { mailTranslator } from '../languages/index.js';
import { actionMail } from '../mail/index.js';
import type { ItemRow } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';

/** Tells each address, in the app's default language, that the sharer shared the item with them, with the link. */
export async function sendShareMails(
  ctx: AppContext,
  sharer: UserRow,
  item: Pick<ItemRow, 'name' | 'type'>,
  link: string,
  emails: readonly string[],
): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  const { t } = await mailTranslator(ctx.db, null);
  const name = fullName(sharer);
  const folder = item.type === 'folder';
  const values = { name, email: sharer.email, item: item.name, app: app_title };
  for (const to of new Set(emails)) {
    await ctx.mailer.send({
      ...actionMail({
        to,
        appName: app_title,
        subject: t('mail.share.subject', values),
        greeting: t('mail.greeting_anonymous'),
        lines: [t(folder ? 'mail.share.line_folder' : 'mail.share.line_file', values)],
        action: { label: t(folder ? 'mail.share.open_folder' : 'mail.share.open_file'), url: link },
        outro: t('mail.unexpected'),
      }),
      replyTo: sharer.email,
    });
  }
}

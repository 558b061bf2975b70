import type { AppContext } from '../../app/context.js';
import { actionMail } from '../mail/index.js';
import type { ItemRow } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';

/** Tells each address that the sharer shared the item with them, with the link. */
export async function sendShareMails(
  ctx: AppContext,
  sharer: UserRow,
  item: Pick<ItemRow, 'name' | 'type'>,
  link: string,
  emails: readonly string[],
): Promise<void> {
  const { app_title } = await readSettings(ctx.db);
  const name = fullName(sharer);
  const what = item.type === 'folder' ? 'folder' : 'file';
  for (const to of new Set(emails)) {
    await ctx.mailer.send({
      ...actionMail({
        to,
        appName: app_title,
        subject: `${name} shared “${item.name}” with you`,
        greeting: 'Hello,',
        lines: [`${name} (${sharer.email}) shared the ${what} “${item.name}” with you on ${app_title}.`],
        action: { label: `Open the ${what}`, url: link },
        outro: 'If you did not expect this, you can ignore this mail.',
      }),
      replyTo: sharer.email,
    });
  }
}

import type { AppContext } from '../../app/context.js';
import { actionMail } from '../mail/index.js';
import type { ItemRow } from '../files/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, type UserRow } from '../users/index.js';
import { tooManyMails } from './sharing.errors.js';

const MAILS_PER_HOUR = 50;
const HOUR = 3_600_000;

/**
 * Counts the mails a user is about to send through share links, at most 50 an hour: the server
 * must not become a way to send mail to anyone. Checked before anything is created or sent.
 */
export async function reserveShareMails(ctx: AppContext, userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const result = await ctx.rateLimiter.hit(`share-mail:${userId}`, MAILS_PER_HOUR, HOUR);
    if (!result.allowed) throw tooManyMails(result.retryAfter);
  }
}

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

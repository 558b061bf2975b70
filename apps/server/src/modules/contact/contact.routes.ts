import { contactRequest } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError, tooManyAttempts } from '../../lib/errors.js';
import { requireHuman } from '../human-check/index.js';
import { readSettings } from '../settings/index.js';
import { contactMail } from './contact.mail.js';

const HOUR = 60 * 60_000;
/** Messages an hour from one network address, and for one sender address (whatever the network). */
export const CONTACT_PER_IP = 5;
export const CONTACT_PER_SENDER = 3;

export const contactUnavailable = () =>
  new AppError(
    503,
    'contact.unavailable',
    'The contact form is not available: the administrator has not set a contact email address.',
  );

/** POST /api/contact (issue 15 point 7): a visitor's message, mailed to the `contact_email` setting. */
export function contactRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    '/api/contact',
    { config: { access: 'public' }, schema: { body: contactRequest } },
    async (request, reply) => {
      const settings = await readSettings(ctx.db);
      const to = settings.contact_email?.trim();
      if (!to) throw contactUnavailable();
      const { name, email, message, reCaptcha } = request.body;
      // Counted before anything is checked or sent, so a burst gets no more than the limit through.
      for (const [key, limit] of [
        [`contact:ip:${request.ip}`, CONTACT_PER_IP],
        [`contact:sender:${email.toLowerCase()}`, CONTACT_PER_SENDER],
      ] as const) {
        const result = await ctx.rateLimiter.hit(key, limit, HOUR);
        if (!result.allowed) throw tooManyAttempts(result.retryAfter);
      }
      await requireHuman(ctx, request, 'contact', reCaptcha, settings);
      await ctx.mailer.send(contactMail({ to, appName: settings.app_title, name, email, message }));
      return reply.code(202).send({ type: 'success' as const, message: 'Your message was sent.' });
    },
  );
}

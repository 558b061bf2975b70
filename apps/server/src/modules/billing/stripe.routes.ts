import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { creditCardResource, messageResponse, type CreditCardResource } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { publicUrl } from '../auth/index.js';
import { requireUser } from '../access/index.js';
import { readSettings } from '../settings/index.js';
import { creditCards, type CreditCardRow } from './billing.table.js';
import { stripeGateway } from './gateways/stripe.js';
import { gatewayError } from './plans.js';

export function presentCreditCard(row: CreditCardRow): CreditCardResource {
  return { id: row.id, brand: row.brand, last4: row.last4, expires_at: row.expiresAt, driver: row.driver };
}

/**
 * The caller's cards at Stripe (reference §15.3): adding one on Stripe's hosted setup page (or a
 * SetupIntent for clients with Stripe.js), listing and removing them. A card is stored when Stripe's
 * `payment_method.attached` webhook arrives. Each call acts on the caller's own cards only.
 */
export function stripeRoutes(app: TypedApp, ctx: AppContext) {
  const gateway = async () => {
    const found = stripeGateway(ctx, await readSettings(ctx.db));
    if (!found) throw new AppError(409, 'billing.gateway_not_configured', 'Payments through stripe are not set up.');
    return found;
  };
  const atStripe = async <T>(call: () => Promise<T>) => {
    try {
      return await call();
    } catch (error) {
      throw gatewayError(error);
    }
  };

  app.post(
    '/api/stripe/cards/setup',
    { config: { access: 'user' }, schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (request) => {
      const user = requireUser(request);
      const stripe = await gateway();
      const returnUrl = `${await publicUrl(ctx)}/user/settings/billing`;
      return atStripe(() => stripe.cardSetup(user, returnUrl));
    },
  );

  app.get(
    '/api/stripe/setup-intent',
    {
      config: { access: 'user' },
      schema: { response: { 201: z.object({ data: z.object({ client_secret: z.string() }) }) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stripe = await gateway();
      const secret = await atStripe(() => stripe.setupIntent(user));
      return reply.code(201).send({ data: { client_secret: secret } });
    },
  );

  app.get(
    '/api/stripe/credit-cards',
    { config: { access: 'user' }, schema: { response: { 200: z.object({ data: z.array(creditCardResource) }) } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await ctx.db
        .select()
        .from(creditCards)
        .where(eq(creditCards.userId, user.id))
        .orderBy(asc(creditCards.createdAt));
      return { data: rows.map(presentCreditCard) };
    },
  );

  app.delete(
    '/api/stripe/credit-cards/:id',
    { config: { access: 'user' }, schema: { params: z.object({ id: z.uuid() }), response: { 200: messageResponse } } },
    async (request) => {
      const user = requireUser(request);
      const [card] = await ctx.db
        .select()
        .from(creditCards)
        .where(and(eq(creditCards.id, request.params.id), eq(creditCards.userId, user.id)))
        .limit(1);
      if (!card) throw new AppError(404, 'not_found', 'No such card.');
      const stripe = await gateway();
      await atStripe(() => stripe.detachCard(card));
      await ctx.db.delete(creditCards).where(eq(creditCards.id, card.id));
      return { type: 'success' as const, message: 'The card was removed.' };
    },
  );
}

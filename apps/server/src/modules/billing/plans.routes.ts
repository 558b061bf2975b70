import { z } from 'zod';
import {
  createPlanRequest,
  messageResponse,
  planResource,
  plansPage,
  plansResponse,
  publicPlansResponse,
  subscriptionsResponse,
  updatePlanRequest,
} from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import {
  createPlan,
  deletePlan,
  findPlan,
  listPlans,
  loadPlans,
  publicPlans,
  synchronizePlans,
  updatePlan,
} from './plans.js';
import { listPlanSubscribers } from './transactions.js';

const idParams = z.object({ plan: z.uuid() });

/** Plans: the public pricing list, and the administrator's calls (reference §1.15, no mass assignment). */
export function plansRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/api/subscriptions/plans',
    { config: { access: 'public' }, schema: { response: { 200: publicPlansResponse } } },
    async () => ({
      data: await publicPlans(ctx.db),
    }),
  );

  app.get(
    '/api/subscriptions/admin/plans',
    { config: { access: 'admin' }, schema: { querystring: plansPage, response: { 200: plansResponse } } },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await listPlans(ctx.db, page, per_page);
      return {
        data: rows,
        meta: {
          paginate: { currentPage: page, perPage: per_page, total, lastPage: Math.max(1, Math.ceil(total / per_page)) },
        },
      };
    },
  );

  app.post(
    '/api/subscriptions/admin/plans',
    {
      config: { access: 'admin' },
      schema: { body: createPlanRequest, response: { 201: z.object({ data: planResource }) } },
    },
    async (request, reply) => {
      return reply.code(201).send({ data: await createPlan(ctx, request.body) });
    },
  );

  // Before `/:plan`, which would take "synchronize" for an id.
  app.post(
    '/api/subscriptions/admin/plans/synchronize',
    { config: { access: 'admin' }, schema: { response: { 200: messageResponse } } },
    async () => {
      const errors = await synchronizePlans(ctx);
      if (errors.length > 0) throw new AppError(502, 'billing.gateway_error', errors.join('; '));
      return { type: 'success' as const, message: 'Every plan is at every configured payment provider.' };
    },
  );

  app.get(
    '/api/subscriptions/admin/plans/:plan',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: z.object({ data: planResource }) } } },
    async (request) => {
      const plan = await findPlan(ctx.db, request.params.plan);
      return { data: (await loadPlans(ctx.db, [plan], true))[0]! };
    },
  );

  app.patch(
    '/api/subscriptions/admin/plans/:plan',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: updatePlanRequest, response: { 200: z.object({ data: planResource }) } },
    },
    async (request) => {
      return { data: await updatePlan(ctx, request.params.plan, request.body) };
    },
  );

  app.delete(
    '/api/subscriptions/admin/plans/:plan',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: z.object({ outcome: z.enum(['deleted', 'archived']) }) } },
    },
    async (request) => {
      return { outcome: await deletePlan(ctx, request.params.plan) };
    },
  );

  app.get(
    '/api/subscriptions/admin/plans/:plan/subscribers',
    {
      config: { access: 'admin' },
      schema: { params: idParams, querystring: plansPage, response: { 200: subscriptionsResponse } },
    },
    async (request) => {
      await findPlan(ctx.db, request.params.plan);
      const { page, per_page } = request.query;
      return listPlanSubscribers(ctx.db, request.params.plan, page, per_page);
    },
  );
}

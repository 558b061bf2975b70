import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CreatePlanRequest, PlanResource, UpdatePlanRequest } from '@filestore/contract';
import { meterStrategies } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { JobDefinition } from '../../lib/jobs.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { readSettings } from '../settings/index.js';
import {
  planGatewayPlans,
  planMeters,
  plans,
  subscriptions,
  type GatewayDriver,
  type MeterTierStored,
  type PlanGatewayPlanRow,
  type PlanMeterRow,
  type PlanRow,
} from './billing.table.js';
import { configuredGateways, gatewayFor } from './gateways/index.js';
import { gatewayAcceptsCurrency } from './gateways/currencies.js';

const E4 = 10_000;

export function presentPlan(
  plan: PlanRow,
  meters: readonly PlanMeterRow[],
  remotes: readonly PlanGatewayPlanRow[],
  subscribers?: number,
): PlanResource {
  return {
    id: plan.id,
    type: plan.type,
    status: plan.status,
    name: plan.name,
    description: plan.description,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval,
    visible: plan.visible,
    features:
      plan.type === 'fixed'
        ? { max_storage_amount: plan.maxStorageAmount ?? 0, max_team_members: plan.maxTeamMembers ?? -1 }
        : null,
    meters:
      plan.type === 'metered'
        ? meters.map((m) => ({
            key: m.key,
            aggregate_strategy: m.aggregateStrategy,
            tiers: m.tiers.map((t) => ({
              // Units start at 1 (a tier stored with 0 before the contract refused it bills from 1).
              first_unit: Math.max(1, t.first_unit),
              last_unit: t.last_unit,
              per_unit: t.per_unit_e4 / E4,
              flat_fee: t.flat_fee,
            })),
          }))
        : null,
    drivers: remotes.map((r) => ({ driver: r.driver, plan_id: r.driverPlanId })),
    ...(subscribers === undefined ? {} : { subscribers }),
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
  };
}

/** Plans with their meters and gateway twins, in one round trip each. */
export async function loadPlans(db: Db, rows: readonly PlanRow[], withSubscribers = false): Promise<PlanResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [meters, remotes, counts] = await Promise.all([
    db.select().from(planMeters).where(inArray(planMeters.planId, ids)).orderBy(asc(planMeters.key)),
    db.select().from(planGatewayPlans).where(inArray(planGatewayPlans.planId, ids)),
    withSubscribers
      ? db
          .select({ planId: subscriptions.planId, n: count() })
          .from(subscriptions)
          .where(and(inArray(subscriptions.planId, ids), inArray(subscriptions.status, ['active', 'cancelled'])))
          .groupBy(subscriptions.planId)
      : Promise.resolve([]),
  ]);
  return rows.map((p) =>
    presentPlan(
      p,
      meters.filter((m) => m.planId === p.id),
      remotes.filter((r) => r.planId === p.id),
      withSubscribers ? (counts.find((c) => c.planId === p.id)?.n ?? 0) : undefined,
    ),
  );
}

export async function findPlan(db: Db, id: string): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  if (!plan) throw new AppError(404, 'not_found', 'No such plan.');
  return plan;
}

/** The pricing table's plans: active and visible, cheapest first (metered ones after). */
export async function publicPlans(db: Db): Promise<PlanResource[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.status, 'active'), eq(plans.visible, true)))
    .orderBy(sql`${plans.amount} asc nulls last`, asc(plans.createdAt));
  return loadPlans(db, rows);
}

export async function listPlans(db: Db, page: number, perPage: number) {
  const [total] = await db.select({ n: count() }).from(plans);
  const rows = await db
    .select()
    .from(plans)
    .orderBy(asc(plans.status), desc(plans.createdAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows: await loadPlans(db, rows, true), total: total?.n ?? 0 };
}

/** Tiers as stored: sorted by their first unit, each starting right after the one before ends. */
function toStoredTiers(
  input: { first_unit: number; last_unit: number | null; per_unit: number; flat_fee: number | null }[],
) {
  const tiers: MeterTierStored[] = [...input]
    .sort((a, b) => a.first_unit - b.first_unit)
    .map((t) => ({
      first_unit: t.first_unit,
      last_unit: t.last_unit,
      per_unit_e4: Math.round(t.per_unit * E4),
      flat_fee: t.flat_fee,
    }));
  tiers.forEach((t, i) => {
    const next = tiers[i + 1];
    if (t.last_unit !== null && t.last_unit < t.first_unit) throw invalidTiers('a tier ends before it starts');
    if (next && (t.last_unit === null || next.first_unit !== t.last_unit + 1)) {
      throw invalidTiers('each tier must start right after the one before it ends');
    }
  });
  return tiers;
}

const invalidTiers = (why: string) =>
  new AppError(422, 'validation.failed', `The tiers are not valid: ${why}.`, undefined, { meters: [why] });

const PROVIDER_NAMES: Record<GatewayDriver, string> = { stripe: 'Stripe', paypal: 'PayPal', paystack: 'Paystack' };

/**
 * 422 `billing.currency_unsupported` when a configured provider does not sell in `currency`: on
 * the form's currency field, with the providers in `details.drivers` for the screen's own words.
 */
export function currencyRefusal(drivers: readonly GatewayDriver[], currency: string): AppError {
  const names = drivers.map((d) => PROVIDER_NAMES[d]).join(', ');
  const message = `${names} cannot sell a plan in ${currency}. Choose a currency every payment provider takes.`;
  return new AppError(422, 'billing.currency_unsupported', message, { drivers, currency }, { currency: [message] });
}

/**
 * Creates a plan. A fixed plan is created first at every configured gateway; if one fails, the
 * twins made so far are retired and nothing is stored (no half-made plan), 502 `billing.gateway_error`.
 * A currency a configured gateway does not take is refused before any is called (422
 * `billing.currency_unsupported`).
 */
export async function createPlan(ctx: AppContext, body: CreatePlanRequest): Promise<PlanResource> {
  if (body.type === 'metered') {
    const keys = body.meters.map((m) => m.key);
    if (new Set(keys).size !== keys.length) throw invalidTiers('a meter is listed twice');
    const meters = body.meters.map((m) => ({
      key: m.key,
      aggregateStrategy: meterStrategies[m.key],
      tiers: toStoredTiers(m.tiers),
    }));
    const plan = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(plans)
        .values({
          type: 'metered',
          name: body.name,
          description: body.description ?? null,
          currency: body.currency,
          interval: 'month',
          visible: body.visible,
        })
        .returning();
      if (!row) throw new Error('the plan was not stored');
      await tx.insert(planMeters).values(meters.map((m) => ({ ...m, planId: row.id })));
      return row;
    });
    return (await loadPlans(ctx.db, [plan]))[0]!;
  }
  const draft: PlanRow = {
    id: crypto.randomUUID(),
    status: 'active',
    type: 'fixed',
    name: body.name,
    description: body.description ?? null,
    amount: body.amount,
    currency: body.currency,
    interval: body.interval,
    visible: body.visible,
    maxStorageAmount: body.features.max_storage_amount,
    maxTeamMembers: body.features.max_team_members,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const settings = await readSettings(ctx.db);
  const gateways = configuredGateways(ctx, settings);
  const refusing = gateways.filter((g) => !gatewayAcceptsCurrency(g.driver, draft.currency)).map((g) => g.driver);
  if (refusing.length > 0) throw currencyRefusal(refusing, draft.currency);
  const made: PlanGatewayPlanRow[] = [];
  try {
    for (const gateway of gateways) {
      const ids = await gateway.createPlan(draft);
      made.push({ planId: draft.id, driver: gateway.driver, ...ids, syncedName: draft.name, createdAt: new Date() });
    }
  } catch (error) {
    await retireRemotes(ctx, made);
    throw gatewayError(error);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(plans).values(draft);
      if (made.length > 0) await tx.insert(planGatewayPlans).values(made);
    });
  } catch (error) {
    await retireRemotes(ctx, made);
    throw error;
  }
  return (await loadPlans(ctx.db, [draft]))[0]!;
}

async function retireRemotes(ctx: AppContext, remotes: readonly PlanGatewayPlanRow[]) {
  const settings = await readSettings(ctx.db);
  for (const remote of remotes) {
    await gatewayFor(ctx, settings, remote.driver)
      ?.retirePlan(remote)
      .catch((e: unknown) => ctx.log.warn({ err: e, driver: remote.driver }, 'could not retire a plan at its gateway'));
  }
}

export function gatewayError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(502, 'billing.gateway_error', `The payment provider refused: ${message}`);
}

/** Changes a plan's text, visibility or (fixed) features; the name and description follow at the gateways. */
export async function updatePlan(ctx: AppContext, id: string, body: UpdatePlanRequest): Promise<PlanResource> {
  const plan = await findPlan(ctx.db, id);
  if (body.features && plan.type !== 'fixed') {
    throw new AppError(422, 'validation.failed', 'Only a fixed plan has features.', undefined, {
      features: ['Only a fixed plan has features.'],
    });
  }
  const [row] = await ctx.db
    .update(plans)
    .set({
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.description === undefined ? {} : { description: body.description ?? null }),
      ...(body.visible === undefined ? {} : { visible: body.visible }),
      ...(body.features?.max_storage_amount === undefined
        ? {}
        : { maxStorageAmount: body.features.max_storage_amount }),
      ...(body.features?.max_team_members === undefined ? {} : { maxTeamMembers: body.features.max_team_members }),
      updatedAt: new Date(),
    })
    .where(eq(plans.id, id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', 'No such plan.');
  if (body.name !== undefined || body.description !== undefined) await syncPlanText(ctx, row);
  return (await loadPlans(ctx.db, [row], true))[0]!;
}

/** Pushes a plan's name and description to its gateways; a failure is left for the sync job. */
export async function syncPlanText(ctx: AppContext, plan: PlanRow): Promise<void> {
  const settings = await readSettings(ctx.db);
  const remotes = await ctx.db.select().from(planGatewayPlans).where(eq(planGatewayPlans.planId, plan.id));
  for (const remote of remotes) {
    const gateway = gatewayFor(ctx, settings, remote.driver);
    if (!gateway || remote.syncedName === plan.name) continue;
    try {
      await gateway.updatePlan(plan, remote);
      await ctx.db
        .update(planGatewayPlans)
        .set({ syncedName: plan.name })
        .where(and(eq(planGatewayPlans.planId, plan.id), eq(planGatewayPlans.driver, remote.driver)));
    } catch (error) {
      ctx.log.warn(
        { err: error, driver: remote.driver },
        'could not rename a plan at its gateway; the sync job retries',
      );
    }
  }
}

/**
 * Deletes a plan, or archives it when anyone ever subscribed to it (their history keeps pointing
 * at it). Either way it stops being sold at its gateways.
 */
export async function deletePlan(ctx: AppContext, id: string): Promise<'deleted' | 'archived'> {
  await findPlan(ctx.db, id);
  const remotes = await ctx.db.select().from(planGatewayPlans).where(eq(planGatewayPlans.planId, id));
  const outcome = await ctx.db.transaction(async (tx) => {
    const [used] = await tx.select({ n: count() }).from(subscriptions).where(eq(subscriptions.planId, id));
    if ((used?.n ?? 0) > 0) {
      await tx.update(plans).set({ status: 'archived', visible: false, updatedAt: new Date() }).where(eq(plans.id, id));
      return 'archived' as const;
    }
    await tx.delete(plans).where(eq(plans.id, id));
    return 'deleted' as const;
  });
  await retireRemotes(ctx, remotes);
  return outcome;
}

/**
 * The sync job's work: every active fixed plan missing at a configured gateway is created there,
 * and renamed ones are renamed. Returns the errors, one line per plan and gateway.
 */
export async function synchronizePlans(ctx: AppContext): Promise<string[]> {
  const settings = await readSettings(ctx.db);
  const gateways = configuredGateways(ctx, settings);
  if (gateways.length === 0) return [];
  const active = await ctx.db
    .select()
    .from(plans)
    .where(and(eq(plans.status, 'active'), eq(plans.type, 'fixed')));
  const errors: string[] = [];
  for (const plan of active) {
    const remotes = await ctx.db.select().from(planGatewayPlans).where(eq(planGatewayPlans.planId, plan.id));
    for (const gateway of gateways) {
      if (remotes.some((r) => r.driver === gateway.driver)) continue;
      if (!gatewayAcceptsCurrency(gateway.driver, plan.currency)) {
        errors.push(
          `${plan.name} at ${gateway.driver}: ${PROVIDER_NAMES[gateway.driver]} does not sell in ${plan.currency}`,
        );
        continue;
      }
      try {
        const ids = await gateway.createPlan(plan);
        await ctx.db
          .insert(planGatewayPlans)
          .values({ planId: plan.id, driver: gateway.driver, ...ids, syncedName: plan.name })
          .onConflictDoNothing();
      } catch (error) {
        errors.push(`${plan.name} at ${gateway.driver}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await syncPlanText(ctx, plan);
  }
  return errors;
}

/**
 * Every five minutes (reference §15.2): fixed plans missing at a gateway configured since are
 * created there, and renamed ones renamed. It does nothing until a gateway lacks a plan or a name
 * is behind. Two nodes finding the same gap at once may each create a product at the gateway; only
 * one is recorded and sold, the other stays unused there (ADR 0045).
 */
export const planSyncJob = (ctx: AppContext): JobDefinition => ({
  name: 'billing.plans-sync',
  intervalMs: 5 * 60 * 1000,
  run: async () => {
    const errors = await synchronizePlans(ctx);
    if (errors.length > 0) ctx.log.warn({ errors }, 'some plans could not be synchronised with their gateways');
    return { more: false };
  },
});

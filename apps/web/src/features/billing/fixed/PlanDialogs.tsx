import type { PlanResource } from '@filestore/contract';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useConfig } from '../../../lib/config';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { usePublicPlans, useSubscriptionActions } from '../billing.api';
import { buyablePlans, providersFor } from '../offers';
import { PlanFeatures, planPrice } from '../parts';

/** Plans of one interval; the switch shows only when both exist. */
function PlanChoice({
  plans,
  chosen,
  onChoose,
  exclude,
}: {
  plans: PlanResource[];
  chosen: string | null;
  onChoose: (id: string) => void;
  exclude?: string;
}) {
  const { t, i18n } = useTranslation();
  const fixed = plans.filter((p) => p.type === 'fixed' && p.id !== exclude);
  const intervals = [...new Set(fixed.map((p) => p.interval))];
  const [interval, setInterval] = useState(intervals.includes('month') ? 'month' : (intervals[0] ?? 'month'));
  const shown = fixed.filter((p) => p.interval === interval);
  if (fixed.length === 0) return <Notice tone="info">{t('billing.select.no_plans')}</Notice>;
  return (
    <div className="space-y-4">
      {intervals.length > 1 && (
        <div
          role="radiogroup"
          aria-label={t('billing.select.interval')}
          className="inline-flex rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800"
        >
          {(['month', 'year'] as const).map((i) => (
            <button
              key={i}
              type="button"
              role="radio"
              aria-checked={interval === i}
              onClick={() => setInterval(i)}
              className={cn(
                'min-h-9 rounded-lg px-4 text-sm font-medium',
                interval === i
                  ? 'bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white'
                  : 'text-neutral-700 dark:text-neutral-300',
              )}
            >
              {t(`billing.select.${i}ly`)}
            </button>
          ))}
        </div>
      )}
      {/* Radio cards straight in their group: a list's items inside a radiogroup lose their list (axe `listitem`). */}
      <div role="radiogroup" aria-label={t('billing.select.plans')} className="space-y-2">
        {shown.map((plan) => (
          <button
            key={plan.id}
            type="button"
            role="radio"
            aria-checked={chosen === plan.id}
            onClick={() => onChoose(plan.id)}
            className={cn(
              'flex w-full items-start gap-3 rounded-xl p-4 text-left ring-1',
              chosen === plan.id
                ? 'bg-accent/5 ring-2 ring-accent-strong dark:ring-accent'
                : 'ring-neutral-200 hover:bg-neutral-50 dark:ring-neutral-700 dark:hover:bg-neutral-800',
            )}
          >
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold text-neutral-900 dark:text-white">{plan.name}</span>
                <span className="text-sm font-semibold text-neutral-900 tabular-nums dark:text-white">
                  {planPrice(t, plan, i18n.language)}
                </span>
              </span>
              {plan.description && (
                <span className="mt-0.5 block text-sm text-neutral-600 dark:text-neutral-400">{plan.description}</span>
              )}
              <PlanFeatures plan={plan} inControl className="mt-2" />
            </span>
            <Check
              className={cn(
                'mt-1 size-4 shrink-0 text-accent-strong dark:text-accent',
                chosen !== plan.id && 'invisible',
              )}
              aria-hidden
            />
          </button>
        ))}
      </div>
    </div>
  );
}

/** Spec §4 select-plan-subscription: choose a plan, then pay with one of the configured providers. */
export function SelectPlanDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const plans = usePublicPlans();
  const { checkout } = useSubscriptionActions();
  const [chosen, setChosen] = useState<string | null>(null);
  // Only what can be bought now: plans a ready provider takes payment for, and those providers.
  const offered = plans.data ? buyablePlans(plans.data, config) : [];
  const plan = offered.find((p) => p.id === chosen);
  const providers = plan ? providersFor(plan, config.payments) : [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.select.title')}
      description={t('billing.select.description')}
      closeLabel={t('common.close')}
      className="max-h-[90vh] overflow-y-auto p-6"
    >
      <div className="mt-5 space-y-5">
        {plans.isPending ? (
          <PageSpinner label={t('common.loading')} />
        ) : plans.isError ? (
          <Notice tone="error">{errorMessage(t, plans.error)}</Notice>
        ) : (
          <PlanChoice plans={offered} chosen={chosen} onChoose={setChosen} />
        )}
        {chosen &&
          plan &&
          (providers.length === 0 ? (
            <Notice tone="info">{t('billing.select.no_providers')}</Notice>
          ) : (
            <section aria-labelledby="pay-with" className="space-y-2">
              <h3 id="pay-with" className="text-sm font-semibold text-neutral-900 dark:text-white">
                {t('billing.select.pay_with')}
              </h3>
              {providers.map((driver) => (
                <div
                  key={driver}
                  className="flex items-center justify-between gap-3 rounded-xl p-3 ring-1 ring-neutral-200 dark:ring-neutral-700"
                >
                  <div>
                    <p className="font-medium text-neutral-900 dark:text-white">{t(`billing.driver.${driver}`)}</p>
                    <p className="text-xs text-neutral-600 dark:text-neutral-400">
                      {config.payments[driver].description ?? t(`billing.select.${driver}_description`)}
                    </p>
                  </div>
                  <Button
                    loading={checkout.isPending && checkout.variables?.driver === driver}
                    onClick={async () => {
                      try {
                        const { url } = await checkout.mutateAsync({ plan_id: plan.id, driver });
                        window.location.assign(url);
                      } catch (error) {
                        toast.error(errorMessage(t, error));
                      }
                    }}
                  >
                    {t('billing.select.pay')}
                  </Button>
                </div>
              ))}
            </section>
          ))}
      </div>
    </Dialog>
  );
}

/** Spec §4 change-plan-subscription: another plan at the same provider; a provider's page when it asks. */
export function ChangePlanDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const plans = usePublicPlans();
  const { swap } = useSubscriptionActions();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.change.title')}
      description={t('billing.change.description')}
      closeLabel={t('common.close')}
      className="max-h-[90vh] overflow-y-auto p-6"
    >
      <div className="mt-5 space-y-5">
        {plans.isPending ? (
          <PageSpinner label={t('common.loading')} />
        ) : plans.isError ? (
          <Notice tone="error">{errorMessage(t, plans.error)}</Notice>
        ) : (
          <PlanChoice plans={buyablePlans(plans.data, config)} chosen={chosen} onChoose={setChosen} exclude={current} />
        )}
        <Button
          disabled={!chosen}
          loading={swap.isPending}
          onClick={async () => {
            if (!chosen) return;
            try {
              const { url } = await swap.mutateAsync(chosen);
              if (url) window.location.assign(url);
              else {
                toast.success(t('billing.change.done'));
                onClose();
              }
            } catch (error) {
              toast.error(errorMessage(t, error));
            }
          }}
        >
          {t('billing.change.submit')}
        </Button>
      </div>
    </Dialog>
  );
}

import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { useConfig } from '../../../lib/config';
import { useDeleteCard, useMyCards, useMySubscription, usePublicPlans, useSubscriptionActions } from '../billing.api';
import { buyablePlans, usableProviders } from '../offers';
import { StatusBadge } from '../parts';
import { ChangePlanDialog, SelectPlanDialog } from './PlanDialogs';

/** The Stripe cards on file: add one (Stripe's setup page) or remove one. Shown only while Stripe is ready. */
function PaymentMethod() {
  const { t } = useTranslation();
  const cards = useMyCards();
  const remove = useDeleteCard();
  const { setupCard } = useSubscriptionActions();
  if (cards.isPending) return null;
  if (cards.isError) return <Notice tone="error">{errorMessage(t, cards.error)}</Notice>;
  return (
    <Card title={t('billing.cards.title')} description={t('billing.cards.description')}>
      <div className="space-y-3">
        {cards.data.length === 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.cards.none')}</p>
        ) : (
          <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
            {cards.data.map((card) => (
              <li key={card.id} className="flex items-center gap-3 py-2">
                <CreditCard className="size-5 text-neutral-500" aria-hidden />
                <span className="flex-1 text-sm text-neutral-900 dark:text-white">
                  {t('billing.cards.card', {
                    brand: card.brand,
                    last4: card.last4,
                    expires: card.expires_at.slice(0, 7),
                  })}
                </span>
                <Button
                  variant="ghost"
                  aria-label={t('billing.cards.remove', { last4: card.last4 })}
                  icon={<Trash2 className="size-4" aria-hidden />}
                  onClick={async () => {
                    try {
                      await remove.mutateAsync(card.id);
                      toast.success(t('billing.cards.removed'));
                    } catch (error) {
                      toast.error(errorMessage(t, error));
                    }
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden />}
          loading={setupCard.isPending}
          onClick={async () => {
            try {
              window.location.assign((await setupCard.mutateAsync()).url);
            } catch (error) {
              toast.error(errorMessage(t, error));
            }
          }}
        >
          {t('billing.cards.add')}
        </Button>
      </div>
    </Card>
  );
}

/** Fixed plans: the plan in force, its status and renewal or end, payment method, change and cancel. */
/**
 * No subscription: the plan picker, offered only when something can be bought here (a ready
 * provider and a plan it sells); otherwise the reason, and no button that leads nowhere.
 */
function ChoosePlan({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const ready = usableProviders(config.payments).length > 0;
  const plans = usePublicPlans(ready);
  if (!ready) return <Notice tone="info">{t('billing.subscription.unavailable')}</Notice>;
  if (plans.isPending) return <PageSpinner label={t('common.loading')} />;
  if (plans.isError) return <Notice tone="error">{errorMessage(t, plans.error)}</Notice>;
  if (buyablePlans(plans.data, config).length === 0) return <Notice tone="info">{t('billing.select.no_plans')}</Notice>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-700 dark:text-neutral-300">{t('billing.subscription.none')}</p>
      <Button onClick={onChoose}>{t('billing.subscription.choose')}</Button>
    </div>
  );
}

export function FixedSubscriptionSection() {
  const { t } = useTranslation();
  const config = useConfig();
  const sub = useMySubscription();
  const { cancel } = useSubscriptionActions();
  const [dialog, setDialog] = useState<'select' | 'change' | 'cancel' | null>(null);
  if (sub.isPending) return <PageSpinner label={t('common.loading')} />;
  if (sub.isError) return <Notice tone="error">{errorMessage(t, sub.error)}</Notice>;
  const current = sub.data;
  return (
    <div className="space-y-6">
      <Card title={t('billing.subscription.title')}>
        {current === null ? (
          <ChoosePlan onChoose={() => setDialog('select')} />
        ) : (
          <div className="space-y-4">
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-neutral-600 dark:text-neutral-400">{t('billing.col.plan')}</dt>
                <dd className="font-semibold text-neutral-900 dark:text-white">{current.name}</dd>
              </div>
              <div>
                <dt className="text-neutral-600 dark:text-neutral-400">{t('billing.col.status')}</dt>
                <dd>
                  <StatusBadge status={current.status} />
                </dd>
              </div>
              <div>
                <dt className="text-neutral-600 dark:text-neutral-400">
                  {t(current.ends_at ? 'billing.subscription.ends_on' : 'billing.subscription.renews_on')}
                </dt>
                <dd className="text-neutral-900 dark:text-white">
                  {current.ends_at
                    ? formatDate(current.ends_at)
                    : current.renews_at
                      ? formatDate(current.renews_at)
                      : '—'}
                </dd>
              </div>
            </dl>
            {current.status === 'active' && (
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setDialog('change')}>{t('billing.subscription.change')}</Button>
                <Button variant="secondary" onClick={() => setDialog('cancel')}>
                  {t('billing.subscription.cancel')}
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
      {usableProviders(config.payments).includes('stripe') && <PaymentMethod />}
      {dialog === 'select' && <SelectPlanDialog onClose={() => setDialog(null)} />}
      {dialog === 'change' && current && <ChangePlanDialog current={current.plan_id} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && current && (
        <ConfirmDialog
          title={t('billing.subscription.cancel_title', { name: current.name })}
          description={t('billing.subscription.cancel_description')}
          confirmLabel={t('billing.subscription.cancel')}
          focusCancel
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await cancel.mutateAsync();
              toast.success(t('billing.subscription.cancelled'));
              setDialog(null);
            } catch (error) {
              toast.error(errorMessage(t, error));
            }
          }}
        />
      )}
    </div>
  );
}

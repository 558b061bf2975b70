import { Gift } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useConfig } from '../../lib/config';
import { EmptyState } from '../../ui/EmptyState';
import { FixedSubscriptionSection } from './fixed/FixedSubscriptionSection';
import { MeteredBillingSection } from './metered/MeteredBillingSection';
import { TransactionsSection } from './TransactionsSection';

/**
 * The user's billing page (/user/settings/billing, issue 17 point 4): nothing to pay on a free
 * server; otherwise the subscription (fixed) or the usage, balance and estimate (metered), then
 * the transactions with their invoices.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const config = useConfig();
  if (config.subscriptionType === 'none') {
    return (
      <EmptyState
        icon={<Gift className="size-8" aria-hidden />}
        title={t('user.billing.none_title')}
        description={t('user.billing.none')}
      />
    );
  }
  return (
    <div className="space-y-6">
      {config.subscriptionType === 'metered' ? <MeteredBillingSection /> : <FixedSubscriptionSection />}
      <TransactionsSection />
    </div>
  );
}

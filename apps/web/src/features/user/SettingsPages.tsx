import { CreditCard, Gift } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useConfig } from '../../lib/config';
import { ComingSoon } from '../../ui/ComingSoon';
import { EmptyState } from '../../ui/EmptyState';

/** Billing: nothing to pay on a free server; plans and invoices are not built yet otherwise. */
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
    <ComingSoon
      icon={<CreditCard className="size-8" aria-hidden />}
      badge={t('soon.badge')}
      title={t('user.billing.soon_title')}
      description={t('user.billing.soon_description')}
      hint={t('user.billing.soon_hint')}
    />
  );
}

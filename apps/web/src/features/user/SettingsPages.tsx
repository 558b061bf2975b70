import { CreditCard } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useConfig } from '../../lib/config';
import { EmptyState } from '../../ui/EmptyState';

export function BillingPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <EmptyState
      icon={<CreditCard className="size-8" aria-hidden />}
      title={t('user.billing.title')}
      description={config.subscriptionType === 'none' ? t('user.billing.none') : t('user.billing.unavailable')}
    />
  );
}

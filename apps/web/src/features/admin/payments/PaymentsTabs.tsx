import { useTranslation } from '../../../lib/i18n';
import { TabStrip } from '../TabStrip';

const TABS = [
  ['/admin/payments/billings', 'admin.titles.billings'],
  ['/admin/payments/payments', 'admin.titles.payments'],
] as const;

/** The two sub-pages of payments (spec §2): the seller's details, and the payment providers. */
export function PaymentsTabs() {
  const { t } = useTranslation();
  return <TabStrip label={t('admin.payments.tabs')} tabs={TABS} />;
}

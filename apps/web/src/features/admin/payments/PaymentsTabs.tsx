import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { AdminPage } from '../AdminPage';
import { TabStrip } from '../TabStrip';

const TABS = [
  ['/admin/payments/billings', 'admin.titles.billings'],
  ['/admin/payments/payments', 'admin.titles.payments'],
] as const;

/**
 * The two sub-pages of payments (spec §2), the seller's details and the payment providers: the
 * admin page layout titled "Payments" with the strip of tabs.
 */
export function PaymentsSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t('admin.nav.payments')}
      description={t('admin.payments.section_description')}
      tabs={<TabStrip label={t('admin.payments.tabs')} tabs={TABS} />}
    >
      {children}
    </AdminPage>
  );
}

import { Plus } from 'lucide-react';
import { Link } from '../../../app/routing';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/forms';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { AdminPage } from '../../admin/AdminPage';
import { useAdminPlans } from '../billing.api';
import { Badge, EmptyPanel, planPrice, primaryLink, StatusBadge, TablePanel, tdClass, thClass } from '../parts';

/** /admin/plans: every plan with its type, status, price or meters, subscribers and visibility. */
export function PlansPage() {
  const { t, i18n } = useTranslation();
  const plans = useAdminPlans();
  return (
    <AdminPage
      title={t('billing.plans.title')}
      description={t('billing.plans.description')}
      actions={
        <>
          <Link to="/admin/plan/create/fixed" className={primaryLink}>
            <Plus className="size-4" aria-hidden />
            {t('billing.plans.create_fixed')}
          </Link>
          <Link to="/admin/plan/create/metered" className={primaryLink}>
            <Plus className="size-4" aria-hidden />
            {t('billing.plans.create_metered')}
          </Link>
        </>
      }
    >
      {plans.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : plans.isError ? (
        <Notice tone="error">{errorMessage(t, plans.error)}</Notice>
      ) : plans.data.length === 0 ? (
        <EmptyPanel>{t('billing.plans.empty')}</EmptyPanel>
      ) : (
        <TablePanel>
          <thead className="border-b border-neutral-200 dark:border-neutral-800">
            <tr>
              <th scope="col" className={thClass}>
                {t('billing.plans.col_name')}
              </th>
              <th scope="col" className={thClass}>
                {t('billing.plans.col_type')}
              </th>
              <th scope="col" className={thClass}>
                {t('billing.plans.col_status')}
              </th>
              <th scope="col" className={thClass}>
                {t('billing.plans.col_price')}
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                {t('billing.plans.col_subscribers')}
              </th>
              <th scope="col" className={thClass}>
                {t('billing.plans.col_visible')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
            {plans.data.map((plan) => (
              <tr key={plan.id}>
                <td className={tdClass}>
                  <Link
                    to={`/admin/plan/${plan.id}/${plan.type}/subscribers`}
                    className="font-medium text-neutral-900 hover:underline dark:text-white"
                  >
                    {plan.name}
                  </Link>
                </td>
                <td className={tdClass}>{t(`billing.type.${plan.type}`)}</td>
                <td className={tdClass}>
                  <StatusBadge status={plan.status} />
                </td>
                <td className={`${tdClass} tabular-nums`}>{planPrice(t, plan, i18n.language)}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{plan.subscribers ?? 0}</td>
                <td className={tdClass}>
                  <Badge tone={plan.visible ? 'green' : 'grey'}>{t(plan.visible ? 'billing.yes' : 'billing.no')}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </TablePanel>
      )}
    </AdminPage>
  );
}

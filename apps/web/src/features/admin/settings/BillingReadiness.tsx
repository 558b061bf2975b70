import type { SubscriptionType } from '@filestore/contract';
import { Link } from '../../../app/routing';
import { useConfig } from '../../../lib/config';
import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../ui/Notice';
import { useAdminPlans } from '../../billing/billing.api';
import { usableProviders } from '../../billing/offers';

type Gap = 'no_provider' | 'no_plans_fixed' | 'no_plans_metered';

/**
 * What billing in `type` lacks to take a payment, from the server's real state: the public
 * configuration (payments and each provider switched on with all its keys) and the plans (an
 * active one of that kind). Empty when nothing is missing or billing is off (issue 41 point 11).
 */
export function useBillingGaps() {
  const config = useConfig();
  const plans = useAdminPlans();
  return (type: SubscriptionType): Gap[] => {
    if (type === 'none') return [];
    const gaps: Gap[] = [];
    if (usableProviders(config.payments).length === 0) gaps.push('no_provider');
    if (plans.data && !plans.data.some((p) => p.status === 'active' && p.type === type)) gaps.push(`no_plans_${type}`);
    return gaps;
  };
}

const linkClass = 'font-semibold underline underline-offset-2 hover:no-underline';

/** The warning: what is missing, each with the screen that sets it up. */
export function BillingGaps({
  type,
  gaps,
  switching = false,
}: {
  type: Exclude<SubscriptionType, 'none'>;
  gaps: Gap[];
  /** In the switch's confirmation: says the switch works but payments will not yet. */
  switching?: boolean;
}) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  return (
    <Notice tone="warning">
      <p className="font-semibold">{t(`admin.billing_ready.title_${type}`)}</p>
      {switching && <p>{t('admin.billing_ready.switch_warning')}</p>}
      <ul className="my-1 list-disc space-y-1 pl-5">
        {gaps.map((gap) => (
          <li key={gap}>
            {t(`admin.billing_ready.${gap}`)}{' '}
            {gap === 'no_provider' ? (
              <Link to="/admin/payments/payments" className={linkClass}>
                {t('admin.billing_ready.payments_link')}
              </Link>
            ) : (
              <Link to={`/admin/plan/create/${type}`} className={linkClass}>
                {t('admin.billing_ready.plans_link')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p>{t('admin.billing_ready.consequence')}</p>
    </Notice>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { NavLink } from '../../../app/routing';
import { cn } from '../../../ui/cn';

const TABS = [
  ['/admin/payments/billings', 'admin.titles.billings'],
  ['/admin/payments/payments', 'admin.titles.payments'],
] as const;

/** The two sub-pages of payments (spec §2): the seller's details, and the payment providers. */
export function PaymentsTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.payments.tabs')} className="-mx-1 mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-neutral-200 px-1 dark:border-neutral-800">
        {TABS.map(([to, key]) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  '-mb-px flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'border-accent-strong text-accent-strong dark:border-accent dark:text-accent'
                    : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
                )
              }
            >
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
